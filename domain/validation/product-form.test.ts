import { describe, expect, it } from "vitest";
import { productFormSchema } from "./catalog";
import { parseForm } from "./errors";

// The staff product form's text values -> the product payload (issue 6).

const form = {
  title: " Kocyk ",
  description: "<p>x</p>",
  tags: "kocyk, #bawełna, ,kocyk",
  images: '[{"url":"/media/a.jpg","thumb_url":"/media/a-t.jpg","name":"a","isNew":true}]',
  categories: ["3", "2"],
  fields: ["7"],
  variants: JSON.stringify([
    { fields: { 7: 70 }, priceGrosze: "12,34", promotionalPriceGrosze: "", quantity: "2" },
    { _id: 9, fields: { 7: 71 }, priceGrosze: "12.5", promotionalPriceGrosze: "10", quantity: "0" },
  ]),
  priceGrosze: "49,99",
  promotionalPriceGrosze: "",
  quantity: "",
  vatRate: "8",
  isNew: "on",
  processingTime: "3-6",
};

describe("productFormSchema", () => {
  it("turns typed prices into grosze, tags and ids into lists, JSON fields into arrays", () => {
    const parsed = parseForm(productFormSchema, form);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.data).toMatchObject({
      title: "Kocyk",
      tags: ["kocyk", "bawełna"],
      categories: [3, 2],
      fields: [7],
      priceGrosze: 4999,
      promotionalPriceGrosze: null,
      quantity: 0,
      vatRate: 8,
      isNew: true,
      isHidden: false,
      processingTime: "3-6",
      variants: [
        { fields: { 7: 70 }, priceGrosze: 1234, promotionalPriceGrosze: null, quantity: 2 },
        { _id: 9, fields: { 7: 71 }, priceGrosze: 1250, promotionalPriceGrosze: 1000, quantity: 0 },
      ],
    });
    expect(parsed.data.images).toHaveLength(1);
  });

  it("reports errors under the input names", () => {
    const parsed = parseForm(productFormSchema, {
      ...form,
      title: "",
      priceGrosze: "-5",
      quantity: "1,5",
      variants: JSON.stringify([
        { fields: { 7: 70 }, priceGrosze: "abc", quantity: "1" },
        { fields: { 7: 70 }, priceGrosze: "1", quantity: "1" },
      ]),
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toMatchObject({
      title: { key: "validation.required" },
      priceGrosze: { key: "validation.minValue" },
      quantity: { key: "validation.integer" },
      "variants.0.priceGrosze": { key: "validation.number" },
    });
  });

  it("refuses two variants with the same options", () => {
    const variants = JSON.stringify([
      { fields: { 7: 70 }, priceGrosze: "1", quantity: "1" },
      { fields: { 7: 70 }, priceGrosze: "2", quantity: "1" },
    ]);
    const parsed = parseForm(productFormSchema, { ...form, variants });
    expect(parsed.ok ? {} : parsed.errors).toEqual({ "variants.1.fields": { key: "validation.invalid" } });
  });
});
