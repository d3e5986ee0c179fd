import { describe, expect, it } from "vitest";
import type { Product } from "../../../../domain/types";
import { productFormSchema } from "../../../../domain/validation/catalog";
import { parseForm } from "../../../../domain/validation/errors";
import { formPayloadInput, formStateFromForm, formStateFromProduct } from "./form-state";

// The product form read the same way by the browser and the action: per-row variant inputs,
// ticked ids in a stable order, typed prices -> the payload.

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("product form state", () => {
  it("reads variant rows, flags and ids, keeping the saved category order first", () => {
    const state = formStateFromForm(
      form([
        ["title", "Kocyk"],
        ["priceGrosze", "12,50"],
        ["quantity", "0"],
        ["vatRate", "23"],
        ["processingTime", "1-2"],
        ["categories", "2"],
        ["categories", "5"],
        ["categories", "9"],
        ["categoriesOrder", "[5,2]"],
        ["fields", "7"],
        ["isNew", "on"],
        ["variantFields", '{"7":70}'],
        ["variantId", "11"],
        ["variantPrice", "10,00"],
        ["variantPromotionalPrice", ""],
        ["variantQuantity", "3"],
        ["variantFields", '{"7":71}'],
        ["variantId", ""],
        ["variantPrice", "12.00"],
        ["variantPromotionalPrice", "9"],
        ["variantQuantity", "0"],
        ["images", "[]"],
      ]),
    );
    expect(state.categories).toEqual([5, 2, 9]);
    expect(state.isNew).toBe(true);
    expect(state.isHidden).toBe(false);
    const parsed = parseForm(productFormSchema, formPayloadInput(state));
    expect(parsed.ok && parsed.data).toMatchObject({
      priceGrosze: 1250,
      variants: [
        { _id: 11, fields: { 7: 70 }, priceGrosze: 1000, promotionalPriceGrosze: null, quantity: 3 },
        { fields: { 7: 71 }, priceGrosze: 1200, promotionalPriceGrosze: 900, quantity: 0 },
      ],
    });
  });

  it("prefills a copy without variant ids and with the title suffixed", () => {
    const product = {
      title: "Rożek",
      description: "<p>x</p>",
      tags: ["a", "b"],
      images: [],
      categories: [3],
      fields: [7],
      variants: [{ _id: 4, fields: { 7: 70 }, priceGrosze: 1234, promotionalPriceGrosze: null, quantity: 2 }],
      quantity: 0,
      priceGrosze: 5000,
      promotionalPriceGrosze: 4500,
      vatRate: 8,
      processingTime: "3-6",
      slides: [],
      slidesTitle: "",
      slidesDescription: "",
      isHidden: false,
      isNew: true,
      isSale: false,
      isPremium: false,
      isLayette: false,
      isSet: false,
      hasSlides: false,
    } as unknown as Product;
    expect(formStateFromProduct(product)).toMatchObject({
      title: "Rożek",
      tags: "a, b",
      priceGrosze: "50,00",
      promotionalPriceGrosze: "45,00",
      variants: [{ _id: 4, price: "12,34", promotionalPrice: "", quantity: "2" }],
    });
    const copy = formStateFromProduct(product, " (kopia)");
    expect(copy.title).toBe("Rożek (kopia)");
    expect(copy.variants[0]).not.toHaveProperty("_id");
  });
});
