import { signIn } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { sideCart } from "./support/cart";
import {
  hiddenProductId,
  productOpeningSoldOut,
  productUrl,
  productWithFractionalDiscount,
  productWithTags,
  type VariantChoice,
  variantProduct,
} from "./support/catalog-api";
import { isPhone, productLinks } from "./support/storefront";
import { expect, type Page, test } from "./support/test";

// A shopper on the product page (SPEC §2 Product screen): opening a product from the list, variants
// that move the price and the stock, the full-screen gallery, canonical addresses, hidden products
// and hash-tag searches.

test.beforeEach(async ({ context, baseURL }) => {
  // the cookie notice is decided, so it does not cover the page on a phone
  await context.addCookies([{ name: "cookieConsent", value: "0", url: baseURL ?? "" }]);
});

async function choose(page: Page, choice: VariantChoice) {
  for (const { field, option } of choice.options) {
    await page.getByRole("group", { name: field }).getByRole("radio", { name: option, exact: true }).check();
  }
}

function price(page: Page) {
  return page.getByTestId("product-price");
}

test.describe("the product page", () => {
  test("opens a product from the list with its breadcrumb, price and stock", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/produkty");
    const link = productLinks(page).first();
    const title = (await link.textContent())?.trim() ?? "";
    await link.click();

    await expect(page).toHaveURL(/\/produkt\/\d+-/);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(title.replace(/[()]/g, ".")));
    const breadcrumb = page.getByRole("navigation", { name: "Ścieżka nawigacji" });
    await expect(breadcrumb.getByRole("link", { name: "Strona główna" })).toBeVisible();
    await expect(breadcrumb.getByRole("link", { name: "Produkty" })).toBeVisible();
    await expect(price(page)).toHaveText(/^\d+,\d\d zł$/);
    await expect(page.getByText(/najniższa cena z 30 dni: \d+,\d\d zł/)).toBeVisible();
    await expect(page.getByText("Bezpieczna płatność za pośrednictwem banku")).toBeVisible();
    await expect(page.getByText(/Czas realizacji: \d+-\d+ dni/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Dodaj do koszyka" })).toBeVisible();
    // moderator links are for staff only
    await expect(page.getByRole("link", { name: "edytuj" })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("switching variants moves the price, the stock status and the add-to-cart button", async ({
    page,
    request,
  }) => {
    const { product, inStock, outOfStock } = await variantProduct(request);
    await page.goto(productUrl(product));
    const addToCart = page.getByRole("button", { name: "Dodaj do koszyka" });

    await choose(page, outOfStock);
    await expect(price(page)).toHaveText(outOfStock.priceLabel);
    await expect(page.getByText("Produkt niedostępny")).toBeVisible();
    await expect(addToCart).toBeDisabled();
    // the choice is in the address, so a reload keeps it
    await expect(page).toHaveURL(/opcja-\d+=\d+/);
    await page.reload();
    await expect(price(page)).toHaveText(outOfStock.priceLabel);
    await expect(addToCart).toBeDisabled();

    await choose(page, inStock);
    await expect(price(page)).toHaveText(inStock.priceLabel);
    await expect(page.getByText("Produkt niedostępny")).toHaveCount(0);
    const stockText =
      inStock.quantity > 9
        ? "Duża dostępność"
        : inStock.quantity > 5
          ? "Średnia dostępność"
          : "Ostatnie sztuki";
    await expect(page.getByText(stockText, { exact: true })).toBeVisible();
    await expect(addToCart).toBeEnabled();
  });

  test("a product whose first version is sold out opens on a version in stock and marks what cannot be bought", async ({
    page,
    request,
  }) => {
    const { product, opening, soldOut, soldOutFirstSearch } = await productOpeningSoldOut(request);
    await page.goto(productUrl(product));
    for (const { field, option } of opening) {
      await expect(
        page.getByRole("group", { name: field }).getByRole("radio", { name: option, exact: true }),
      ).toBeChecked();
    }
    await expect(page.getByRole("button", { name: "Dodaj do koszyka" })).toBeEnabled();
    await expect(page.getByText("Produkt niedostępny")).toHaveCount(0);
    // an option that cannot be bought with this choice says so beside it
    const soldOutOption = page
      .getByRole("group", { name: soldOut.field })
      .getByRole("radio", { name: soldOut.option, exact: true });
    await expect(soldOutOption).toHaveAccessibleDescription(/brak/);
    await expect(
      page
        .getByRole("group", { name: opening[0]?.field ?? "" })
        .getByRole("radio", { name: opening[0]?.option ?? "", exact: true }),
    ).not.toHaveAccessibleDescription(/brak/);
    expect(await axeViolations(page, "main")).toEqual([]);

    // a version chosen in the address is kept, even when it is sold out
    await page.goto(`${productUrl(product)}?${soldOutFirstSearch}`);
    await expect(page.getByText("Produkt niedostępny")).toBeVisible();
    await expect(page.getByRole("button", { name: "Dodaj do koszyka" })).toBeDisabled();
  });

  test("the discount reads the same on the product's card and on its page", async ({ page, request }) => {
    const product = await productWithFractionalDiscount(request);
    await page.goto(`/produkty?szukaj=${encodeURIComponent(product.title)}`);
    const card = page
      .getByRole("article")
      .filter({ has: page.getByRole("link", { name: product.title, exact: true }) });
    const badge = card.getByText(/^-\d+(,\d+)?%$/);
    await expect(badge).toBeVisible();
    const cardDiscount = (await badge.textContent())?.trim() ?? "";
    await card.getByRole("link", { name: product.title, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible();
    await expect(page.getByRole("main").getByText(/^-\d+(,\d+)?%$/)).toHaveText(cardDiscount);
  });

  test("opens the full-screen gallery, moves with the arrow keys and closes with Escape", async ({
    page,
    request,
  }) => {
    const product = await productWithTags(request);
    await page.goto(productUrl(product));
    const opener = page.getByRole("button", { name: /^Powiększ zdjęcie/ });
    await opener.click();

    const gallery = page.getByRole("dialog", { name: "Galeria zdjęć" });
    await expect(gallery).toBeVisible();
    await expect(gallery.getByText(`Zdjęcie 1 z ${product.images.length}`)).toBeVisible();
    await expect(gallery.getByRole("button", { name: "Zamknij galerię" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(gallery.getByText(`Zdjęcie 2 z ${product.images.length}`)).toBeVisible();
    await gallery.getByRole("button", { name: "Poprzednie zdjęcie" }).click();
    await expect(gallery.getByText(`Zdjęcie 1 z ${product.images.length}`)).toBeVisible();
    // Tab stays inside the gallery
    for (let n = 0; n < 6; n++) await page.keyboard.press("Tab");
    expect(await gallery.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);

    await page.keyboard.press("Escape");
    await expect(gallery).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("a wrong or missing slug redirects permanently to the canonical address", async ({
    page,
    request,
  }) => {
    const product = await productWithTags(request);
    const wrong = await request.get(`/produkt/${product._id}-zly-adres?kategoria=1`, { maxRedirects: 0 });
    expect(wrong.status()).toBe(301);
    expect(wrong.headers().location).toContain(`${productUrl(product)}?kategoria=1`);

    await page.goto(`/produkt/${product._id}`);
    await expect(page).toHaveURL(new RegExp(`${productUrl(product)}$`));
    await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible();
  });

  test("a hidden or missing product is a 404 with a link home", async ({ page, request }) => {
    const hidden = await hiddenProductId(request);
    const response = await page.goto(`/produkt/${hidden}-ukryty`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Dany produkt nie istnieje" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Strona główna" }).click();
    await expect(page).toHaveURL(/\/$/);

    const missing = await page.goto("/produkt/999999-nie-ma");
    expect(missing?.status()).toBe(404);
    await expect(page.getByText("Dany produkt nie istnieje")).toBeVisible();
  });

  test("a hash-tag link searches the shop for the tag", async ({ page, request }) => {
    const product = await productWithTags(request);
    const tag = product.tags[0] ?? "";
    await page.goto(productUrl(product));
    await page.getByRole("link", { name: `#${tag}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/produkty\\?szukaj=${encodeURIComponent(tag)}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Produkty" })).toBeVisible();
  });

  test("is shown in English with the language cookie", async ({ page, request, baseURL }) => {
    const product = await productWithTags(request);
    await page.context().addCookies([{ name: "lang", value: "en", url: baseURL ?? "" }]);
    await page.goto(productUrl(product));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByText(/lowest price in the last 30 days: \d+,\d\d zł/)).toBeVisible();
    await expect(page.getByText("Secure payment through a bank")).toBeVisible();
    // the title has no English text yet: it is read with the Polish voice (WCAG 3.1.2)
    await expect(page.getByRole("heading", { level: 1, name: product.title })).toHaveAttribute("lang", "pl");
    await page.goto(`/produkty?szukaj=${encodeURIComponent(product.title)}`);
    await expect(
      page.getByRole("main").getByRole("link", { name: product.title, exact: true }),
    ).toHaveAttribute("lang", "pl");
  });

  test("in Polish the page needs no language marks on its content", async ({ page, request }) => {
    const product = await productWithTags(request);
    await page.goto(productUrl(product));
    await expect(page.getByRole("heading", { level: 1, name: product.title })).not.toHaveAttribute("lang");
  });
});

test.describe("the phone's buy bar", () => {
  test("appears after scrolling past the button and adds the chosen version to the cart", async ({
    page,
    request,
  }) => {
    const { product } = await productOpeningSoldOut(request);
    await page.goto(productUrl(product));
    const bar = page.getByRole("region", { name: "Szybkie dodanie do koszyka" });
    await expect(page.getByRole("button", { name: "Dodaj do koszyka" })).toBeEnabled();
    await expect(bar).toBeHidden();
    const pagePrice = (await price(page).textContent())?.trim() ?? "";
    // the shopper reads on below the button (the description)
    await page.getByRole("heading", { name: "Opis" }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 400);
    if (!isPhone(page)) {
      await expect(bar).toBeHidden();
      return;
    }
    await expect(bar).toBeVisible();
    await expect(bar.getByText(pagePrice, { exact: true })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.style.getPropertyValue("--buy-bar-height")),
    ).toMatch(/^\d+(\.\d+)?px$/);
    await bar.getByRole("button", { name: "Dodaj do koszyka" }).click();
    await expect(sideCart(page)).toBeVisible();
    await expect(sideCart(page).getByRole("link", { name: product.title })).toBeVisible();
  });

  test("never covers the element that has the keyboard focus", async ({ page, request }) => {
    test.skip(!isPhone(page), "the bar is shown on phones only");
    await page.emulateMedia({ reducedMotion: "reduce" });
    const { product } = await productOpeningSoldOut(request);
    await page.goto(productUrl(product));
    await expect(page.getByRole("button", { name: "Dodaj do koszyka" })).toBeEnabled();
    const bar = page.getByRole("region", { name: "Szybkie dodanie do koszyka" });
    let barSeen = false;
    // Tab from the top through the product, its description and the related products
    for (let n = 0; n < 45; n++) {
      await page.keyboard.press("Tab");
      // after two frames: the bar shows (or hides) from an IntersectionObserver callback after the scroll
      const covered = await page.evaluate(async () => {
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const focused = document.activeElement;
        const shown = document.querySelector<HTMLElement>('section[aria-label="Szybkie dodanie do koszyka"]');
        if (!focused || focused === document.body || !shown || shown.hidden || shown.contains(focused))
          return null;
        const box = focused.getBoundingClientRect();
        const barTop = shown.getBoundingClientRect().top;
        return box.height > 0 && box.bottom > barTop ? focused.outerHTML.slice(0, 120) : null;
      });
      expect(covered, `Tab ${n + 1}`).toBeNull();
      if (await bar.isVisible()) barSeen = true;
    }
    expect(barSeen).toBe(true);
  });
});

test.describe("the product page for shop staff", () => {
  test("shows the moderator links and previews a hidden product", async ({ page, request }) => {
    const product = await productWithTags(request);
    const hidden = await hiddenProductId(request);
    await signIn(page, "admin@example.com", "admin1234");

    await page.goto(productUrl(product));
    const tools = page.getByRole("navigation", { name: "Narzędzia moderatora" });
    await expect(tools.getByRole("link", { name: "dodaj podobny" })).toHaveAttribute(
      "href",
      `/konto/sklep/produkty/dodaj?kopiuj=${product._id}`,
    );
    await expect(tools.getByRole("link", { name: "edytuj" })).toHaveAttribute(
      "href",
      `/konto/sklep/produkty/edytuj/${product._id}`,
    );

    const response = await page.goto(`/produkt/${hidden}-ukryty`);
    expect(response?.status()).toBe(200);
    await expect(page.getByText("Ten produkt jest ukryty: klienci go nie widzą.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Dodaj do koszyka" })).toBeDisabled();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

    // a protected static page can be edited but not copied
    await page.goto("/regulamin");
    await expect(tools.getByRole("link", { name: "edytuj" })).toBeVisible();
    await expect(tools.getByRole("link", { name: "dodaj podobny" })).toHaveCount(0);
  });
});

test.describe("the product page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("chooses a variant with the apply button", async ({ page, request }) => {
    const { product, outOfStock } = await variantProduct(request);
    await page.goto(productUrl(product));
    await choose(page, outOfStock);
    await page.getByRole("button", { name: "Zastosuj wybór" }).click();
    await expect(page).toHaveURL(/opcja-\d+=\d+/);
    await expect(price(page)).toHaveText(outOfStock.priceLabel);
    await expect(page.getByRole("button", { name: "Dodaj do koszyka" })).toBeDisabled();
  });
});
