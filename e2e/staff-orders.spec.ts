import { demoNotification } from "../server/integrations/payments/demo";
import { storedDemoSecret } from "../server/integrations/payments/demo-secret";
import { isPhone, MODERATOR, signIn, staffApi, toasts, uniqueEmail, waitForMail } from "./support/accounts";
import { decideCookies, orderViewPath, productsToBuy } from "./support/checkout";
import { placeOrder, placePaidOrder } from "./support/orders-api";
import { type APIRequestContext, expect, type Page, type Shop, shopUrl, test } from "./support/test";

// Orders in the staff area (issue 6) as the shop moderator: a guest's paid order is found in the
// list by its number, gets a shipment number (the e-mail and the customer's tracking link follow)
// and is marked delivered through the confirmation dialog; an unpaid order is canceled. Money that
// arrives for a canceled order is owed back: staff see "Do zwrotu", the customer is told (issue 24),
// and staff refund it from the order's page through the demo bank (issue 27). The guests' orders are
// placed (and paid) through the API (e2e/support/orders-api.ts): the purchase is the checkout specs'.

/** A guest's order of one product, placed through the API; paid at the demo bank when asked. */
async function guestOrder(request: APIRequestContext, pay: boolean) {
  const { simple } = await productsToBuy(request);
  const options = { email: uniqueEmail("zamowienie") };
  return pay ? placePaidOrder(request, [simple], options) : placeOrder(request, [simple], options);
}

/** Logs in as the moderator and opens the order found by its number in the staff list. */
async function openInStaffList(page: Page, orderNumber: string) {
  await page.context().clearCookies();
  await decideCookies(page.context(), shopUrl());
  await signIn(page, MODERATOR.email, MODERATOR.password);
  await page.goto("/konto/sklep/zamowienia");
  await page.getByLabel("Szukaj: numer, klient, e-mail, telefon, produkt, przesyłka").fill(orderNumber);
  await page.getByRole("button", { name: "Filtruj" }).click();
  await expect(page).toHaveURL(new RegExp(`szukaj=${orderNumber}`));
  await expect(page.getByText("Wyniki: 1")).toBeVisible();
  await page.getByRole("link", { name: `Zamówienie ${orderNumber}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Zamówienie ${orderNumber}` })).toBeVisible();
}

/**
 * What a bank sends when the shopper completes a payment the shop has closed: the demo bank's
 * signed CONFIRMED notification (its key is stored in the worker's data folder, payments/demo-secret.ts).
 */
async function lateConfirmation(
  request: APIRequestContext,
  shop: Shop,
  payment: { externalId: string; orderNumber: string; amountGrosze: number },
) {
  const signed = demoNotification(storedDemoSecret(shop.dataDir), {
    ...payment,
    status: "CONFIRMED",
    currency: "PLN",
  });
  const response = await request.post("/api/payments/demo/notifications", {
    data: signed.rawBody,
    headers: { "content-type": "application/json", signature: signed.headers.signature ?? "" },
  });
  expect(response.status()).toBe(202);
}

function statusOf(page: Page) {
  return page
    .getByRole("article")
    .locator("dt", { hasText: /^Status$/ })
    .locator("xpath=following-sibling::dd[1]");
}

test.describe("orders in the staff area", () => {
  test.setTimeout(150_000);

  test.beforeEach(async ({ context, baseURL }) => {
    await decideCookies(context, baseURL);
  });

  test("a paid order gets a shipment number and is marked delivered", async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const order = await guestOrder(request, true);
    await openInStaffList(page, order.orderNumber);
    await expect(statusOf(page)).toHaveText("Opłacone");
    // a paid order may still be canceled, with everything refunded, until it ships (issue 27)
    await expect(page.getByRole("button", { name: "Anuluj zamówienie" })).toBeVisible();

    // a number typed before the page has hydrated is kept once it has (the page's scripts held back)
    const early = await page.context().newPage();
    let release = () => {};
    const scriptsHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    await early.route("**/assets/**/*.js", async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await early.goto(page.url(), { waitUntil: "domcontentloaded" });
    await early.getByLabel("Numer przesyłki").fill("620000000000000000000077");
    release();
    await early.waitForFunction(() => "__reactRouterDataRouter" in window, null, { timeout: 15_000 });
    await expect(early.getByRole("button", { name: "Dodaj", exact: true })).toBeEnabled();
    await expect(early.getByLabel("Numer przesyłki")).toHaveValue("620000000000000000000077");
    await early.close();

    const number = `6${Date.now()}`.padEnd(24, "0");
    const field = page.getByLabel("Numer przesyłki");
    const add = page.getByRole("button", { name: "Dodaj", exact: true });
    await expect(add).toBeDisabled();
    await field.fill(number);
    await expect(add).toBeEnabled();
    await add.click();
    await expect(toasts(page).filter({ hasText: "Dodano numer przesyłki" })).toBeVisible();
    await expect(statusOf(page)).toHaveText("Dodano numer przesyłki");
    await expect(field).toHaveValue("");
    // shipped: no cancel any more
    await expect(page.getByRole("button", { name: "Anuluj zamówienie" })).toHaveCount(0);

    await field.fill(number);
    await add.click();
    await expect(page.getByText("Wprowadzony numer przesyłki jest taki sam jak poprzedni")).toBeVisible();

    // the shipment e-mail with the tracking link, and the link on the customer's order view
    const tracking = `https://inpost.pl/sledzenie-przesylek?number=${number}`;
    const mail = await waitForMail(order.email, "order-shipped");
    expect(mail.text).toContain(tracking);
    const customer = await browser.newContext({ baseURL });
    await decideCookies(customer, baseURL);
    const customerPage = await customer.newPage();
    await customerPage.goto(orderViewPath(order));
    await expect(customerPage.getByRole("link", { name: /Śledź przesyłkę/ })).toHaveAttribute(
      "href",
      tracking,
    );
    await customer.close();

    // closing the dialog cancels; confirming marks the order delivered
    await page.getByRole("button", { name: "Oznacz jako dostarczone" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Potwierdzenie" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`oznaczyć zamówienie ${order.orderNumber} jako dostarczone`);
    await expect(dialog.getByRole("button", { name: "Nie" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(statusOf(page)).toHaveText("Dodano numer przesyłki");

    await page.getByRole("button", { name: "Oznacz jako dostarczone" }).click();
    await dialog.getByRole("button", { name: "Tak, potwierdzam" }).click();
    await expect(toasts(page).filter({ hasText: "Zaktualizowano status zamówienia" })).toBeVisible();
    await expect(statusOf(page)).toHaveText("Dostarczone");
    await expect(page.getByRole("button", { name: "Oznacz jako dostarczone" })).toHaveCount(0);
    await expect(page.getByLabel("Numer przesyłki")).toHaveCount(0);
  });

  test("an unpaid order is canceled after the confirmation", async ({ page, request }) => {
    const order = await guestOrder(request, false);
    await openInStaffList(page, order.orderNumber);
    // unpaid: only what the status table allows (the server refuses delivery and a shipment number)
    await expect(page.getByRole("button", { name: "Oznacz jako dostarczone" })).toHaveCount(0);
    await expect(page.getByLabel("Numer przesyłki")).toHaveCount(0);
    await page.getByRole("button", { name: "Anuluj zamówienie" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Potwierdzenie" });
    await expect(dialog).toContainText(`anulować zamówienie ${order.orderNumber}`);
    await dialog.getByRole("button", { name: "Nie" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Anuluj zamówienie" })).toBeVisible();

    await page.getByRole("button", { name: "Anuluj zamówienie" }).click();
    await dialog.getByRole("button", { name: "Tak, potwierdzam" }).click();
    await expect(toasts(page).filter({ hasText: "Zaktualizowano status zamówienia" })).toBeVisible();
    await expect(statusOf(page)).toHaveText("Anulowane");
    await expect(page.getByRole("button", { name: "Anuluj zamówienie" })).toHaveCount(0);
    await expect(page.getByLabel("Numer przesyłki")).toHaveCount(0);

    // the list filtered by status finds it
    await page.goto(`/konto/sklep/zamowienia?status=CANCELED&szukaj=${order.orderNumber}`);
    await expect(page.getByRole("link", { name: `Zamówienie ${order.orderNumber}` })).toBeVisible();
    if (isPhone(page))
      await expect(page.getByRole("navigation", { name: "Menu panelu sklepu" })).toBeVisible();
  });

  test("without JavaScript the cancel is confirmed on a second page step", async ({
    request,
    browser,
    baseURL,
  }) => {
    const order = await guestOrder(request, false);
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    await decideCookies(context, baseURL);
    const staff = await context.newPage();
    await signIn(staff, MODERATOR.email, MODERATOR.password);
    await staff.goto(`/konto/sklep/zamowienia?szukaj=${order.orderNumber}`);
    await staff.getByRole("link", { name: `Zamówienie ${order.orderNumber}` }).click();
    await staff.getByRole("button", { name: "Anuluj zamówienie" }).click();
    const step = staff.getByRole("region", { name: "Potwierdź operację" });
    await expect(step).toContainText(`anulować zamówienie ${order.orderNumber}`);
    await expect(statusOf(staff)).not.toHaveText("Anulowane");
    await step.getByRole("button", { name: "Tak, potwierdzam" }).click();
    await expect(toasts(staff).filter({ hasText: "Zaktualizowano status zamówienia" })).toBeVisible();
    await expect(statusOf(staff)).toHaveText("Anulowane");
    await context.close();
  });
  test("a canceled order's payment is closed; money that still arrives is owed back, shown to staff and the customer, and refunded by staff", async ({
    page,
    request,
    playwright,
    shop,
  }) => {
    const order = await guestOrder(request, false);
    const bankPath = order.paymentUrl;
    const staff = await staffApi(playwright);
    const found = await staff.get(`/api/orders?szukaj=${order.orderNumber}`);
    const [listed] = ((await found.json()) as { items: { _id: number; priceGrosze: number }[] }).items;
    if (!listed) throw new Error("the order is not in the staff list");
    const canceled = await staff.put(`/api/orders/${listed._id}/add-status`, {
      data: { status: "CANCELED" },
    });
    expect(canceled.status()).toBe(200);
    await staff.dispose();

    // the shopper's bank page no longer takes the money
    await page.goto(bankPath);
    await expect(
      page.getByText("Ta płatność została zamknięta, bo zamówienie anulowano. Nie pobraliśmy pieniędzy."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Zapłać", exact: true })).toHaveCount(0);

    // a bank that completes the payment anyway: the money is owed back
    await lateConfirmation(request, shop, {
      externalId: bankPath.replace("/bramka-demo/", ""),
      orderNumber: order.orderNumber,
      amountGrosze: listed.priceGrosze,
    });

    await page.context().clearCookies();
    await decideCookies(page.context(), shopUrl());
    await page.goto(orderViewPath(order));
    await expect(page.getByTestId("refund-owed-notice")).toContainText(
      "Zwrócimy pieniądze na konto, z którego zostały wysłane.",
    );

    await signIn(page, MODERATOR.email, MODERATOR.password);
    await page.goto("/konto/sklep");
    const owed = page.getByRole("region", { name: "Do zwrotu" });
    await expect(owed.getByTestId("refund-owed-count")).not.toHaveText("0");
    await owed.getByRole("link", { name: "Pokaż zamówienia do zwrotu" }).click();
    await expect(page).toHaveURL(/zwrot=1/);
    await expect(page.getByLabel("Tylko do zwrotu")).toBeChecked();
    await page
      .getByLabel("Szukaj: numer, klient, e-mail, telefon, produkt, przesyłka")
      .fill(order.orderNumber);
    await page.getByRole("button", { name: "Filtruj" }).click();
    await expect(page).toHaveURL(new RegExp(`szukaj=${order.orderNumber}`));
    await expect(page.getByText("Wyniki: 1")).toBeVisible();
    const row = page.getByRole("listitem").filter({ hasText: `Zamówienie ${order.orderNumber}` });
    await expect(row.getByText("Do zwrotu", { exact: true })).toBeVisible();
    await expect(row.getByText("Anulowane", { exact: true })).toBeVisible();

    // staff give it back from the order's page, through the demo bank (issue 27)
    await row.getByRole("link", { name: `Zamówienie ${order.orderNumber}` }).click();
    const afterSale = page.getByRole("region", { name: "Zwroty i reklamacje tego zamówienia" });
    await expect(afterSale.getByLabel("Kwota zwrotu (zł)")).toHaveValue(
      (listed.priceGrosze / 100).toFixed(2).replace(".", ","),
    );
    await afterSale.getByRole("button", { name: "Zwróć pieniądze" }).click();
    await expect(toasts(page).getByText("Zlecono zwrot pieniędzy")).toBeVisible();
    await expect(afterSale.getByTestId("refund-status")).toContainText("Zrealizowany", { timeout: 30_000 });
    await expect(afterSale.getByTestId("refund-status")).toContainText("Płatność do zwrotu");
    await expect(afterSale.getByLabel("Kwota zwrotu (zł)")).toHaveCount(0);
  });
});
