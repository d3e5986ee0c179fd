import { CUSTOMER, signIn, toasts, UNAPPROVED, uniqueEmail, waitForMail } from "./support/accounts";
import { axeViolations } from "./support/axe";
import {
  acceptTerms,
  addToCart,
  applyCoupon,
  askForOtherInvoice,
  bankOrderNumber,
  checkoutAsGuest,
  checkoutTotal,
  choosePickupPoint,
  decideCookies,
  decidePayment,
  fillAddress,
  GUEST_ADDRESS,
  goToPayment,
  invoiceSection,
  orderViewPath,
  pickupSection,
  productsToBuy,
  recipientSection,
  summarySection,
} from "./support/checkout";
import { expect, test } from "./support/test";

// A shopper buying (SPEC §2 Checkout, Order result and Order view screens; §4 result page; §5
// Checkout rules): the checkout form, the demo bank's "Zapłać" and "Odrzuć", the result page, the
// guest order view with its invoice, and the e-mails.

test.beforeEach(async ({ context, baseURL }) => {
  await decideCookies(context, baseURL);
});

test.describe("buying", () => {
  test.setTimeout(120_000);

  test("a guest buys two products with a coupon, a parcel locker and the demo bank", async ({
    page,
    request,
  }) => {
    const { simple, variant } = await productsToBuy(request);
    const email = uniqueEmail("gosc");

    await addToCart(page, variant);
    await addToCart(page, simple);
    await page.goto("/koszyk");
    await applyCoupon(page, "WITAJ10");
    await checkoutAsGuest(page);

    // the summary lists both products and the coupon
    const summary = summarySection(page);
    await expect(summary.getByText(variant.title)).toBeVisible();
    await expect(summary.getByText(simple.title)).toBeVisible();
    await expect(summary.getByText("RABAT (WITAJ10)")).toBeVisible();

    await fillAddress(recipientSection(page), { ...GUEST_ADDRESS, email });
    await recipientSection(page).getByRole("button", { name: "Zapisz: Dane odbiorcy" }).click();
    await expect(recipientSection(page).getByRole("button", { name: "Edytuj: Dane odbiorcy" })).toBeVisible();
    await expect(recipientSection(page).getByText(email)).toBeVisible();

    // the invoice data are the recipient's unless asked otherwise
    await expect(invoiceSection(page).getByText("Fakturę wystawimy na dane odbiorcy.")).toBeVisible();
    await askForOtherInvoice(page);
    await invoiceSection(page).getByRole("button", { name: "Kopiuj z danych odbiorcy" }).click();
    await expect(invoiceSection(page).getByLabel("Imię i nazwisko/Nazwa")).toHaveValue(GUEST_ADDRESS.name);
    await expect(invoiceSection(page).getByLabel("Kod pocztowy")).toHaveValue(GUEST_ADDRESS.postCode);

    // the parcel locker is the default delivery
    await expect(page.getByRole("radio", { name: /Paczkomat/ })).toBeChecked();
    await choosePickupPoint(page, "Kraków");
    await acceptTerms(page);
    const total = await checkoutTotal(page);

    await goToPayment(page);
    await expect(page.getByTestId("demo-bank-amount")).toHaveText(total);
    expect(await axeViolations(page, "main")).toEqual([]);
    const order = await decidePayment(page, "Zapłać");
    expect(order.email).toBe(email);
    await expect(page.getByRole("heading", { level: 1, name: "Otrzymaliśmy Twoje zamówienie" })).toBeVisible({
      timeout: 15_000,
    });
    expect(await axeViolations(page, "main")).toEqual([]);
    await expect(page.getByRole("heading", { name: `Zamówienie ${order.orderNumber}` })).toBeVisible();

    // the cart is empty now: the header says so at once, and so does the cart page
    await expect(page.getByRole("banner").getByRole("link", { name: /w koszyku: 0/ })).toBeVisible();
    await page.goto("/koszyk");
    await expect(page.getByRole("main").getByText("Twój koszyk jest pusty")).toBeVisible();

    // the guest order view, with the invoice
    await page.goto(orderViewPath(order));
    const card = page.getByRole("article", { name: `Zamówienie ${order.orderNumber}` });
    await expect(
      page.getByRole("heading", { level: 1, name: `Zamówienie ${order.orderNumber}` }),
    ).toBeVisible();
    await expect(card.getByText(variant.title)).toBeVisible();
    await expect(card.getByText("RABAT (WITAJ10)")).toBeVisible();
    await expect
      .poll(
        async () => {
          await page.reload();
          return card.getByRole("link", { name: /Faktura/ }).count();
        },
        { message: "the invoice link", timeout: 20_000 },
      )
      .toBe(1);
    const invoiceUrl = await card.getByRole("link", { name: /Faktura/ }).getAttribute("href");
    expect(invoiceUrl).toBeTruthy();
    const invoice = await page.request.get(invoiceUrl ?? "");
    expect(invoice.status()).toBe(200);
    expect(invoice.headers()["content-type"]).toContain("application/pdf");
    expect((await invoice.body()).subarray(0, 4).toString("latin1")).toBe("%PDF");

    // the order's e-mails: received, then paid
    const mail = await waitForMail(email, undefined, 1);
    expect(mail.text).toContain(order.orderNumber);
  });

  test("a rejected payment shows the error and a retry that succeeds", async ({ page, request }) => {
    const { simple } = await productsToBuy(request);
    await addToCart(page, simple);
    await page.goto("/koszyk");
    await checkoutAsGuest(page);
    await fillAddress(recipientSection(page), { ...GUEST_ADDRESS, email: uniqueEmail("odrzucona") });
    await choosePickupPoint(page, "Warszawa");
    await acceptTerms(page);

    await goToPayment(page);
    await decidePayment(page, "Odrzuć");
    await expect(
      page.getByRole("heading", { level: 1, name: "Wystąpił błąd podczas płatności" }),
    ).toBeVisible({
      timeout: 15_000,
    });

    await page.getByRole("button", { name: "Spróbuj ponownie" }).click();
    await expect(page).toHaveURL(/\/bramka-demo\//, { timeout: 15_000 });
    await decidePayment(page, "Zapłać");
    await expect(page.getByRole("heading", { level: 1, name: "Otrzymaliśmy Twoje zamówienie" })).toBeVisible({
      timeout: 15_000,
    });
  });

  test("a total that changed since the page was shown is refused with the new amount", async ({
    page,
    context,
    request,
  }) => {
    const { simple, variant } = await productsToBuy(request);
    await addToCart(page, simple);
    await page.goto("/koszyk");
    await checkoutAsGuest(page);
    const email = uniqueEmail("zmiana");
    await fillAddress(recipientSection(page), { ...GUEST_ADDRESS, email });
    await choosePickupPoint(page, "Gdańsk");
    await acceptTerms(page);
    const shown = await checkoutTotal(page);

    // meanwhile, in another tab, one more product goes into the cart
    const otherTab = await context.newPage();
    await addToCart(otherTab, variant);
    await otherTab.close();

    await page.getByRole("button", { name: "Przejdź do płatności" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Ceny zmieniły się od chwili otwarcia strony" });
    await expect(alert).toBeVisible();
    await expect(page).toHaveURL(/\/dostawa-i-platnosc$/);
    // the summary follows once the page's data is loaded again after the refused action
    await expect.poll(() => checkoutTotal(page)).not.toBe(shown);
    const fresh = await checkoutTotal(page);
    await expect(alert).toContainText(`Nowa kwota do zapłaty: ${fresh}`);
    await expect(summarySection(page).getByText(variant.title)).toBeVisible();

    // the shopper has seen the new amount and confirms it
    await goToPayment(page);
    await expect(page.getByTestId("demo-bank-amount")).toHaveText(fresh);

    // while the bank has not answered, the result page waits and asks again every 2 s
    const orderNumber = await bankOrderNumber(page);
    const resultTab = await context.newPage();
    await resultTab.goto(`/gotowe?${new URLSearchParams({ orderNumber, email })}`);
    await expect(resultTab.getByRole("status").filter({ hasText: "Przetwarzanie płatności" })).toBeVisible();
    await decidePayment(page, "Zapłać");
    await expect(
      resultTab.getByRole("heading", { level: 1, name: "Otrzymaliśmy Twoje zamówienie" }),
    ).toBeVisible({
      timeout: 10_000,
    });
  });

  test("a logged-in customer buys with the courier and finds the order in the purchases", async ({
    page,
    request,
  }) => {
    const { simple } = await productsToBuy(request);
    await signIn(page, CUSTOMER.email, CUSTOMER.password);
    await addToCart(page, simple);
    await page.goto("/koszyk");
    await page.getByRole("main").getByRole("button", { name: "Dostawa i płatność" }).click();
    await expect(page).toHaveURL(/\/dostawa-i-platnosc$/);

    // the account's data fills the forms; the e-mail is not asked for
    const recipient = recipientSection(page);
    await expect(recipient.getByRole("button", { name: "Edytuj: Dane odbiorcy" })).toBeVisible();
    await expect(recipient.getByText(CUSTOMER.email)).toBeVisible();
    await expect(page.getByRole("main").getByLabel("E-mail")).toHaveCount(0);
    await expect(invoiceSection(page).getByText("Fakturę wystawimy na dane odbiorcy.")).toBeVisible();

    await page.getByRole("radio", { name: /Kurier/ }).check();
    await expect(pickupSection(page)).toHaveCount(0);
    await expect(
      summarySection(page)
        .getByText(/Dostawa/)
        .first(),
    ).toBeVisible();
    await acceptTerms(page);
    await goToPayment(page);
    const order = await decidePayment(page, "Zapłać");
    expect(order.email).toBe(CUSTOMER.email);
    await expect(page.getByRole("heading", { level: 1, name: "Otrzymaliśmy Twoje zamówienie" })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText("Kurier").first()).toBeVisible();

    await page.goto("/konto/zakupy");
    await expect(page.getByRole("heading", { name: `Zamówienie ${order.orderNumber}` })).toBeVisible();
  });

  test("an invalid form keeps what was typed and shows the errors", async ({ page, request }) => {
    const { simple } = await productsToBuy(request);
    await addToCart(page, simple);
    await page.goto("/koszyk");
    await checkoutAsGuest(page);

    const recipient = recipientSection(page);
    await fillAddress(recipient, {
      name: "Jo",
      email: "jo@",
      phone: "12",
      street: "Polna 1",
      postCode: "123",
      city: "Gdańsk",
    });
    await askForOtherInvoice(page);
    await fillAddress(invoiceSection(page), {
      name: "Firma Jo",
      street: "Polna 1",
      postCode: "80-001",
      city: "Gdańsk",
    });
    await invoiceSection(page).getByLabel("NIP").fill("1234567890");
    await page.getByRole("button", { name: "Przejdź do płatności" }).click();

    await expect(
      page.getByRole("alert").filter({ hasText: "Formularz zawiera błędy" }).first(),
    ).toBeVisible();
    await expect(recipient.getByText("Minimalna liczba znaków: 3")).toBeVisible();
    await expect(recipient.getByText("Wprowadź poprawny adres e-mail")).toBeVisible();
    await expect(recipient.getByText("Wprowadź poprawny numer telefonu")).toBeVisible();
    await expect(recipient.getByText("Wprowadź poprawny kod pocztowy (np. 00-000)")).toBeVisible();
    await expect(invoiceSection(page).getByText("Wprowadź poprawny numer NIP")).toBeVisible();
    await expect(pickupSection(page).getByText("Wybierz paczkomat")).toBeVisible();
    await expect(page.getByText("Zaakceptuj regulamin i politykę prywatności")).toBeVisible();
    await expect(page).toHaveURL(/\/dostawa-i-platnosc$/);
    // what was typed is still there
    await expect(recipient.getByLabel("Imię i nazwisko/Nazwa")).toHaveValue("Jo");
    await expect(recipient.getByLabel("Kod pocztowy")).toHaveValue("123");
    await expect(recipient.getByLabel("Miejscowość")).toHaveValue("Gdańsk");
    await expect(invoiceSection(page).getByLabel("NIP")).toHaveValue("1234567890");
    expect(await axeViolations(page, "main")).toEqual([]);

    // corrected and saved, the recipient data survive a reload
    const email = uniqueEmail("poprawiony");
    await fillAddress(recipient, {
      name: "Joanna Polna",
      email,
      phone: "+48 601-234-567",
      postCode: "80-001",
    });
    await recipient.getByRole("button", { name: "Zapisz: Dane odbiorcy" }).click();
    await expect(recipient.getByRole("button", { name: "Edytuj: Dane odbiorcy" })).toBeVisible();
    await page.reload();
    await expect(recipient.getByText("Joanna Polna")).toBeVisible();
    await expect(recipient.getByText(email)).toBeVisible();
  });

  test("an account that is not active is sent back to the cart with the message", async ({ page }) => {
    await signIn(page, UNAPPROVED.email, UNAPPROVED.password);
    await page.goto("/dostawa-i-platnosc");
    await expect(page).toHaveURL(/\/koszyk$/);
    await expect(
      toasts(page).filter({ hasText: "Twoje konto nie zostało aktywowane. Postępuj zgodnie z instrukcją" }),
    ).toBeVisible();
  });

  test("an unknown order shows the not-found text", async ({ page }) => {
    await page.goto("/gotowe?orderNumber=NIE-MA-TAKIEGO&email=ktos@example.com");
    await expect(
      page.getByRole("heading", { name: "Nie znaleziono zamówienia o podanym numerze!" }),
    ).toBeVisible();
    await page.goto("/zamowienie?orderNumber=NIE-MA-TAKIEGO&email=ktos@example.com");
    await expect(
      page.getByRole("heading", { name: "Nie znaleziono zamówienia o podanym numerze!" }),
    ).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.setTimeout(120_000);

  test("a guest chooses a parcel locker from the search list and pays with plain forms", async ({
    page,
    request,
  }) => {
    const { simple } = await productsToBuy(request);
    await page.goto(simple.url);
    await page.getByRole("button", { name: "Dodaj do koszyka" }).click();
    await expect(page).toHaveURL(/\/koszyk$/);
    await page.getByRole("main").getByRole("link", { name: "Zakupy bez logowania" }).click();
    await expect(page).toHaveURL(/\/dostawa-i-platnosc$/);

    const email = uniqueEmail("bezjs");
    await fillAddress(recipientSection(page), { ...GUEST_ADDRESS, email });
    await recipientSection(page).getByRole("button", { name: "Zapisz: Dane odbiorcy" }).click();
    // without JavaScript too, the box opens the invoice form (CSS) and the copy fills it
    await askForOtherInvoice(page);
    await invoiceSection(page).getByRole("button", { name: "Kopiuj z danych odbiorcy" }).click();
    await invoiceSection(page).getByRole("button", { name: "Zapisz: Dane do faktury" }).click();

    // the picker dialog needs JavaScript: the section offers a search field and a list instead
    const pickup = pickupSection(page);
    await pickup.getByLabel("Miejscowość, kod pocztowy lub kod paczkomatu").fill("Gdansk");
    await pickup.getByRole("button", { name: "Szukaj" }).click();
    const locker = pickupSection(page).getByRole("button", { name: /^GDA/ }).first();
    await expect(locker).toBeVisible();
    const code = ((await locker.textContent()) ?? "").match(/GDA\w+/)?.[0] ?? "";
    await locker.click();
    await expect(page).toHaveURL(/\/dostawa-i-platnosc$/);
    await expect(pickupSection(page).getByText(code).first()).toBeVisible();
    await expect(recipientSection(page).getByText(email)).toBeVisible();

    await acceptTerms(page);
    await goToPayment(page);
    await page.getByRole("button", { name: "Zapłać" }).click();
    await expect(page).toHaveURL(/\/gotowe\?/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Otrzymaliśmy Twoje zamówienie" }),
    ).toBeVisible();
    await expect(page.getByText(code).first()).toBeVisible();
  });
});
