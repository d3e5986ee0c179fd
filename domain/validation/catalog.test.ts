import { describe, expect, it } from "vitest";
import {
  blogArticleSchema,
  categoriesOrderSchema,
  categorySchema,
  headerSlideSchema,
  pageLinkSchema,
  productFieldSchema,
  productSchema,
  staticPageSchema,
  tagsSchema,
  vatRateSchema,
} from "./catalog";
import { type FieldError, fieldErrors } from "./errors";

const errorsOf = (result: ReturnType<typeof productSchema.safeParse>): Record<string, FieldError> =>
  result.success ? {} : fieldErrors(result.error);

const product = {
  title: "Kocyk minky",
  description: "<p>Miękki</p>",
  tags: ["#kocyk", "minky", "Kocyk", " "],
  categories: [1, 2, 2],
  fields: [1, 2],
  variants: [
    { fields: { "1": 11, "2": 21 }, priceGrosze: 5000, promotionalPriceGrosze: null, quantity: 3 },
    { _id: 7, fields: { "1": 12, "2": 21 }, priceGrosze: 5500, promotionalPriceGrosze: 4999, quantity: 0 },
  ],
  priceGrosze: 5000,
};

describe("productSchema", () => {
  it("fills defaults and normalises lists", () => {
    const parsed = productSchema.parse(product);
    expect(parsed.tags).toEqual(["kocyk", "minky"]);
    expect(parsed.categories).toEqual([1, 2]);
    expect(parsed).toMatchObject({
      quantity: 0,
      promotionalPriceGrosze: null,
      vatRate: 23,
      isHidden: false,
      isNew: false,
      hasSlides: false,
      slides: [],
      slidesTitle: "",
      processingTime: "1-2",
      images: [],
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, FieldError>]>([
    ["valid", {}, {}],
    ["missing title", { title: " " }, { title: { key: "validation.required" } }],
    ["price with decimals", { priceGrosze: 49.99 }, { priceGrosze: { key: "validation.integer" } }],
    [
      "negative price",
      { priceGrosze: -100 },
      { priceGrosze: { key: "validation.minValue", params: { min: 0 } } },
    ],
    ["negative stock", { quantity: -1 }, { quantity: { key: "validation.minValue", params: { min: 0 } } }],
    ["empty promotional price means none", { promotionalPriceGrosze: "" }, {}],
    ["promotional price equal to the price", { priceGrosze: 4999, promotionalPriceGrosze: 4999 }, {}],
    [
      "promotional price above the price",
      { priceGrosze: 4999, promotionalPriceGrosze: 5000 },
      { promotionalPriceGrosze: { key: "validation.promotionalPriceAbovePrice" } },
    ],
    [
      "variant promotional price above its price",
      {
        fields: [1],
        variants: [
          { fields: { "1": 11 }, priceGrosze: 100, promotionalPriceGrosze: 90, quantity: 1 },
          { fields: { "1": 12 }, priceGrosze: 100, promotionalPriceGrosze: 101, quantity: 1 },
        ],
      },
      { "variants.1.promotionalPriceGrosze": { key: "validation.promotionalPriceAbovePrice" } },
    ],
    ["VAT 8", { vatRate: 8 }, {}],
    ["VAT 0", { vatRate: 0 }, {}],
    ["VAT 7 not allowed", { vatRate: 7 }, { vatRate: { key: "validation.invalid" } }],
    ["bad processing time", { processingTime: "14-20" }, { processingTime: { key: "validation.invalid" } }],
    [
      "variant on a field the product does not have",
      { variants: [{ fields: { "9": 91 }, priceGrosze: 1, promotionalPriceGrosze: null, quantity: 1 }] },
      { "variants.0.fields": { key: "validation.invalid" } },
    ],
    [
      "duplicate variant combination",
      {
        variants: [
          { fields: { "1": 11, "2": 21 }, priceGrosze: 1, promotionalPriceGrosze: null, quantity: 1 },
          { fields: { "2": 21, "1": 11 }, priceGrosze: 2, promotionalPriceGrosze: null, quantity: 1 },
        ],
      },
      { "variants.1.fields": { key: "validation.invalid" } },
    ],
    [
      "variant with a negative quantity",
      { variants: [{ fields: { "1": 11 }, priceGrosze: 1, promotionalPriceGrosze: null, quantity: -2 }] },
      { "variants.0.quantity": { key: "validation.minValue", params: { min: 0 } } },
    ],
    [
      "image with a bad URL",
      { images: [{ url: "javascript:alert(1)", thumb_url: "/img/t.jpg", name: "a", isNew: true }] },
      { "images.0.url": { key: "validation.url" } },
    ],
  ])("%s", (_name, patch, errors) => {
    expect(errorsOf(productSchema.safeParse({ ...product, ...patch }))).toEqual(errors);
  });
});

describe("tagsSchema / vatRateSchema", () => {
  it.each<[unknown, string[]]>([
    [
      ["#a", "#A", "b"],
      ["a", "b"],
    ],
    [[" ", "##szycie "], ["szycie"]],
    [undefined, []],
  ])("tags %j -> %j", (input, tags) => {
    expect(tagsSchema.parse(input)).toEqual(tags);
  });

  it.each<[unknown, boolean]>([
    [23, true],
    [8, true],
    [5, true],
    [0, true],
    [22, false],
    ["23", false],
  ])("VAT %j -> %s", (rate, ok) => {
    expect(vatRateSchema.safeParse(rate).success).toBe(ok);
  });
});

describe("categorySchema / categoriesOrderSchema", () => {
  it.each<[unknown, boolean]>([
    [{ title: "Kocyki" }, true],
    [{ title: "Kocyki", parent: 1, order: 2, image: "/img/kocyki.jpg" }, true],
    [{ title: "" }, false],
    [{ title: "Kocyki", parent: 0 }, false],
    [{ title: "Kocyki", order: -1 }, false],
    [{ title: "Kocyki", image: "not a link" }, false],
  ])("%j -> %s", (input, ok) => {
    expect(categorySchema.safeParse(input).success).toBe(ok);
  });

  it("defaults parent and image; no order = placed last by the service", () => {
    expect(categorySchema.parse({ title: "Kocyki", image: "" })).toEqual({
      title: "Kocyki",
      titleEn: "",
      parent: null,
      image: null,
    });
  });

  it.each<[unknown, boolean]>([
    [
      [
        { _id: 1, parent: null, order: 0 },
        { _id: 2, parent: 1, order: 1 },
      ],
      true,
    ],
    [[{ _id: 1, order: 0 }], false],
  ])("bulk %j -> %s", (input, ok) => {
    expect(categoriesOrderSchema.safeParse(input).success).toBe(ok);
  });
});

describe("productFieldSchema", () => {
  it.each<[unknown, boolean]>([
    [{ title: "Kolor", changePrice: true, options: [{ title: "różowy" }] }, true],
    [{ title: "Kolor", options: [] }, false],
    [{ title: "Kolor", options: [{ title: "" }] }, false],
    [{ title: "", options: [{ title: "a" }] }, false],
  ])("%j -> %s", (input, ok) => {
    expect(productFieldSchema.safeParse(input).success).toBe(ok);
  });

  it("defaults", () => {
    expect(productFieldSchema.parse({ title: "Haft", options: [{ title: "tak", image: "" }] })).toEqual({
      title: "Haft",
      type: "radio",
      description: "",
      titleEn: "",
      descriptionEn: "",
      changePrice: false,
      options: [{ title: "tak", description: "", titleEn: "", descriptionEn: "", image: null }],
    });
  });
});

describe("headerSlideSchema", () => {
  it.each<[unknown, boolean]>([
    [{ title: "Lato", image: { url: "/uploads/lato.jpg" } }, true],
    [
      { title: "Lato", image: { url: "https://cdn.example.pl/lato.jpg" }, link: "/produkty?wyprzedaz=tak" },
      true,
    ],
    [{ title: "Lato", image: { url: "/x.jpg" }, link: "https://example.pl/promo" }, true],
    [{ title: "Lato", image: { url: "/x.jpg" }, link: "promo" }, false],
    [{ title: "Lato", image: { url: "//evil.example/x.jpg" } }, false],
    [{ title: "Lato" }, false],
  ])("%j -> %s", (input, ok) => {
    expect(headerSlideSchema.safeParse(input).success).toBe(ok);
  });
});

describe("pageLinkSchema / staticPageSchema", () => {
  it.each<[unknown, string | null]>([
    ["o-nas", "o-nas"],
    ["/Regulamin", "regulamin"],
    ["poradniki/szycie_rozka", "poradniki/szycie_rozka"],
    ["", null],
    ["/", null],
    ["o nas", null],
    ["różowe", null],
    ["a//b", null],
    // app routes and server paths are reserved (issue 24)
    ["koszyk", null],
    ["/Koszyk", null],
    ["api/health", null],
    ["api", null],
    ["media/produkty", null],
    ["konto/sklep", null],
    ["produkt/1-kocyk", null],
    ["koszyki", "koszyki"],
    ["o-koszyku", "o-koszyku"],
    // the contact screen shows the page "kontakt"
    ["kontakt", "kontakt"],
    ["kontakt/x", null],
  ])("%j -> %j", (input, link) => {
    const result = pageLinkSchema.safeParse(input);
    expect(result.success ? result.data : null).toBe(link);
  });

  it("names the reserved link with its own message", () => {
    const result = pageLinkSchema.safeParse("koszyk");
    expect(result.success ? null : result.error.issues[0]?.message).toBe("validation.reservedLink");
  });

  it("parses a page with defaults", () => {
    expect(staticPageSchema.parse({ link: "o-nas", title: "O nas" })).toEqual({
      link: "o-nas",
      title: "O nas",
      image: null,
      content: "",
      titleEn: "",
      linkEn: "",
      contentEn: "",
      protected: false,
    });
  });

  it("takes an English link by the link's rules, blank as none", () => {
    const page = (linkEn: unknown) => staticPageSchema.safeParse({ link: "o-nas", title: "O nas", linkEn });
    expect(page("/About-Us").data?.linkEn).toBe("about-us");
    for (const blank of [undefined, null, "", " ", "/"]) expect(page(blank).data?.linkEn).toBe("");
    expect(page("koszyk").error?.issues[0]?.message).toBe("validation.reservedLink");
    expect(page("a b").error?.issues[0]?.message).toBe("validation.invalid");
  });
});

describe("blogArticleSchema", () => {
  it.each<[unknown, boolean]>([
    [{ title: "Jak uszyć rożek", content: "<p>...</p>", tags: ["#szycie"] }, true],
    [{ title: "Rożek", hasSlides: true, slides: [1, 2] }, true],
    [{ title: "Rożek", slides: ["x"] }, false],
    [{ title: "" }, false],
  ])("%j -> %s", (input, ok) => {
    expect(blogArticleSchema.safeParse(input).success).toBe(ok);
  });
});
