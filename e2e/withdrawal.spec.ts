import { CUSTOMER, linkIn, signIn, uniqueEmail, waitForMail } from "./support/accounts";
import { literally, markDelivered, withdrawFrom } from "./support/after-sale";
import { axeViolations } from "./support/axe";
import { decideCookies, GUEST_ADDRESS, productsToBuy } from "./support/checkout";
import { placePaidOrder } from "./support/orders-api";
import { expect, test } from "./support/test";

// The withdrawal function (issue 27): a guest has bought two products through the demo bank (the
// order is placed and paid through the API: the purchase is the checkout specs'), staff mark the
// order delivered, the guest opens "Odstąp od umowy tutaj" from the order e-mail, withdraws from one of
// them in two steps and gets the acknowledgement with the date and time — on the page and in an e-mail
// with the full statement; the order page then shows the case. A signed-in customer withdraws from
// /konto/zakupy/{id}. The footer's "Odstąpienie od umowy" finds an order by number and e-mail.

test.beforeEach(async ({ context, baseURL }) => {
  await decideCookies(context, baseURL);
});

test.setTimeout(150_000);

const RECEIVED_AT = /^Otrzymano: \d{1,2}\.\d{2}\.\d{4}, \d{2}:\d{2} \(czas polski\)\.$/;

test("a guest withdraws part of a delivered order from the e-mail's link, in two steps", async ({
  page,
  request,
  playwright,
}) => {
  const { simple, variant } = await productsToBuy(request);
  const email = uniqueEmail("odstapienie");
  const { orderNumber } = await placePaidOrder(request, [simple, variant], { email });
  await markDelivered(playwright, orderNumber);

  // "Odstąp od umowy tutaj" in the payment confirmation e-mail
  const paidMail = await waitForMail(email, "order-paid");
  expect(paidMail.text).toContain("Odstąp od umowy tutaj");
  await page.goto(linkIn(paidMail, "/odstapienie-od-umowy"));
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Odstąpienie od umowy" })).toBeVisible();
  // prefilled from the order: the name, the e-mail, every unit; the order is shown, not editable
  await expect(main.getByLabel("Imię i nazwisko")).toHaveValue(GUEST_ADDRESS.name);
  await expect(main.getByLabel("Adres e-mail do potwierdzenia")).toHaveValue(email);
  await expect(main.getByLabel("Zamówienie")).toHaveValue(new RegExp(orderNumber));
  await expect(main.getByText(/^Możesz odstąpić od umowy do \d{1,2}\.\d{2}\.\d{4}\.$/)).toBeVisible();
  await expect(main.getByLabel(/^Powód odstąpienia\s*\(opcjonalnie\)$/)).toBeVisible();
  expect(await axeViolations(page, "main")).toEqual([]);
  // nothing wider than the screen (a 360 px phone)
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  await main.getByLabel(/^Powód odstąpienia\s*\(opcjonalnie\)$/).fill("Kolor inny niż na zdjęciu");
  await withdrawFrom(page, [variant.title]);
  // the summary lists only the product withdrawn from; "back" keeps what was typed
  await expect(main.getByText(`${simple.title}: 1 szt.`)).toBeVisible();
  await expect(main.getByText(variant.title)).toHaveCount(0);
  expect(await axeViolations(page, "main")).toEqual([]);
  await main.getByRole("button", { name: "Wróć i popraw" }).click();
  await expect(main.getByLabel(/^Powód odstąpienia\s*\(opcjonalnie\)$/)).toHaveValue(
    "Kolor inny niż na zdjęciu",
  );
  await expect(main.getByRole("spinbutton", { name: literally(variant.title) })).toHaveValue("0");
  await main.getByRole("button", { name: "Dalej" }).click();

  // the separate confirmation, reached by keyboard
  const confirm = main.getByRole("button", { name: "Potwierdź odstąpienie od umowy" });
  await confirm.focus();
  await expect(confirm).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(main.getByRole("heading", { name: "Otrzymaliśmy Twoje oświadczenie" })).toBeVisible({
    timeout: 15_000,
  });
  await expect(main.getByText(RECEIVED_AT)).toBeVisible();
  await expect(main.getByRole("link", { name: "Pobierz oświadczenie (PDF)" })).toHaveAttribute(
    "href",
    /\/api\/after-sale\/withdrawals\/\d+\/statement\.pdf\?/,
  );
  await expect(main.getByText("Odeślij produkty w ciągu 14 dni na adres:").first()).toBeVisible();
  expect(await axeViolations(page, "main")).toEqual([]);

  // the acknowledgement on a durable medium: the full statement and the time it was received
  const ack = await waitForMail(email, "withdrawal-received");
  expect(ack.text).toContain(`Potwierdzenie odstąpienia od umowy – zamówienie ${orderNumber}`);
  expect(ack.text).toContain(
    "Ja/My(*) niniejszym informuję/informujemy(*) o moim/naszym odstąpieniu od umowy",
  );
  expect(ack.text).toContain(`- ${simple.title}: 1 szt.`);
  expect(ack.text).toContain("Powód odstąpienia (nieobowiązkowy): Kolor inny niż na zdjęciu");
  expect(ack.text).toMatch(/Otrzymano: \d{1,2}\.\d{2}\.\d{4}, \d{2}:\d{2} \(czas polski\)/);

  // the PDF is served to the link's holder
  const pdfHref =
    (await main.getByRole("link", { name: "Pobierz oświadczenie (PDF)" }).getAttribute("href")) ?? "";
  const pdf = await request.get(pdfHref);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");

  // the order page: the case with its state, and the button again for the product left
  await main.getByRole("link", { name: "Wróć do zamówienia" }).last().click();
  const panel = page.getByRole("region", { name: "Odstąpienia i reklamacje" });
  await expect(panel.getByTestId("after-sale-state")).toHaveText("Zgłoszony");
  await expect(panel.getByRole("link", { name: "Odstąp od umowy tutaj" })).toBeVisible();
  expect(await axeViolations(page, "main")).toEqual([]);
});

test("a signed-in customer withdraws from the purchase page; the footer's page finds a guest's order", async ({
  page,
  request,
  playwright,
}) => {
  const { simple } = await productsToBuy(request);
  await signIn(page, CUSTOMER.email, CUSTOMER.password);
  // the signed-in page's own request context: the order is the customer's
  const { orderNumber } = await placePaidOrder(page.request, [simple], { email: CUSTOMER.email });
  const orderId = await markDelivered(playwright, orderNumber);

  await page.goto(`/konto/zakupy/${orderId}`);
  const withdraw = page.getByRole("link", { name: "Odstąp od umowy tutaj" });
  await expect(withdraw).toBeVisible();
  // reachable by keyboard
  await withdraw.focus();
  await expect(withdraw).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/odstapienie-od-umowy\\?zamowienie=${orderId}$`));
  const main = page.getByRole("main");
  // a refused step one says why and keeps what was typed
  await main.getByLabel("Imię i nazwisko").fill("");
  await main.getByLabel(/^Powód odstąpienia/).fill("Prezent się nie spodobał");
  await main.getByRole("spinbutton", { name: literally(simple.title) }).fill("0");
  await main.getByRole("button", { name: "Dalej" }).click();
  await expect(main.getByText("Wybierz co najmniej jeden produkt")).toBeVisible();
  await expect(main.getByText("To pole jest obowiązkowe")).toBeVisible();
  await expect(main.getByLabel(/^Powód odstąpienia/)).toHaveValue("Prezent się nie spodobał");
  await main.getByLabel("Imię i nazwisko").fill(CUSTOMER.name);
  await main.getByRole("spinbutton", { name: literally(simple.title) }).fill("1");
  await withdrawFrom(page, []);
  await main.getByRole("button", { name: "Potwierdź odstąpienie od umowy" }).click();
  await expect(main.getByText(RECEIVED_AT)).toBeVisible({ timeout: 15_000 });
  await main.getByRole("link", { name: "Wróć do zamówienia" }).last().click();
  await expect(page).toHaveURL(new RegExp(`/konto/zakupy/${orderId}$`));
  const panel = page.getByRole("region", { name: "Odstąpienia i reklamacje" });
  await expect(panel.getByTestId("after-sale-state")).toHaveText("Zgłoszony");
  // everything withdrawn from: no button any more
  await expect(panel.getByRole("link", { name: "Odstąp od umowy tutaj" })).toHaveCount(0);

  // the footer link: a wrong e-mail is not found, the right one opens the form
  await page.getByRole("contentinfo").getByRole("link", { name: "Odstąpienie od umowy" }).click();
  await expect(page).toHaveURL(/\/odstapienie-od-umowy$/);
  await page.getByLabel("Numer zamówienia").fill(orderNumber);
  await page.getByLabel("Adres e-mail z zamówienia").fill("ktos-inny@example.com");
  await page.getByRole("button", { name: "Znajdź zamówienie" }).click();
  await expect(page.getByRole("alert")).toContainText("Nie znaleźliśmy zamówienia");
  expect(await axeViolations(page, "main")).toEqual([]);
  await page.getByLabel("Adres e-mail z zamówienia").fill(CUSTOMER.email);
  await page.getByRole("button", { name: "Znajdź zamówienie" }).click();
  await expect(
    page.getByText("Wszystkie produkty z tego zamówienia są już objęte odstąpieniem od umowy."),
  ).toBeVisible();
});

test("the withdrawal page in English", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "lang", value: "en", url: baseURL ?? "" }]);
  await page.goto("/odstapienie-od-umowy?orderNumber=2026-ZZZZZ-ZZZZZ&email=nobody%40example.com");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Withdrawal from contract" })).toBeVisible();
  await expect(main.getByRole("alert")).toHaveText(
    "We could not find an order with this number and e-mail address. Check them and try again.",
  );
  await expect(main.getByLabel("Order number")).toHaveValue("2026-ZZZZZ-ZZZZZ");
  await expect(
    page.getByRole("contentinfo").getByRole("link", { name: "Withdrawal from contract" }),
  ).toBeVisible();
  expect(await axeViolations(page, "main")).toEqual([]);
});
