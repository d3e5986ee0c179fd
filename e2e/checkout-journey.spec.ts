import { staffApi, toasts, uniqueEmail } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { cartButton } from "./support/cart";
import {
  acceptTerms,
  addToCart,
  askForOtherInvoice,
  checkoutAsGuest,
  choosePickupPoint,
  decideCookies,
  fillAddress,
  GUEST_ADDRESS,
  goToPayment,
  invoiceSection,
  pickupSection,
  productsToBuy,
  recipientSection,
  summarySection,
} from "./support/checkout";
import { expect, test } from "./support/test";

// The checkout without dead ends (issue 25): a cart that changed while the page was open is told
// per line, errors go as they are corrected, and the focus goes where the work continues with
// what happened said once.

test.beforeEach(async ({ context, baseURL }) => {
  await decideCookies(context, baseURL);
});

function liveRegion(page: import("@playwright/test").Page) {
  return page.getByRole("main").getByRole("status");
}

test.describe("the checkout journey", () => {
  test.setTimeout(120_000);

  test("stock that runs out while the checkout is open is said per line, and the badge follows", async ({
    page,
    playwright,
  }) => {
    const staff = await staffApi(playwright);
    const title = `Rożek ostatni ${Date.now()}`;
    const created = await staff.post("/api/shops/products", {
      data: { title, priceGrosze: 5_000, quantity: 2, isHidden: false },
    });
    expect(created.status()).toBe(201);
    const { _id, slug } = (await created.json()) as { _id: number; slug: string };
    const product = { url: `/produkt/${_id}-${slug}`, title, options: [] };

    await addToCart(page, product);
    await addToCart(page, product);
    await expect(cartButton(page)).toHaveAccessibleName("Koszyk. Liczba produktów w koszyku: 2");
    await page.goto("/koszyk");
    await checkoutAsGuest(page);
    await fillAddress(recipientSection(page), { ...GUEST_ADDRESS, email: uniqueEmail("ostatni") });
    await choosePickupPoint(page, "Gdańsk");
    await acceptTerms(page);

    // meanwhile someone else buys one of the two
    const changed = await staff.put("/api/shops/warehouse", { data: [{ productId: _id, quantity: 1 }] });
    expect(changed.status()).toBe(200);
    await staff.dispose();

    await page.getByRole("button", { name: "Przejdź do płatności" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Koszyk zmienił się od chwili otwarcia strony" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(`${title}: zostało 1 szt., ilość zmieniona z 2 na 1.`);
    await expect(alert).not.toContainText("Ceny zmieniły się");
    await expect(alert).toContainText("Nowa kwota do zapłaty: 59,99 zł");
    // the summary and the header's badge show what is left
    await expect(summarySection(page).getByText("Ilość: 1 × 50,00 zł")).toBeVisible();
    await expect(cartButton(page)).toHaveAccessibleName("Koszyk. Liczba produktów w koszyku: 1");
    expect(await axeViolations(page, "main")).toEqual([]);

    // the shopper has seen it and buys the one left
    await goToPayment(page);
    await expect(page.getByTestId("demo-bank-amount")).toHaveText("59,99 zł");
  });

  test("errors go as the fields are corrected and never follow the shopper to the bank", async ({
    page,
    request,
  }) => {
    const { simple } = await productsToBuy(request);
    await addToCart(page, simple);
    await page.goto("/koszyk");
    await checkoutAsGuest(page);

    // everything empty (with an invoice on other details): each field says so, once, and the focus
    // is on the first to correct
    await askForOtherInvoice(page);
    await page.getByRole("button", { name: "Przejdź do płatności" }).click();
    const formAlert = page.getByRole("alert").filter({ hasText: "Formularz zawiera błędy" });
    await expect(formAlert).toHaveCount(1);
    const recipient = recipientSection(page);
    const invoice = invoiceSection(page);
    await expect(recipient.getByText("To pole jest obowiązkowe")).toHaveCount(6);
    await expect(invoice.getByText("To pole jest obowiązkowe")).toHaveCount(4);
    await expect(recipient.getByLabel("Imię i nazwisko/Nazwa")).toBeFocused();
    // said once: no pop-up notice repeating the message above the button
    await expect(toasts(page).filter({ hasText: "Formularz zawiera błędy" })).toHaveCount(0);
    // "Wybierz paczkomat" belongs to the locker button
    const pickButton = pickupSection(page).getByRole("button", { name: "Zaznacz paczkomat" });
    await expect(pickButton).toHaveAccessibleDescription("Wybierz paczkomat");
    expect(await axeViolations(page, "main")).toEqual([]);

    // each error goes as its field becomes valid (before any "Zapisz")
    const email = uniqueEmail("poprawki");
    await recipient.getByLabel("Imię i nazwisko/Nazwa").fill(GUEST_ADDRESS.name);
    await expect(recipient.getByText("To pole jest obowiązkowe")).toHaveCount(5);
    await recipient.getByLabel("Kod pocztowy").fill("30");
    // a field still wrong says what is wrong now
    await expect(recipient.getByText("Wprowadź poprawny kod pocztowy (np. 00-000)")).toBeVisible();
    await fillAddress(recipient, { ...GUEST_ADDRESS, email });
    await expect(recipient.getByText("To pole jest obowiązkowe")).toHaveCount(0);
    await expect(recipient.getByText("Wprowadź poprawny kod pocztowy")).toHaveCount(0);

    // "Kopiuj z danych odbiorcy" fills the invoice: its errors go too, the focus is on its first field
    await invoice.getByRole("button", { name: "Kopiuj z danych odbiorcy" }).click();
    await expect(invoice.getByLabel("Imię i nazwisko/Nazwa")).toHaveValue(GUEST_ADDRESS.name);
    await expect(invoice.getByText("To pole jest obowiązkowe")).toHaveCount(0);
    await expect(invoice.getByLabel("Imię i nazwisko/Nazwa")).toBeFocused();
    await expect(liveRegion(page)).toHaveText("Skopiowano dane odbiorcy.");

    await choosePickupPoint(page, "Gdańsk");
    await expect(pickupSection(page).getByText("Wybierz paczkomat")).toHaveCount(0);
    await acceptTerms(page);
    await expect(page.getByText("Zaakceptuj regulamin i politykę prywatności")).toHaveCount(0);
    // nothing left to correct: the form's message goes as well
    await expect(formAlert).toHaveCount(0);

    await goToPayment(page);
    await expect(page.getByText("Formularz zawiera błędy")).toHaveCount(0);
  });

  test("the focus goes where the work continues and each step is announced", async ({ page, request }) => {
    const { simple } = await productsToBuy(request);
    await addToCart(page, simple);
    await page.goto("/koszyk");
    await checkoutAsGuest(page);
    const recipient = recipientSection(page);
    const invoice = invoiceSection(page);

    // required fields say so
    await expect(recipient.getByText("Pola oznaczone * są obowiązkowe.")).toBeVisible();
    await expect(recipient.getByRole("textbox", { name: "Ulica i numer" })).toHaveAttribute("required", "");

    // a consumer fills one form: the invoice data are the recipient's unless asked otherwise
    await expect(invoice.getByText("Fakturę wystawimy na dane odbiorcy.")).toBeVisible();
    await expect(invoice.getByRole("textbox")).toHaveCount(0);

    // "Zapisz" the recipient: on to the invoice section
    await fillAddress(recipient, { ...GUEST_ADDRESS, email: uniqueEmail("fokus") });
    await recipient.getByRole("button", { name: "Zapisz: Dane odbiorcy" }).click();
    await expect(recipient.getByRole("button", { name: "Edytuj: Dane odbiorcy" })).toBeVisible();
    await expect(invoice.getByRole("heading", { name: "Dane do faktury" })).toBeFocused();
    await expect(liveRegion(page)).toHaveText("Zapisano: Dane odbiorcy.");

    // "Chcę fakturę na inne dane" shows the invoice data (the recipient's so far); "Edytuj": the
    // form's first field, with the NIP optional
    await askForOtherInvoice(page);
    await expect(invoice.getByText("Fakturę wystawimy na dane odbiorcy.")).toBeHidden();
    await invoice.getByRole("button", { name: "Edytuj: Dane do faktury" }).click();
    await expect(invoice.getByLabel("Imię i nazwisko/Nazwa")).toBeFocused();
    await expect(liveRegion(page)).toHaveText("Edytujesz: Dane do faktury.");
    await expect(invoice.getByRole("textbox", { name: /NIP/ })).not.toHaveAttribute("required");
    await expect(invoice.getByRole("textbox", { name: "Ulica i numer" })).toHaveAttribute("required", "");

    // "Zapisz" the invoice: on to the delivery choice
    await fillAddress(invoice, { name: "Pracownia Anny Kowalskiej" });
    await invoice.getByRole("button", { name: "Zapisz: Dane do faktury" }).click();
    await expect(invoice.getByRole("button", { name: "Edytuj: Dane do faktury" })).toBeVisible();
    await expect(page.getByRole("radio", { name: /Paczkomat/ })).toBeFocused();
    await expect(liveRegion(page)).toHaveText("Zapisano: Dane do faktury.");

    // "Przejdź do płatności" without a locker: the focus goes to the locker button, said once
    await acceptTerms(page);
    await page.getByRole("button", { name: "Przejdź do płatności" }).click();
    const pickButton = pickupSection(page).getByRole("button", { name: "Zaznacz paczkomat" });
    await expect(pickButton).toBeFocused();
    await expect(pickButton).toHaveAccessibleDescription("Wybierz paczkomat");
    await expect(page.getByRole("alert")).toHaveCount(1);
    expect(await axeViolations(page, "main")).toEqual([]);
  });
});
