import { isPhone, linkIn, toasts, uniqueEmail, waitForMail } from "./support/accounts";
import { caseAtTheDesk, markDelivered, receiveAndRefund, withdrawFrom } from "./support/after-sale";
import { axeViolations } from "./support/axe";
import { buyAsGuestAndPay, decideCookies, productsToBuy } from "./support/checkout";
import { placePaidOrder } from "./support/orders-api";
import { type Browser, expect, test } from "./support/test";

// After the sale, both sides in one story (issue 27): a guest buys through the demo bank, staff mark
// the parcel delivered, the guest withdraws from the link in the e-mail in two steps (the
// acknowledgement with its date and time lands in the outbox), staff receive the goods on the returns
// desk and refund through the demo bank, and the guest's order page says "Zwrócono pieniądze" with the
// correcting invoice. The guest is on the project's screen (phone or desktop); staff work at a desk.
// On the desktop the whole story goes through the screens. On the phone the guest's screens stay (the
// withdrawal from the e-mail's link, the order page), while the purchase (the checkout specs walk it on
// the phone) and the staff's half (a desk screen, walked on the desktop) go through the API.

test.setTimeout(180_000);

test("a guest withdraws, staff receive the goods and refund, the guest sees the money returned and the correcting invoice", async ({
  page,
  request,
  playwright,
  browser,
  baseURL,
}) => {
  await decideCookies(page.context(), baseURL);
  const { simple } = await productsToBuy(request);
  const email = uniqueEmail("po-sprzedazy");
  const { orderNumber } = isPhone(page)
    ? await placePaidOrder(request, [simple], { email })
    : await buyAsGuestAndPay(page, [simple], { email, city: "Kraków" });
  await markDelivered(playwright, orderNumber);

  // the guest: from the shipment-less "paid" e-mail's link, both steps, the acknowledgement
  const paidMail = await waitForMail(email, "order-paid");
  await page.goto(linkIn(paidMail, "/odstapienie-od-umowy"));
  await expect(page.getByRole("main").getByLabel("Adres e-mail do potwierdzenia")).toHaveValue(email);
  // the form on the project's screen: nothing wider than it (a 360 px phone), no axe violation
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  expect(await axeViolations(page, "main")).toEqual([]);
  await withdrawFrom(page, []);
  await page.getByRole("main").getByRole("button", { name: "Potwierdź odstąpienie od umowy" }).click();
  await expect(page.getByRole("main").getByText(/^Otrzymano: .+ \(czas polski\)\.$/)).toBeVisible({
    timeout: 15_000,
  });
  const ack = await waitForMail(email, "withdrawal-received");
  expect(ack.text).toMatch(/Otrzymano: \d{1,2}\.\d{2}\.\d{4}, \d{2}:\d{2} \(czas polski\)/);

  // staff receive the goods back into stock and refund through the demo bank
  if (isPhone(page)) await receiveAndRefund(playwright, orderNumber);
  else await refundAtTheDesk(browser, baseURL, orderNumber);
  expect((await waitForMail(email, "refund-done")).text).toContain(orderNumber);

  // the guest's order page: the money returned and the correcting invoice
  await page.goto(
    `/zamowienie?orderNumber=${encodeURIComponent(orderNumber)}&email=${encodeURIComponent(email)}`,
  );
  const panel = page.getByRole("region", { name: "Odstąpienia i reklamacje" });
  await expect(panel.getByText(/^Zwrócono pieniądze: /)).toBeVisible();
  await expect(panel.getByTestId("after-sale-state")).toHaveText("Zwrócono pieniądze");
  const correction = panel.getByRole("link", {
    name: /^Faktura korygująca KOR\/\d{4}\/\d{2}\/\d{4} \(PDF\)$/,
  });
  const pdf = await page.request.get((await correction.getAttribute("href")) ?? "");
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
});

/** Staff, at a desk of their own: receive the goods back into stock, refund through the demo bank. */
async function refundAtTheDesk(browser: Browser, baseURL: string | undefined, orderNumber: string) {
  const { desk, staff } = await caseAtTheDesk(browser, baseURL, orderNumber);
  const lines = staff.getByRole("region", { name: "Zwracane produkty" });
  await lines.getByRole("button", { name: "Towar otrzymany" }).click();
  await expect(toasts(staff).getByText("Zapisano")).toBeVisible();
  const refund = staff.getByRole("region", { name: "Zwrot pieniędzy" });
  await expect(refund.getByLabel("Kwota zwrotu (zł)")).not.toHaveValue("");
  await refund.getByRole("button", { name: "Zwróć pieniądze" }).click();
  await expect(refund.getByTestId("refund-status")).toContainText("Zrealizowany", { timeout: 30_000 });
  await desk.close();
}
