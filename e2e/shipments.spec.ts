import { PDFDocument } from "pdf-lib";
import { countMails, MODERATOR, signIn, toasts, uniqueEmail, waitForMail } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { decideCookies, productsToBuy } from "./support/checkout";
import { type ApiOrder, placePaidOrder } from "./support/orders-api";
import { expect, shopUrl, test } from "./support/test";

// Shipments with the demo carrier (issue 29, docs/decisions/069), as the shop moderator: three paid
// guest orders (made through the API) ticked on the orders list, "Utwórz przesyłki", each order's
// tracking number on its page and in its shipment e-mail, one labels PDF of three pages, then
// "Następny status (demo)" and the carrier's Polish title on the customer's order page. A staff
// screen: the phone project leaves it out (playwright.config.ts).

/** the guest's client address (the per-address order limit) */
const GUEST_IP = "198.51.100.29";
const email = uniqueEmail("paczka");
const paid: ApiOrder[] = [];

test.beforeAll(async ({ playwright }) => {
  const guest = await playwright.request.newContext({
    baseURL: shopUrl(),
    extraHTTPHeaders: { "x-forwarded-for": GUEST_IP },
  });
  const { simple } = await productsToBuy(guest);
  for (let i = 0; i < 3; i += 1) paid.push(await placePaidOrder(guest, [simple], { email }));
  await guest.dispose();
});

test("staff ship three paid orders with the demo carrier: labels, tracking numbers, e-mails, statuses", async ({
  page,
  browser,
}) => {
  const mailsBefore = await countMails(email, "order-shipped");
  await decideCookies(page.context(), shopUrl());
  await signIn(page, MODERATOR.email, MODERATOR.password);
  await page.goto(`/konto/sklep/zamowienia?szukaj=${encodeURIComponent(email)}`);
  for (const order of paid) {
    await page.getByRole("checkbox", { name: `Zaznacz zamówienie ${order.orderNumber}` }).check();
  }
  await page.getByRole("button", { name: "Utwórz przesyłki" }).click();
  await expect(toasts(page).filter({ hasText: "Zlecone przesyłki: 3, pominięte: 0" })).toBeVisible();

  // each order's page shows its tracking number once the carrier has it (the page follows it)
  const numbers: string[] = [];
  for (const order of paid) {
    await page.goto(`/konto/sklep/zamowienia/${order._id}`);
    const tracking = page.getByTestId("shipment-tracking");
    await expect(tracking).toHaveText(/^\d{24}$/, { timeout: 15_000 });
    numbers.push((await tracking.textContent()) ?? "");
  }
  // one shipment e-mail per order, with its tracking link
  const newest = await waitForMail(email, "order-shipped", mailsBefore + 2);
  expect((await countMails(email, "order-shipped")) - mailsBefore).toBe(3);
  expect(numbers.some((number) => newest.text.includes(`sledzenie-przesylek?number=${number}`))).toBe(true);

  // one PDF of the three labels (what "Pobierz etykiety" opens)
  const ids = paid.map((order) => `id=${order._id}`).join("&");
  const labels = await page.request.get(`/api/shipments/labels?${ids}&format=A6`);
  expect(labels.status()).toBe(200);
  expect(labels.headers()["content-type"]).toBe("application/pdf");
  expect((await PDFDocument.load(await labels.body())).getPageCount()).toBe(3);

  // the demo carrier moves on when staff press its button; the customer sees the Polish title
  const [first] = paid;
  if (!first) throw new Error("no order");
  await page.goto(`/konto/sklep/zamowienia/${first._id}`);
  await page.getByRole("button", { name: "Następny status (demo)" }).click();
  await expect(toasts(page).filter({ hasText: "Status przesyłki zmieniony" })).toBeVisible();
  await expect(page.getByTestId("shipment-status")).toHaveText("Paczka nadana w automacie Paczkomat");
  expect(await axeViolations(page)).toEqual([]);
  const customer = await browser.newContext({ baseURL: shopUrl() });
  const guestPage = await customer.newPage();
  await guestPage.goto(
    `/zamowienie?orderNumber=${encodeURIComponent(first.orderNumber)}&email=${encodeURIComponent(email)}`,
  );
  await expect(guestPage.getByText("Paczka nadana w automacie Paczkomat").first()).toBeVisible();
  await customer.close();
});
