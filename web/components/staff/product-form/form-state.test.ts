import { describe, expect, it } from "vitest";
import { EMPTY_IDENTITY, EMPTY_SAFETY } from "../../../../domain/gpsr";
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
      titleEn: "Swaddle",
      slugEn: "Swaddle",
      descriptionEn: "<p>Soft</p>",
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
      identity: { ...EMPTY_IDENTITY, sku: "ROZ-1", gtin: "5901234123457", weightGrams: 250 },
      safety: { ...EMPTY_SAFETY, warnings: "Nie dla dzieci poniżej 3 lat." },
    } as unknown as Product;
    expect(formStateFromProduct(product)).toMatchObject({
      title: "Rożek",
      tags: "a, b",
      priceGrosze: "50,00",
      promotionalPriceGrosze: "45,00",
      variants: [{ _id: 4, price: "12,34", promotionalPrice: "", quantity: "2" }],
    });
    const copy = formStateFromProduct(product, " (kopia)", " (copy)");
    expect(copy.title).toBe("Rożek (kopia)");
    // the English texts are copied as the Polish ones: the title suffixed
    expect(copy).toMatchObject({ titleEn: "Swaddle (copy)", descriptionEn: "<p>Soft</p>" });
    expect(formStateFromProduct({ ...product, titleEn: "" }, " (kopia)", " (copy)").titleEn).toBe("");
    expect(copy.variants[0]).not.toHaveProperty("_id");
    // the SKU and the EAN are the original's; its safety information fits the similar product too
    expect(formStateFromProduct(product).identity).toMatchObject({ sku: "ROZ-1", weightGrams: "250" });
    expect(copy.identity).toMatchObject({ sku: "", gtin: "", weightGrams: "250" });
    expect(copy.safety.warnings).toBe("Nie dla dzieci poniżej 3 lat.");
  });

  it("reads the identity and safety inputs: typed numbers, the EU checkbox, an EAN refused by its check digit", () => {
    const entries: [string, string][] = [
      ["title", "Kocyk"],
      ["priceGrosze", "10"],
      ["quantity", "0"],
      ["vatRate", "23"],
      ["processingTime", "1-2"],
      ["identity.sku", "KOC-1"],
      ["identity.gtin", "4006381333931"],
      ["identity.weightGrams", "1 200"],
      ["identity.lengthMm", ""],
      ["safety.manufacturerName", "Weaver Ltd"],
      ["safety.manufacturerOutsideEu", "on"],
      ["safety.warnings", "Uwaga:\r\nmałe elementy"],
    ];
    const parsed = parseForm(productFormSchema, formPayloadInput(formStateFromForm(form(entries))));
    expect(parsed.ok && parsed.data).toMatchObject({
      identity: { sku: "KOC-1", gtin: "4006381333931", weightGrams: 1200, lengthMm: null },
      safety: {
        manufacturerName: "Weaver Ltd",
        manufacturerOutsideEu: true,
        warnings: "Uwaga:\nmałe elementy",
      },
    });
    const badEan = formStateFromForm(
      form([
        ["title", "K"],
        ["priceGrosze", "1"],
        ["identity.gtin", "4006381333932"],
      ]),
    );
    const refused = parseForm(productFormSchema, formPayloadInput(badEan));
    expect(!refused.ok && refused.errors["identity.gtin"]).toEqual({ key: "validation.gtin" });
  });
});
