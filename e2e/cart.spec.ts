import type { Page } from "@playwright/test";
import { signIn, UNAPPROVED } from "./support/accounts";
import { axeViolations } from "./support/axe";
import {
  addFromProductPage,
  type CartCandidate,
  cartButton,
  cartCandidate,
  priceLabel,
  sideCart,
  summaryValue,
} from "./support/cart";
import { hiddenProductId, productUrl } from "./support/catalog-api";
import { expect, test } from "./support/test";

// A shopper's cart (SPEC §2 Side cart and Cart screen, §4 Cart and Coupon, §8): adding from the
// product page opens the side cart, the cart page changes quantities, applies and removes a coupon,
// shows free delivery from 99 zł, keeps the cart over a reload and empties it.

const PARCEL_LOCKER = 999;

/** One row of the open side cart's summary (a term and its value). */
function sideValue(page: Page, term: string) {
  return sideCart(page)
    .locator("dl > div")
    .filter({ has: page.getByRole("term").filter({ hasText: term }) })
    .getByRole("definition");
}
const UNAVAILABLE = "Ten produkt jest niedostępny. Odśwież stronę i spróbuj ponownie.";

let candidate: CartCandidate;

test.beforeAll(async ({ request }) => {
  candidate = await cartCandidate(request);
});

test.beforeEach(async ({ context, baseURL }) => {
  // the cookie notice is decided, so it does not cover the page on a phone
  await context.addCookies([{ name: "cookieConsent", value: "0", url: baseURL ?? "" }]);
});

test.describe("the side cart", () => {
  test("opens with the added line after adding from the product page; Do kasy leads to the cart", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    // the product page alone never opens it
    await page.goto(productUrl(candidate.product));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(sideCart(page)).toBeHidden();

    await addFromProductPage(page, candidate);
    const panel = sideCart(page);
    await expect(panel.getByRole("link", { name: candidate.product.title })).toBeVisible();
    const variant = candidate.options.map(({ field, option }) => `${field}: ${option}`).join(", ");
    await expect(panel.getByText(variant)).toBeVisible();
    await expect(panel.getByText(`1 × ${priceLabel(candidate.unitGrosze)}`)).toBeVisible();
    await expect(panel.getByRole("term").filter({ hasText: "Czas realizacji" })).toBeVisible();
    await expect(panel.getByRole("definition").filter({ hasText: /^\d+-\d+ dni$/ })).toBeVisible();
    await expect(panel.getByRole("term").filter({ hasText: "Razem" })).toBeVisible();
    await expect(sideValue(page, "Razem")).toHaveText(priceLabel(candidate.unitGrosze + PARCEL_LOCKER));
    await expect(cartButton(page)).toHaveAccessibleName("Koszyk. Liczba produktów w koszyku: 1");

    // Escape closes it and the focus goes back; the header button opens it again
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await cartButton(page).click();
    await expect(panel).toBeVisible();
    // a click outside the panel closes it
    await page.mouse.click(5, 300);
    await expect(panel).toBeHidden();

    await cartButton(page).click();
    await panel.getByRole("link", { name: "Do kasy" }).click();
    await expect(page).toHaveURL(/\/koszyk$/);
    await expect(panel).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Twój koszyk" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: candidate.product.title })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("empty, it says so and links to the products: no total, no Do kasy (issue 25 defect 4)", async ({
    page,
  }) => {
    await page.goto("/");
    await cartButton(page).click();
    const panel = sideCart(page);
    await expect(panel.getByText("Twój koszyk jest pusty")).toBeVisible();
    await expect(panel.getByRole("link", { name: "Kontynuuj zakupy" })).toHaveAttribute("href", "/produkty");
    await expect(panel.getByRole("link", { name: "Do kasy" })).toHaveCount(0);
    await expect(panel.getByText("Razem")).toHaveCount(0);
    await expect(panel.getByText(priceLabel(PARCEL_LOCKER))).toHaveCount(0);
  });

  test("shows the products' value, delivery from 9,99 zł and the cart screen's total; changes and removes lines (issue 25 defect 4)", async ({
    page,
  }) => {
    const unit = candidate.unitGrosze;
    const title = candidate.product.title;
    await addFromProductPage(page, candidate);
    const panel = sideCart(page);
    await expect(sideValue(page, "Wartość produktów")).toHaveText(priceLabel(unit));
    await expect(sideValue(page, "Dostawa")).toHaveText(`od ${priceLabel(PARCEL_LOCKER)}`);
    await expect(sideValue(page, "Razem")).toHaveText(priceLabel(unit + PARCEL_LOCKER));

    // the same controls as the cart screen: one more piece, the figures follow
    const more = panel.getByRole("button", { name: `Zwiększ ilość: ${title}` });
    await more.click();
    await expect(panel.getByRole("spinbutton", { name: `Ilość: ${title}` })).toHaveValue("2");
    await expect(more).toBeFocused();
    await expect(
      panel.getByRole("status").filter({ hasText: `Zmieniono ilość: ${title}, 2 szt.` }),
    ).toHaveCount(1);
    await expect(sideValue(page, "Wartość produktów")).toHaveText(priceLabel(unit * 2));
    const total = (await sideValue(page, "Razem").textContent()) ?? "";
    await expect(cartButton(page)).toHaveAccessibleName("Koszyk. Liczba produktów w koszyku: 2");

    // the cart screen shows the same figures
    await panel.getByRole("link", { name: "Do kasy" }).click();
    await expect(page).toHaveURL(/\/koszyk$/);
    await expect(summaryValue(page, "Wartość produktów")).toHaveText(priceLabel(unit * 2));
    await expect(summaryValue(page, "Razem")).toHaveText(total);

    // removing the line empties the side cart: the focus goes on to the products link, heard once
    await cartButton(page).click();
    await panel.getByRole("button", { name: `Usuń z koszyka: ${title}` }).click();
    await expect(panel.getByText("Twój koszyk jest pusty")).toBeVisible();
    await expect(panel.getByRole("link", { name: "Kontynuuj zakupy" })).toBeFocused();
    await expect(panel.getByRole("status").filter({ hasText: `Usunięto ${title} z koszyka` })).toHaveCount(1);
    await expect(panel.getByRole("link", { name: "Do kasy" })).toHaveCount(0);
  });

  test("a product hidden after the page was loaded is refused with the spec's message", async ({
    page,
    request,
  }) => {
    const hidden = await hiddenProductId(request);
    await page.goto(productUrl(candidate.product));
    for (const { field, option } of candidate.options) {
      await page
        .getByRole("group", { name: field })
        .getByRole("radio", { name: option, exact: true })
        .check();
    }
    // the shop hides the product while the page is open: the add now names a hidden product
    await page.route("**/koszyk.data*", async (route) => {
      const body = new URLSearchParams(route.request().postData() ?? "");
      body.set("productId", String(hidden));
      body.set("variantId", "");
      await route.continue({ postData: body.toString() });
    });
    await page.getByRole("button", { name: "Dodaj do koszyka" }).click();
    await expect(page.getByRole("status").getByText(UNAVAILABLE)).toBeVisible();
    await expect(sideCart(page)).toBeHidden();
    // a second refusal while the first notice shows does not stack a copy under it (issue 25)
    await page.getByRole("button", { name: "Dodaj do koszyka" }).click();
    await page.waitForLoadState("networkidle");
    await expect(page.getByText(UNAVAILABLE)).toHaveCount(1);
    await expect(cartButton(page)).toHaveAccessibleName("Koszyk. Liczba produktów w koszyku: 0");
  });
});

test.describe("the cart page", () => {
  test("quantities, totals, free delivery, coupons, a reload and emptying the cart", async ({ page }) => {
    const unit = candidate.unitGrosze;
    const title = candidate.product.title;
    await addFromProductPage(page, candidate);
    await page.goto("/koszyk");
    const main = page.getByRole("main");

    // breadcrumbs: the checkout step is a link for a guest with a cart; Gotowe is not
    const steps = main.getByRole("navigation", { name: "Ścieżka nawigacji" });
    await expect(steps.getByText("Twój koszyk")).toHaveAttribute("aria-current", "step");
    await expect(steps.getByRole("link", { name: "Dostawa i płatność" })).toHaveAttribute(
      "href",
      "/dostawa-i-platnosc",
    );
    await expect(steps.getByRole("link", { name: "Gotowe" })).toHaveCount(0);

    // one piece: delivery is paid and the missing amount to 99 zł is shown
    await expect(summaryValue(page, "Wartość produktów")).toHaveText(priceLabel(unit));
    await expect(summaryValue(page, "Dostawa")).toHaveText(priceLabel(PARCEL_LOCKER));
    await expect(summaryValue(page, "Razem")).toHaveText(priceLabel(unit + PARCEL_LOCKER));
    await expect(summaryValue(page, "Czas realizacji")).toHaveText(/^\d+-\d+ dni$/);
    await expect(
      main.getByText(`Do darmowej dostawy brakuje Ci jeszcze ${priceLabel(9_900 - unit)}`),
    ).toBeVisible();

    // guests log in (coming back to the cart) or shop without an account
    await expect(main.getByRole("link", { name: "Zaloguj się" })).toHaveAttribute(
      "href",
      "/logowanie?return=%2Fkoszyk",
    );
    await expect(main.getByRole("link", { name: "Zakupy bez logowania" })).toHaveAttribute(
      "href",
      "/dostawa-i-platnosc",
    );

    // enough pieces for free delivery: the totals follow without a reload
    const quantity = main.getByRole("spinbutton", { name: `Ilość: ${title}` });
    await quantity.fill(String(candidate.freeDeliveryQuantity));
    await quantity.press("Enter");
    const products = unit * candidate.freeDeliveryQuantity;
    await expect(summaryValue(page, "Wartość produktów")).toHaveText(priceLabel(products));
    await expect(summaryValue(page, "Dostawa")).toHaveText("Darmowa dostawa");
    await expect(summaryValue(page, "Razem")).toHaveText(priceLabel(products));
    await expect(main.getByText(/Do darmowej dostawy brakuje/)).toHaveCount(0);
    await expect(cartButton(page)).toHaveAccessibleName(
      `Koszyk. Liczba produktów w koszyku: ${candidate.freeDeliveryQuantity}`,
    );

    // coupon: empty, wrong, then a valid seeded code (active on the current date)
    const code = main.getByRole("textbox", { name: "Kod rabatowy" });
    const addCode = main.getByRole("button", { name: "Dodaj kod" });
    await addCode.click();
    await expect(main.getByText("Wprowadź kod rabatowy")).toBeVisible();
    await code.fill("NIEMATAKIEGO");
    await addCode.click();
    await expect(main.getByText("Kod rabatowy jest niepoprawny", { exact: true })).toBeVisible();
    await expect(code).toHaveValue("NIEMATAKIEGO");
    // said once, under the field that has the focus again (no notice repeats it, issue 25)
    await expect(code).toBeFocused();
    await expect(code).toHaveAccessibleDescription("Kod rabatowy jest niepoprawny");
    await page.waitForTimeout(300);
    await expect(page.getByText(/Kod rabatowy jest niepoprawny/)).toHaveCount(1);

    // a known code that ended says so (issue 25 defect 7)
    await code.fill("LATO2024");
    await addCode.click();
    await expect(code).toHaveAccessibleDescription("Ten kod rabatowy już wygasł");
    await expect(code).toBeFocused();
    await page.waitForTimeout(300);
    await expect(page.getByText(/Ten kod rabatowy już wygasł/)).toHaveCount(1);

    await code.fill("witaj10");
    await addCode.click();
    // the focus goes on to the summary, which now shows the discount, and it is heard once
    await expect(main.getByRole("heading", { name: "Podsumowanie" })).toBeFocused();
    await expect(main.getByRole("status").filter({ hasText: "Kod WITAJ10 został dodany" })).toHaveCount(1);
    const discount = Math.round(products / 10);
    await expect(summaryValue(page, "RABAT (WITAJ10)")).toHaveText(priceLabel(discount).replace(/^/, "-"));
    await expect(summaryValue(page, "Razem")).toHaveText(priceLabel(products - discount));
    // locked while applied
    await expect(code).toBeDisabled();
    await expect(code).toHaveValue("WITAJ10");
    await expect(addCode).toBeDisabled();

    // a reload keeps the cart and the coupon (cookies)
    await page.reload();
    await expect(quantity).toHaveValue(String(candidate.freeDeliveryQuantity));
    await expect(summaryValue(page, "RABAT (WITAJ10)")).toBeVisible();

    await main.getByRole("button", { name: "usuń kod" }).click();
    await expect(main.getByText(/^RABAT/)).toHaveCount(0);
    await expect(summaryValue(page, "Razem")).toHaveText(priceLabel(products));
    await expect(code).toBeEnabled();

    // "Usuń" removes the line: the focus goes on to "Kontynuuj zakupy", the removal is heard once
    await main.getByRole("button", { name: `Usuń z koszyka: ${title}` }).click();
    await expect(main.getByText("Twój koszyk jest pusty")).toBeVisible();
    await expect(main.getByRole("link", { name: "Kontynuuj zakupy" })).toBeFocused();
    await expect(main.getByRole("status").filter({ hasText: `Usunięto ${title} z koszyka` })).toHaveCount(1);
    await expect(cartButton(page)).toHaveAccessibleName("Koszyk. Liczba produktów w koszyku: 0");
    await expect(steps.getByRole("link")).toHaveCount(0);
  });

  test("the keyboard steps the quantity without sending it until Enter, and never removes the line (WCAG 3.2.2)", async ({
    page,
  }) => {
    const unit = candidate.unitGrosze;
    const title = candidate.product.title;
    await addFromProductPage(page, candidate);
    await page.goto("/koszyk");
    const main = page.getByRole("main");
    const quantity = main.getByRole("spinbutton", { name: `Ilość: ${title}` });
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });

    // from 1 to 3 with the arrow keys: nothing is sent on the way
    await quantity.focus();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(quantity).toHaveValue("3");
    await page.waitForTimeout(300);
    expect(posts).toEqual([]);
    await expect(summaryValue(page, "Wartość produktów")).toHaveText(priceLabel(unit));

    // Enter commits it: the figures follow, the focus stays, the change is heard once
    await page.keyboard.press("Enter");
    await expect(summaryValue(page, "Wartość produktów")).toHaveText(priceLabel(unit * 3));
    await expect(quantity).toBeFocused();
    await expect(
      main.getByRole("status").filter({ hasText: `Zmieniono ilość: ${title}, 3 szt.` }),
    ).toHaveCount(1);

    // down to 0 and away: the line stays (only "Usuń" removes it)
    await quantity.fill("0");
    await page.keyboard.press("Tab");
    await expect(quantity).toHaveValue("3");
    await expect(main.getByRole("link", { name: title })).toBeVisible();
    // "−" steps down one piece
    await main.getByRole("button", { name: `Zmniejsz ilość: ${title}` }).click();
    await expect(quantity).toHaveValue("2");
    await expect(summaryValue(page, "Wartość produktów")).toHaveText(priceLabel(unit * 2));
  });

  test("a restored cart whose quantity outgrew the stock says what changed, once (issue 25 defect 7)", async ({
    page,
    context,
    baseURL,
  }) => {
    const title = candidate.product.title;
    await addFromProductPage(page, candidate);
    const saved = (await context.cookies()).find((cookie) => cookie.name === "cart");
    const lines = JSON.parse(decodeURIComponent(saved?.value ?? "[]")) as { quantity: number }[];
    for (const line of lines) line.quantity = 999;
    await context.addCookies([
      { name: "cart", value: encodeURIComponent(JSON.stringify(lines)), url: baseURL ?? "" },
    ]);

    // a later visit: the notice names the line and how many are left
    await page.goto("/koszyk");
    const notice = page
      .getByRole("status")
      .getByText(
        new RegExp(
          `^Koszyk zmienił się od Twojej ostatniej wizyty: ${title} – dostępnych jest tylko \\d+ szt\\., tyle zostawiliśmy w koszyku\\.$`,
        ),
      );
    await expect(notice).toBeVisible();
    const left = await page
      .getByRole("main")
      .getByRole("spinbutton", { name: `Ilość: ${title}` })
      .inputValue();
    await expect(notice).toContainText(`tylko ${left} szt.`);
    // the next page says nothing more
    await page.reload();
    await expect(page.getByRole("main").getByRole("link", { name: title })).toBeVisible();
    await expect(page.getByText(/Koszyk zmienił się/)).toHaveCount(0);
  });

  test("a saved code that stopped qualifying is removed with a note", async ({ page, context, baseURL }) => {
    // LATO2024 is a seeded campaign that ended in 2024
    await context.addCookies([{ name: "cartCoupon", value: "LATO2024", url: baseURL ?? "" }]);
    await page.goto("/koszyk");
    await expect(
      page.getByRole("status").getByText("Kod rabatowy przestał obowiązywać i został usunięty z koszyka."),
    ).toBeVisible();
    await expect(page.getByRole("main").getByText(/RABAT/)).toHaveCount(0);
    expect((await context.cookies()).find((cookie) => cookie.name === "cartCoupon")).toBeUndefined();
  });

  test("an unapproved customer cannot go on to checkout and gets the message", async ({ page }) => {
    await signIn(page, UNAPPROVED.email, UNAPPROVED.password);
    await addFromProductPage(page, candidate);
    await page.goto("/koszyk");
    const main = page.getByRole("main");
    // no link to the checkout step for an unapproved account
    await expect(
      main
        .getByRole("navigation", { name: "Ścieżka nawigacji" })
        .getByRole("link", { name: "Dostawa i płatność" }),
    ).toHaveCount(0);
    await main.getByRole("button", { name: "Dostawa i płatność" }).click();
    await expect(
      main
        .getByRole("alert")
        .getByText(
          "Twoje konto nie zostało aktywowane. Postępuj zgodnie z instrukcją, którą otrzymasz na email.",
        ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/koszyk$/);
  });
});

test("axe-core finds no violations on the cart page and in the open side cart", async ({ page }) => {
  await addFromProductPage(page, candidate);
  expect(await axeViolations(page)).toEqual([]);
  await page.goto("/koszyk");
  await expect(page.getByRole("heading", { level: 1, name: "Twój koszyk" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("adds to the cart and changes the quantity with plain forms", async ({ page }) => {
    await page.goto(productUrl(candidate.product));
    // without JavaScript the options are a GET form with its own submit button
    for (const { field, option } of candidate.options) {
      const group = page.getByRole("group", { name: field });
      await group.getByRole("radio", { name: option, exact: true }).check();
    }
    const apply = page.getByRole("button", { name: "Zastosuj wybór" });
    if (await apply.isVisible()) await apply.click();
    await page.getByRole("button", { name: "Dodaj do koszyka" }).click();
    await expect(page).toHaveURL(/\/koszyk$/);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: candidate.product.title })).toBeVisible();
    await main.getByRole("spinbutton", { name: `Ilość: ${candidate.product.title}` }).fill("2");
    await main.getByRole("button", { name: "Zmień ilość" }).click();
    await expect(summaryValue(page, "Wartość produktów")).toHaveText(priceLabel(candidate.unitGrosze * 2));
  });
});
