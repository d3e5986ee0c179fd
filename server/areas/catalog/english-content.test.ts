import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_PRODUCT_QUERY } from "../../../domain/validation/product-query";
import type { Db } from "../../db/client";
import {
  blogArticles,
  categories,
  fieldOptions,
  headerSlides,
  pages,
  productCategories,
  productFieldLinks,
  productFields,
  products,
} from "../../db/schema";
import { startApi } from "../../test/api";
import { kitForFile } from "../../test/kit-for-file";

// English content on the storefront's read side (issue 30, docs/decisions/078): what the catalog
// and content services give the English interface — the English texts where filled in, the Polish
// ones where blank, named in `polish` so the page marks only those lang="pl" — and English search.
// The English columns are written here directly (the staff forms that fill them are another part).

const kit = kitForFile(() => startApi({ name: "english-content", prepare: ({ db }) => insertRecords(db) }));

const ids = { root: 0, blankets: 0, pillows: 0, english: 0, polishOnly: 0, colour: 0, pink: 0, grey: 0 };

async function insertRecords(db: Db): Promise<void> {
  const [root] = await db.insert(categories).values({ title: "root" }).returning({ id: categories.id });
  const [blankets, pillows] = await db
    .insert(categories)
    .values([
      { title: "Kocyki", titleEn: "Blankets", parentId: root?.id ?? null, order: 1 },
      { title: "Poduszki", parentId: root?.id ?? null, order: 2 },
    ])
    .returning({ id: categories.id });
  const [colour] = await db
    .insert(productFields)
    .values({ title: "Kolor", titleEn: "Colour", description: "Wybierz kolor", changePrice: false })
    .returning({ id: productFields.id });
  if (!root || !blankets || !pillows || !colour) throw new Error("not inserted");
  const [pink, grey] = await db
    .insert(fieldOptions)
    .values([
      { fieldId: colour.id, title: "Różowy", titleEn: "Pink", description: "Pudrowy", position: 0 },
      { fieldId: colour.id, title: "Szary", position: 1 },
    ])
    .returning({ id: fieldOptions.id });
  const [english, polishOnly] = await db
    .insert(products)
    .values([
      {
        title: "Kocyk waflowy",
        slug: "Kocyk_waflowy",
        titleEn: "Waffle blanket",
        slugEn: "Waffle_blanket",
        description: "<p>Miękki kocyk.</p>",
        priceGrosze: 9_900,
        quantity: 3,
      },
      {
        title: "Poduszka klin",
        slug: "Poduszka_klin",
        description: "<p>Klin.</p>",
        priceGrosze: 5_900,
        quantity: 2,
      },
    ])
    .returning({ id: products.id });
  if (!pink || !grey || !english || !polishOnly) throw new Error("not inserted");
  await db.insert(productCategories).values([
    { productId: english.id, categoryId: blankets.id, position: 0 },
    { productId: polishOnly.id, categoryId: pillows.id, position: 0 },
  ]);
  await db.insert(productFieldLinks).values({ productId: english.id, fieldId: colour.id, position: 0 });
  await db
    .insert(headerSlides)
    .values([
      { title: "Nowości", titleEn: "New in", description: "Co tydzień", imageUrl: "/media/a.jpg", order: 0 },
    ]);
  await db.insert(pages).values([
    {
      link: "o-nas",
      linkEn: "about-us",
      title: "O nas",
      titleEn: "About us",
      content: "<p>Szyjemy.</p>",
      contentEn: "<p>We sew.</p>",
    },
    { link: "regulamin", title: "Regulamin", content: "<p>Zasady.</p>" },
  ]);
  await db.insert(blogArticles).values([
    {
      title: "Jak prać minky",
      slug: "Jak_prac_minky",
      titleEn: "Washing minky",
      slugEn: "Washing_minky",
      content: "<p>Delikatnie.</p>",
    },
  ]);
  Object.assign(ids, {
    root: root.id,
    blankets: blankets.id,
    pillows: pillows.id,
    english: english.id,
    polishOnly: polishOnly.id,
    colour: colour.id,
    pink: pink.id,
    grey: grey.id,
  });
}

describe("the English interface's catalog", () => {
  it("gives a product's English title, slug and description, naming what stayed Polish", async () => {
    const page = await kit.app.services.catalog.productPage(ids.english, { lang: "en" });
    expect(page?.product).toMatchObject({
      title: "Waffle blanket",
      slug: "Waffle_blanket",
      description: "<p>Miękki kocyk.</p>",
      polish: ["description"],
    });
    expect(page?.slugs).toEqual({ pl: "Kocyk_waflowy", en: "Waffle_blanket" });
    const field = page?.fields.find((candidate) => candidate._id === ids.colour);
    expect(field).toMatchObject({ title: "Colour", description: "Wybierz kolor", polish: ["description"] });
    expect(field?.options).toEqual([
      expect.objectContaining({ title: "Pink", description: "Pudrowy", polish: ["description"] }),
      expect.objectContaining({ title: "Szary", polish: ["title", "description"] }),
    ]);
    const blankets = page?.categories.find((category) => category._id === ids.blankets);
    expect(blankets).toMatchObject({ title: "Blankets", path: "Blankets" });
    expect(blankets?.polish).toBeUndefined();
  });

  it("falls back to Polish where there is no English text, and keeps the Polish slug", async () => {
    const page = await kit.app.services.catalog.productPage(ids.polishOnly, { lang: "en" });
    expect(page?.product).toMatchObject({
      title: "Poduszka klin",
      slug: "Poduszka_klin",
      polish: ["title", "description"],
    });
    expect(page?.slugs).toEqual({ pl: "Poduszka_klin", en: "Poduszka_klin" });
  });

  it("leaves the Polish interface as it was: Polish texts and no marks", async () => {
    const page = await kit.app.services.catalog.productPage(ids.english);
    expect(page?.product).toMatchObject({ title: "Kocyk waflowy", slug: "Kocyk_waflowy" });
    expect(page?.product.polish).toBeUndefined();
    expect(page?.fields.find((field) => field._id === ids.colour)?.title).toBe("Kolor");
    const [navigation] = await Promise.all([kit.app.services.content.siteNavigation("pl")]);
    expect(navigation.categories.map((category) => [category.title, category.polish])).toEqual([
      ["Kocyki", undefined],
      ["Poduszki", undefined],
    ]);
  });

  it("gives the menus' categories and the product list's cards in English", async () => {
    const navigation = await kit.app.services.content.siteNavigation("en");
    expect(navigation.categories.map(({ title, polish }) => ({ title, polish }))).toEqual([
      { title: "Blankets", polish: undefined },
      { title: "Poduszki", polish: ["title"] },
    ]);
    const list = await kit.app.services.catalog.searchProducts(DEFAULT_PRODUCT_QUERY, "en");
    expect(list.items.map(({ title, slug, polish }) => ({ title, slug, polish }))).toEqual(
      expect.arrayContaining([
        { title: "Waffle blanket", slug: "Waffle_blanket", polish: undefined },
        { title: "Poduszka klin", slug: "Poduszka_klin", polish: ["title"] },
      ]),
    );
  });

  it("finds a product by a word of its English title only, in either interface", async () => {
    for (const lang of ["en", "pl"] as const) {
      const found = await kit.app.services.catalog.searchProducts(
        { ...DEFAULT_PRODUCT_QUERY, szukaj: "waffle" },
        lang,
      );
      expect(found.items.map((item) => item._id)).toEqual([ids.english]);
    }
    // a typo in the English word still finds it (the typo keys hold the English title too)
    const typo = await kit.app.services.catalog.searchProducts(
      { ...DEFAULT_PRODUCT_QUERY, szukaj: "wafle" },
      "en",
    );
    expect(typo.items.map((item) => item._id)).toContain(ids.english);
  });

  it("updates the search columns when only the English title changes", async () => {
    await kit.database.db
      .update(products)
      .set({ titleEn: "Honeycomb throw" })
      .where(eq(products.id, ids.polishOnly));
    const found = await kit.app.services.catalog.searchProducts(
      { ...DEFAULT_PRODUCT_QUERY, szukaj: "honeycomb" },
      "en",
    );
    expect(found.items.map((item) => item._id)).toEqual([ids.polishOnly]);
    await kit.database.db.update(products).set({ titleEn: "" }).where(eq(products.id, ids.polishOnly));
  });
});

describe("the English interface's content", () => {
  it("finds a page by its English link as by its Polish one, and shows it in English", async () => {
    for (const link of ["about-us", "o-nas"]) {
      const shown = await kit.app.services.content.showPage(link, "en");
      expect(shown?.page).toMatchObject({ title: "About us", content: "<p>We sew.</p>", link: "about-us" });
      expect(shown?.page.polish).toBeUndefined();
      expect(shown?.links).toEqual({ pl: "o-nas", en: "about-us" });
    }
    const polish = await kit.app.services.content.showPage("about-us", "pl");
    expect(polish?.page).toMatchObject({ title: "O nas", link: "o-nas" });
    const fallback = await kit.app.services.content.showPage("regulamin", "en");
    expect(fallback?.page).toMatchObject({ title: "Regulamin", polish: ["title", "content"] });
    expect(fallback?.links).toEqual({ pl: "regulamin", en: "regulamin" });
  });

  it("gives the footer's page links in English", async () => {
    const { pages: links } = await kit.app.services.content.siteNavigation("en");
    expect(links.map(({ link, title, polish }) => ({ link, title, polish }))).toEqual([
      { link: "about-us", title: "About us", polish: undefined },
      { link: "regulamin", title: "Regulamin", polish: ["title"] },
    ]);
  });

  it("gives blog articles and banner slides in English, Polish where blank", async () => {
    const [article] = await kit.app.services.content.listBlogArticles({ lang: "en" });
    expect(article).toMatchObject({ title: "Washing minky", slug: "Washing_minky", polish: ["content"] });
    const shown = await kit.app.services.content.showBlogArticle(article?._id ?? 0, "en");
    expect(shown?.slugs).toEqual({ pl: "Jak_prac_minky", en: "Washing_minky" });
    const home = await kit.app.services.content.homeContent({ blogLimit: 3, lang: "en" });
    expect(home.slides[0]).toMatchObject({
      title: "New in",
      description: "Co tydzień",
      polish: ["description"],
    });
    expect(home.articles[0]?.title).toBe("Washing minky");
  });
});

describe("the English interface's cart", () => {
  it("shows a line's English title and links its English slug; a Polish title is named as such", async () => {
    const { cart } = await kit.app.services.cart.view({
      saved: [
        { productId: ids.english, variantId: null, variantKeys: { [ids.colour]: ids.pink }, quantity: 1 },
        { productId: ids.polishOnly, variantId: null, variantKeys: {}, quantity: 1 },
      ],
      couponCode: null,
      deliveryMethod: "courier",
      user: null,
      ip: "192.0.2.10",
      lang: "en",
    });
    expect(
      cart.lines.map(({ productTitle, productSlug, polish }) => ({ productTitle, productSlug, polish })),
    ).toEqual([
      { productTitle: "Waffle blanket", productSlug: "Waffle_blanket", polish: undefined },
      { productTitle: "Poduszka klin", productSlug: "Poduszka_klin", polish: ["productTitle"] },
    ]);
  });
});
