import { MODERATOR, signIn, toasts, uniqueEmail, waitForMail } from "./support/accounts";
import { markDelivered } from "./support/after-sale";
import { axeViolations } from "./support/axe";
import { decideCookies, productsToBuy } from "./support/checkout";
import { type ApiOrder, placePaidOrder, withdrawThroughApi } from "./support/orders-api";
import { expect, type Page, shopUrl, test } from "./support/test";

// The returns desk (issue 27) as the shop moderator: a guest's paid, delivered order with a
// withdrawal statement (made through the API before the tests: e2e/support/orders-api.ts) is on
// /konto/sklep/zwroty with its deadline counted; staff open it, receive the goods back into
// stock, refund through the demo bank, and see "Zwrócono pieniądze" with the correcting invoice; the
// customer gets both refund e-mails. A staff screen: the phone project leaves it out
// (playwright.config.ts), the shopper's side of the journey runs on both. The file shares its worker's
// shop with the other specs (other cases may be on the desk): it finds its own case by its order.

/** the guest's client address (the statement records it) */
const GUEST_IP = "198.51.100.27";

let withdrawal: (ApiOrder & { caseId: number }) | null = null;

test.beforeAll(async ({ playwright }) => {
  const guest = await playwright.request.newContext({
    baseURL: shopUrl(),
    extraHTTPHeaders: { "x-forwarded-for": GUEST_IP },
  });
  const { simple } = await productsToBuy(guest);
  const order = await placePaidOrder(guest, [simple], { email: uniqueEmail("zwrot"), units: 2 });
  await markDelivered(playwright, order.orderNumber);
  withdrawal = { ...order, caseId: await withdrawThroughApi(guest, order) };
  await guest.dispose();
});

function theCase(): ApiOrder & { caseId: number } {
  if (!withdrawal) throw new Error("the withdrawal was not made");
  return withdrawal;
}

async function openDesk(page: Page) {
  await decideCookies(page.context(), shopUrl());
  await signIn(page, MODERATOR.email, MODERATOR.password);
  await page.goto("/konto/sklep/zwroty");
  await expect(page.getByRole("heading", { level: 1, name: "Zwroty i reklamacje" })).toBeVisible();
}

test.describe("the returns desk", () => {
  test("lists the withdrawal with its order, customer, state and the days left", async ({ page }) => {
    const { orderNumber, email } = theCase();
    await openDesk(page);
    const row = page.getByRole("listitem").filter({ hasText: orderNumber });
    await expect(row.getByRole("link", { name: `Otwórz zgłoszenie ${orderNumber}` })).toBeVisible();
    await expect(row.getByText("Odstąpienie od umowy")).toBeVisible();
    await expect(row.getByText(email)).toBeVisible();
    await expect(row.getByText("Zgłoszony")).toBeVisible();
    await expect(row.getByText(/zostało 1[34] dni/)).toBeVisible();
    // the filters keep it under "Zgłoszone" and not under "Zwrócono pieniądze"
    const filters = page.getByRole("navigation", { name: "Filtruj według stanu" });
    await filters.getByRole("link", { name: "Zwrócono pieniądze" }).click();
    await expect(page).toHaveURL(/filtr=refunded/);
    await expect(page.getByRole("heading", { level: 1, name: "Zwroty i reklamacje" })).toBeVisible();
    await expect(page.getByRole("link", { name: `Otwórz zgłoszenie ${orderNumber}` })).toHaveCount(0);
    await filters.getByRole("link", { name: "Zgłoszone" }).click();
    await expect(page.getByRole("link", { name: `Otwórz zgłoszenie ${orderNumber}` })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // the dashboard counts it
    await page.goto("/konto/sklep");
    await expect(page.getByTestId("returns-count")).not.toHaveText("0");
  });

  test("receives the goods, refunds through the demo bank and shows the correcting invoice", async ({
    page,
  }) => {
    const { orderNumber, email, caseId } = theCase();
    await openDesk(page);
    await page.getByRole("link", { name: `Otwórz zgłoszenie ${orderNumber}` }).click();
    await expect(page).toHaveURL(new RegExp(`/konto/sklep/zwroty/${caseId}$`));
    await expect(
      page.getByRole("heading", { level: 1, name: `Odstąpienie od umowy: zamówienie ${orderNumber}` }),
    ).toBeVisible();
    const statement = page.getByRole("region", { name: "Oświadczenie klienta" });
    await expect(statement.getByText(/odstąpieniu od umowy sprzedaży/)).toBeVisible();
    await expect(statement.getByText(`z adresu ${GUEST_IP}`)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // the goods arrive: both units, back into stock
    const lines = page.getByRole("region", { name: "Zwracane produkty" });
    await expect(lines.getByLabel(/Otrzymano teraz/)).toHaveValue("2");
    await expect(lines.getByLabel(/Przywróć na stan/)).toBeChecked();
    await lines.getByRole("button", { name: "Towar otrzymany" }).click();
    await expect(toasts(page).getByText("Zapisano")).toBeVisible();
    await expect(page.getByText("Towar otrzymany", { exact: true }).first()).toBeVisible();
    await expect(lines.getByText("Wszystkie zgłoszone sztuki zostały już otrzymane.")).toBeVisible();

    // the refund: the proposed amount (the goods and the delivery) through the demo bank
    const refund = page.getByRole("region", { name: "Zwrot pieniędzy" });
    const amount = refund.getByLabel("Kwota zwrotu (zł)");
    await expect(amount).not.toHaveValue("");
    await refund.getByRole("button", { name: "Zwróć pieniądze" }).click();
    await expect(toasts(page).getByText("Zlecono zwrot pieniędzy")).toBeVisible();
    // the page reloads itself until the bank has finished
    await expect(refund.getByTestId("refund-status")).toContainText("Zrealizowany", { timeout: 30_000 });
    await expect(page.getByText("Zwrócono pieniądze").first()).toBeVisible();
    const correction = refund.getByRole("link", { name: /^Faktura korygująca KOR\/\d{4}\/\d{2}\/\d{4}$/ });
    await expect(correction).toBeVisible();
    const pdf = await page.request.get((await correction.getAttribute("href")) ?? "");
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");

    // the customer is told twice, and the case can be closed
    expect((await waitForMail(email, "refund-started")).text).toContain(orderNumber);
    expect((await waitForMail(email, "refund-done")).text).toContain("/api/after-sale/corrections/");
    await page.getByRole("button", { name: "Zakończ zgłoszenie" }).click();
    await expect(page.getByText("Zakończony", { exact: true }).first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
