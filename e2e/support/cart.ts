import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { type ApiProduct, type Field, priceLabel, productUrl } from "./catalog-api";

// A shopper's cart: picking a product with variants from the seeded shop (by what it is, never by
// a fixed id), adding it from its page, and the side cart and cart page locators.

export interface CartCandidate {
  product: ApiProduct;
  /** the options to pick on the product page, per field title */
  options: { field: string; option: string }[];
  /** "Rozmiar: 70x100 cm, Kolor: …" as the cart shows it */
  unitGrosze: number;
  /** a quantity that reaches free delivery (99 zł) within the stock */
  freeDeliveryQuantity: number;
}

function effective(item: { priceGrosze: number; promotionalPriceGrosze: number | null }): number {
  return item.promotionalPriceGrosze != null && item.promotionalPriceGrosze !== item.priceGrosze
    ? item.promotionalPriceGrosze
    : item.priceGrosze;
}

/**
 * A visible product with variants and an in-stock variant costing under 99 zł, with enough units
 * that a few of them reach free delivery (and still leave one more unit in stock).
 */
export async function cartCandidate(request: APIRequestContext): Promise<CartCandidate> {
  const [productsRes, fieldsRes] = await Promise.all([
    request.get("/api/shops/products"),
    request.get("/api/shops/fields"),
  ]);
  const products = (await productsRes.json()) as ApiProduct[];
  const fields = (await fieldsRes.json()) as Field[];
  const fieldById = new Map(fields.map((field) => [field._id, field]));
  for (const product of products) {
    for (const variant of product.variants) {
      const unit = effective(variant);
      if (unit <= 0 || unit >= 9_900) continue;
      const needed = Math.ceil(9_900 / unit);
      if (needed < 2 || needed + 1 > variant.quantity || needed > 9) continue;
      const options = Object.entries(variant.fields).map(([fieldId, optionId]) => {
        const field = fieldById.get(Number(fieldId));
        const option = field?.options.find((candidate) => candidate._id === optionId);
        if (!field || !option) throw new Error(`unknown option ${fieldId}:${optionId}`);
        return { field: field.title, option: option.title };
      });
      return { product, options, unitGrosze: unit, freeDeliveryQuantity: needed };
    }
  }
  throw new Error("no product with a variant under 99 zł and enough stock");
}

/** Opens the product page, picks the variant's options and adds it; waits for the side cart. */
export async function addFromProductPage(page: Page, candidate: CartCandidate): Promise<void> {
  await page.goto(productUrl(candidate.product));
  for (const { field, option } of candidate.options) {
    await page.getByRole("group", { name: field }).getByRole("radio", { name: option, exact: true }).check();
  }
  await page.getByRole("button", { name: "Dodaj do koszyka" }).click();
  await expect(sideCart(page)).toBeVisible();
}

export function sideCart(page: Page) {
  return page.getByRole("dialog", { name: "Koszyk" });
}

/** The header's cart button (its name carries the item count). */
export function cartButton(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: /^Koszyk\. Liczba produktów w koszyku: \d+$/ });
}

/** One row of the cart summary (a term and its value), e.g. summaryRow(page, "Razem"). */
export function summaryValue(page: Page, term: string | RegExp) {
  return page
    .getByRole("main")
    .locator("dl > div")
    .filter({ has: page.getByRole("term").filter({ hasText: term }) })
    .getByRole("definition");
}

export { priceLabel };
