import { describe, expect, it } from "vitest";
import type { Category, Product, ProductBasic, ProductField } from "../../../domain/types";
import {
  PRODUCT_PAGE_SIZE,
  type ProductListPage,
  parseProductQuery,
} from "../../../domain/validation/product-query";
import { startApi } from "../../test/api";
import { countingDatabase } from "../../test/counting-database";
import type { TestDatabase } from "../../test/database";
import { kitForFile } from "../../test/kit-for-file";
import { publicRead } from "../../test/reply-check";
import { type CatalogFixtures, daysAgo, insertCatalogFixtures } from "./catalog.fixtures";
import { createCatalogService } from "./catalog.service";

const kit = kitForFile(() => startApi({ name: "catalog-test", prepare: insertFixtures }));

let fx: CatalogFixtures;
const now = new Date();

async function insertFixtures(database: TestDatabase): Promise<void> {
  fx = await insertCatalogFixtures(database.db, now);
}

describe("category tree", () => {
  it("nests the categories below root, siblings by order then id, other top-level ones under root", async () => {
    const res = await kit.app.inject({ method: "GET", url: "/api/shops/categories" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=60");

    const tree = await kit.app.services.catalog.getCategoryTree();
    const c = fx.categories;
    const shape = (list: Category[]): unknown =>
      list.map((category) => ({ id: category._id, subs: shape(category.subcategories) }));
    expect(shape(tree)).toEqual([
      {
        id: c.dlaDzieci,
        subs: [
          { id: c.wyprawki, subs: [{ id: c.rozki, subs: [] }] },
          { id: c.zabawki, subs: [] },
        ],
      },
      { id: c.kocyki, subs: [] },
      { id: c.akcesoria, subs: [] },
      { id: c.inne, subs: [] },
    ]);
  });

  it("gives every category its parent, path and idsPath from the first level below root", async () => {
    const list = (await kit.app.inject({ method: "GET", url: "/api/shops/categories" })).json<Category[]>();
    const c = fx.categories;
    expect(list.map((category) => category._id)).toEqual([
      c.dlaDzieci,
      c.wyprawki,
      c.rozki,
      c.zabawki,
      c.kocyki,
      c.akcesoria,
      c.inne,
    ]);
    expect(list.some((category) => category.title === "root")).toBe(false);
    const rozki = list.find((category) => category._id === c.rozki);
    expect(rozki).toMatchObject({
      title: "Rożki",
      parent: c.wyprawki,
      order: 0,
      path: "Dla dzieci/Wyprawki/Rożki",
      idsPath: `${c.dlaDzieci}/${c.wyprawki}/${c.rozki}`,
      image: null,
      subcategories: [],
    });
    const dlaDzieci = list.find((category) => category._id === c.dlaDzieci);
    expect(dlaDzieci).toMatchObject({ parent: null, path: "Dla dzieci", idsPath: String(c.dlaDzieci) });
    expect(dlaDzieci?.subcategories.map((category) => category.title)).toEqual(["Wyprawki", "Zabawki"]);
    const inne = list.find((category) => category._id === c.inne);
    expect(inne).toMatchObject({ parent: null, path: "Inne", idsPath: String(c.inne) });
  });
});

describe("fields", () => {
  it("lists the fields with options by position", async () => {
    const fields = await publicRead<ProductField[]>(kit.app, "/api/shops/fields");
    expect(fields).toEqual([
      {
        _id: fx.fields.size,
        title: "Rozmiar",
        type: "radio",
        description: "Wybierz rozmiar",
        changePrice: true,
        options: [
          { _id: fx.fields.sizeM, title: "M", description: "", image: null },
          { _id: fx.fields.sizeS, title: "S", description: "", image: null },
        ],
      },
      {
        _id: fx.fields.colour,
        title: "Kolor",
        type: "radio",
        description: "",
        changePrice: true,
        options: [
          { _id: fx.fields.white, title: "Biały", description: "", image: "/media/bialy.jpg" },
          { _id: fx.fields.pink, title: "Różowy", description: "", image: null },
        ],
      },
    ]);
  });
});

describe("products", () => {
  it("lists visible products only (the service lists hidden ones on request)", async () => {
    const res = await kit.app.inject({ method: "GET", url: "/api/shops/products" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=60");
    const p = fx.products;
    const ids = res.json<Product[]>().map((product) => product._id);
    expect(ids).toEqual([p.blanket, p.outOfStock, p.simpleSale, p.variantsNoStock].sort((a, b) => a - b));

    const all = await kit.app.services.catalog.listProducts({ includeHidden: true });
    expect(all.map((product) => product._id)).toContain(p.hidden);
    expect(all.find((product) => product._id === p.hidden)?.isHidden).toBe(true);
  });

  it("shapes the full product DTO with ordered relations and the price figures", async () => {
    const res = await kit.app.inject({ method: "GET", url: `/api/shops/products/${fx.products.blanket}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=60");
    const product = res.json<Product>();
    const f = fx.fields;
    expect(product).toMatchObject({
      _id: fx.products.blanket,
      slug: "Kocyk_z_wariantami",
      title: "Kocyk z wariantami",
      description: "<p>Miękki kocyk</p>",
      tags: ["kocyk", "bawełna"],
      quantity: 99,
      priceGrosze: 10_000,
      promotionalPriceGrosze: null,
      vatRate: 23,
      isHidden: false,
      isNew: true,
      isSale: false,
      hasSlides: true,
      slides: [fx.products.simpleSale, fx.products.outOfStock],
      slidesTitle: "Podobne",
      processingTime: "3-6",
      createdAt: daysAgo(now, 5).toISOString(),
    });
    expect(product.images).toEqual([
      { url: "/media/a.jpg", thumb_url: "/media/a-thumb.jpg", name: "a", isNew: true },
      { url: "/media/b.jpg", thumb_url: "/media/b-thumb.jpg", name: "b", isNew: true },
    ]);
    expect(product.categories).toEqual([fx.categories.kocyki, fx.categories.dlaDzieci]);
    expect(product.fields).toEqual([f.size, f.colour]);
    expect(product.variants).toEqual([
      {
        _id: fx.variants.sWhite,
        fields: { [f.size]: f.sizeS, [f.colour]: f.white },
        priceGrosze: 12_000,
        promotionalPriceGrosze: null,
        quantity: 2,
      },
      {
        _id: fx.variants.sPink,
        fields: { [f.size]: f.sizeS, [f.colour]: f.pink },
        priceGrosze: 12_000,
        promotionalPriceGrosze: 8_000,
        quantity: 0,
      },
      {
        _id: fx.variants.mWhite,
        fields: { [f.size]: f.sizeM, [f.colour]: f.white },
        priceGrosze: 15_000,
        promotionalPriceGrosze: 15_000,
        quantity: 5,
      },
      {
        _id: fx.variants.mPink,
        fields: { [f.size]: f.sizeM, [f.colour]: f.pink },
        priceGrosze: 15_000,
        promotionalPriceGrosze: 13_500,
        quantity: 1,
      },
    ]);
    // 30-day window: rows recorded in it plus the price in effect when it opened
    expect(product.minPriceGrosze).toBe(9_500);
    expect(product.minVariantPrice).toEqual({
      [fx.variantKeys.sWhite]: 11_000,
      [fx.variantKeys.sPink]: 6_000,
      // no history: the current effective price
      [fx.variantKeys.mWhite]: 15_000,
      [fx.variantKeys.mPink]: 13_500,
    });
    // the cheapest variant (sPink, 8000 of 12000) drives the thumbnail; total = 2 + 0 + 5 + 1
    expect(product.thumbnail).toEqual({
      totalQuantity: 8,
      discountPercent: 33.33,
      priceGrosze: 8_000,
      standardPriceGrosze: 12_000,
      minPriceGrosze: 6_000,
    });
  });

  it("keys minVariantPrice by the sorted option ids joined by dots", () => {
    const f = fx.fields;
    const expected = [f.sizeS, f.pink].sort((a, b) => a - b).join(".");
    expect(fx.variantKeys.sPink).toBe(expected);
  });

  it("computes simple-product figures: promotional price, discount, the price before the reduction", async () => {
    const catalog = kit.app.services.catalog;
    const sale = await catalog.getProduct(fx.products.simpleSale);
    // on a reduction: the lowest price of the 30 days before it started (Omnibus), here above it
    expect(sale?.minPriceGrosze).toBe(5_000);
    expect(sale?.minVariantPrice).toEqual({});
    expect(sale?.thumbnail).toEqual({
      totalQuantity: 3,
      discountPercent: 20,
      priceGrosze: 4_000,
      standardPriceGrosze: 5_000,
      minPriceGrosze: 5_000,
    });
    const out = await catalog.getProduct(fx.products.outOfStock);
    expect(out?.thumbnail).toEqual({
      totalQuantity: 0,
      discountPercent: 0,
      priceGrosze: 3_000,
      standardPriceGrosze: 3_000,
      minPriceGrosze: 3_000,
    });
    // variants at 0 win over the product quantity
    const noStock = await catalog.getProduct(fx.products.variantsNoStock);
    expect(noStock?.thumbnail.totalQuantity).toBe(0);
  });

  it("lists basic products: first image only, categories, flags and thumbnail, hidden excluded", async () => {
    const list = await publicRead<ProductBasic[]>(kit.app, "/api/shops/products/basic");
    expect(list.map((product) => product._id)).not.toContain(fx.products.hidden);
    expect(list).toHaveLength(4);
    const blanket = list.find((product) => product._id === fx.products.blanket);
    expect(blanket).toEqual({
      _id: fx.products.blanket,
      slug: "Kocyk_z_wariantami",
      title: "Kocyk z wariantami",
      image: { url: "/media/a.jpg", thumb_url: "/media/a-thumb.jpg", name: "a", isNew: true },
      categories: [fx.categories.kocyki, fx.categories.dlaDzieci],
      isHidden: false,
      isNew: true,
      isSale: false,
      isPremium: false,
      isLayette: false,
      isSet: false,
      processingTime: "3-6",
      updatedAt: expect.any(String),
      thumbnail: {
        totalQuantity: 8,
        discountPercent: 33.33,
        priceGrosze: 8_000,
        standardPriceGrosze: 12_000,
        minPriceGrosze: 6_000,
      },
    });
    expect(list.find((product) => product._id === fx.products.simpleSale)?.image).toBeNull();
    expect(list.find((product) => product._id === fx.products.outOfStock)?.image?.name).toBe("z");
    const withHidden = await kit.app.services.catalog.listProductsBasic({ includeHidden: true });
    expect(withHidden).toHaveLength(5);
  });

  it("answers 404 with the error body for a missing or hidden product, 400 for a non-numeric id", async () => {
    const hidden = await kit.app.inject({ method: "GET", url: `/api/shops/products/${fx.products.hidden}` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({
      statusCode: 404,
      code: "not-found",
      message: "Not found.",
      messageKey: "errors.notFound",
    });
    expect(hidden.headers["cache-control"]).toBeUndefined();
    expect(
      await kit.app.services.catalog.getProduct(fx.products.hidden, { includeHidden: true }),
    ).toMatchObject({
      _id: fx.products.hidden,
      isHidden: true,
    });

    const maxId = Math.max(...Object.values(fx.products));
    const missing = await kit.app.inject({ method: "GET", url: `/api/shops/products/${maxId + 1000}` });
    expect(missing.statusCode).toBe(404);
    // numeric but beyond the integer column: a plain 404, never a database error
    const huge = await kit.app.inject({ method: "GET", url: "/api/shops/products/99999999999" });
    expect(huge.statusCode).toBe(404);
    expect(await kit.app.services.catalog.getProduct(Number.MAX_SAFE_INTEGER + 2)).toBeNull();

    for (const bad of ["abc", "12abc", "-1", "1.5", "0", "99999999999999999999"]) {
      const res = await kit.app.inject({ method: "GET", url: `/api/shops/products/${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({
        statusCode: 400,
        code: "validation",
        fields: { id: expect.any(Object) },
      });
    }
  });
});

describe("latestProducts", () => {
  const ids = (list: ProductBasic[]) => list.map((product) => product._id);

  it("returns visible products newest first (createdAt, then id)", async () => {
    const p = fx.products;
    const latest = await kit.app.services.catalog.latestProducts({ limit: 10 });
    expect(ids(latest)).toEqual([p.outOfStock, p.variantsNoStock, p.simpleSale, p.blanket]);
  });

  it("limits in SQL", async () => {
    const p = fx.products;
    expect(ids(await kit.app.services.catalog.latestProducts({ limit: 2 }))).toEqual([
      p.outOfStock,
      p.variantsNoStock,
    ]);
    expect(await kit.app.services.catalog.latestProducts({ limit: 0 })).toEqual([]);
  });

  it("keeps only products in stock (variant quantities when the product has variants)", async () => {
    const p = fx.products;
    const inStock = await kit.app.services.catalog.latestProducts({ inStockOnly: true, limit: 10 });
    expect(ids(inStock)).toEqual([p.simpleSale, p.blanket]);
    expect(inStock.every((product) => product.thumbnail.totalQuantity > 0)).toBe(true);
  });

  it("filters by a flag, alone or with the stock filter", async () => {
    const p = fx.products;
    const catalog = kit.app.services.catalog;
    expect(ids(await catalog.latestProducts({ flag: "isPremium", limit: 10 }))).toEqual([
      p.outOfStock,
      p.simpleSale,
    ]);
    expect(ids(await catalog.latestProducts({ flag: "isPremium", inStockOnly: true, limit: 10 }))).toEqual([
      p.simpleSale,
    ]);
    expect(ids(await catalog.latestProducts({ flag: "isSale", limit: 10 }))).toEqual([p.simpleSale]);
    expect(ids(await catalog.latestProducts({ flag: "isLayette", limit: 10 }))).toEqual([p.variantsNoStock]);
    expect(await catalog.latestProducts({ flag: "isLayette", inStockOnly: true, limit: 10 })).toEqual([]);
    expect(ids(await catalog.latestProducts({ flag: "isSet", limit: 10 }))).toEqual([p.outOfStock]);
    expect(ids(await catalog.latestProducts({ flag: "isNew", limit: 10 }))).toEqual([p.blanket]);
  });
});

describe("the home strips and the product screen (one statement each)", () => {
  it("reads several strips at once, each the same as latestProducts", async () => {
    const catalog = kit.app.services.catalog;
    const strips = await catalog.latestStrips({
      inStock: { inStockOnly: true, limit: 10 },
      premium: { flag: "isPremium", limit: 10 },
      newest: { limit: 1 },
      none: { flag: "isSale", limit: 0 },
    });
    expect(strips.inStock).toEqual(await catalog.latestProducts({ inStockOnly: true, limit: 10 }));
    expect(strips.premium).toEqual(await catalog.latestProducts({ flag: "isPremium", limit: 10 }));
    expect(strips.newest).toEqual(await catalog.latestProducts({ limit: 1 }));
    expect(strips.none).toEqual([]);
  });

  it("gives the product, its visible related products, every field and category", async () => {
    const catalog = kit.app.services.catalog;
    const p = fx.products;
    const page = await catalog.productPage(p.blanket);
    expect(page?.product).toEqual(await catalog.getProduct(p.blanket));
    // the slides are simpleSale and outOfStock (both visible), as basic entries
    const basic = await catalog.listProductsBasic();
    expect(page?.related.map((product) => product._id).sort()).toEqual([p.outOfStock, p.simpleSale].sort());
    for (const product of page?.related ?? []) {
      expect(product).toEqual(basic.find((entry) => entry._id === product._id));
    }
    expect(page?.fields).toEqual(await catalog.listFields());
    expect(page?.categories).toEqual(await catalog.listCategories());
    // a product without slides has no related products; hidden ones only for staff
    expect((await catalog.productPage(p.simpleSale))?.related).toEqual([]);
    expect(await catalog.productPage(p.hidden)).toBeNull();
    expect((await catalog.productPage(p.hidden, { includeHidden: true }))?.product).toEqual(
      await catalog.getProduct(p.hidden, { includeHidden: true }),
    );
    expect(await catalog.productPage(2_147_483_648)).toBeNull();
  });

  it("reads visible products by id, skipping hidden and missing ones", async () => {
    const catalog = kit.app.services.catalog;
    const p = fx.products;
    const found = await catalog.productsBasicByIds([p.simpleSale, p.hidden, 999_999, p.simpleSale, 0]);
    expect(found).toEqual((await catalog.listProductsBasic()).filter((entry) => entry._id === p.simpleSale));
    expect(await catalog.productsBasicByIds([])).toEqual([]);
  });
});

describe("query count", () => {
  it("reads any number of products, with their relations, in one statement", async () => {
    const counting = countingDatabase(kit.database);
    const catalog = createCatalogService(counting.database.db, { now: () => now });
    const count = async (read: () => Promise<unknown>) => {
      counting.log.clear();
      await read();
      return counting.log.statements.length;
    };

    // each product with its images, categories, field links, variants and price-history figures
    expect(await count(() => catalog.listProducts({ includeHidden: true }))).toBe(1);
    expect(await count(() => catalog.listProductsBasic())).toBe(1);
    expect(await count(() => catalog.latestProducts({ limit: 10 }))).toBe(1);
    expect(await count(() => catalog.getProduct(fx.products.blanket))).toBe(1);
    expect(await count(() => catalog.listCategories())).toBe(1);
    expect(await count(() => catalog.listFields())).toBe(1);
    // several strips (the home page); the product screen: the product with its related products, and
    // every field and category (kept in process with a change feed: product-page.test.ts)
    expect(
      await count(() =>
        catalog.latestStrips({ all: { limit: 10 }, sale: { flag: "isSale", limit: 3 }, none: { limit: 0 } }),
      ),
    ).toBe(1);
    // (PGlite plans the product statement once per service: a PREPARE before the first call)
    await catalog.productPage(fx.products.simpleSale);
    expect(await count(() => catalog.productPage(fx.products.blanket))).toBe(2);
    expect(await count(() => catalog.productsBasicByIds([fx.products.blanket, fx.products.simpleSale]))).toBe(
      1,
    );

    // the product list: the count and the page with its relations
    counting.log.clear();
    const page = await catalog.searchProducts(parseProductQuery("szukaj=kocyk&sortujWg=price"));
    expect(page.items.map((product) => product._id)).toEqual([fx.products.blanket]);
    expect(counting.log.statements).toHaveLength(1);

    // nothing found: still one statement
    counting.log.clear();
    expect(await catalog.searchProducts(parseProductQuery("kategoria=999999"))).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: PRODUCT_PAGE_SIZE,
    });
    expect(counting.log.statements).toHaveLength(1);

    // a page beyond the last one shows the last one: a second statement reads it
    counting.log.clear();
    const beyond = await catalog.searchProducts(parseProductQuery("strona=50"));
    expect(beyond).toMatchObject({ page: 1, total: 4 });
    expect(beyond.items).toHaveLength(4);
    expect(counting.log.statements).toHaveLength(2);
  });
});

describe("the product list (GET /api/shops/products with list parameters)", () => {
  it("answers a page of basic products, the same entries as /products/basic", async () => {
    const res = await kit.app.inject({ method: "GET", url: "/api/shops/products?sortujWg=title" });
    expect(res.statusCode).toBe(200);
    const page = res.json<ProductListPage>();
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: PRODUCT_PAGE_SIZE });
    const p = fx.products;
    expect(page.items.map((product) => product._id)).toEqual([
      p.blanket,
      p.simpleSale,
      p.variantsNoStock,
      p.outOfStock,
    ]);
    const basic = (await kit.app.inject({ method: "GET", url: "/api/shops/products/basic" })).json<
      ProductBasic[]
    >();
    for (const item of page.items) expect(item).toEqual(basic.find((product) => product._id === item._id));
  });

  it("filters a category with its subcategories, flags and the cheapest variant's price", async () => {
    const ids = async (query: string) =>
      (await kit.app.inject({ method: "GET", url: `/api/shops/products?${query}` }))
        .json<ProductListPage>()
        .items.map((product) => product._id);
    const p = fx.products;
    // the blanket is in Kocyki and Dla dzieci
    expect(await ids(`kategoria=${fx.categories.dlaDzieci}`)).toEqual([p.blanket]);
    expect(await ids(`kategoria=${fx.categories.akcesoria}`)).toEqual([p.simpleSale]);
    expect(await ids("premium=tak&sortujWg=price")).toEqual([p.outOfStock, p.simpleSale]);
    // the blanket's cheapest variant costs 80 zł (its own price is 100 zł)
    expect(await ids("minCena=79.99&maxCena=80")).toEqual([p.blanket]);
    expect(await ids("minCena=100")).toEqual([]);
  });

  it("answers 400 with the field for an invalid parameter", async () => {
    const res = await kit.app.inject({ method: "GET", url: "/api/shops/products?minCena=-1&sortujWg=foo" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "validation",
      fields: { minCena: { key: "validation.minValue" }, sortujWg: { key: "validation.invalid" } },
    });
  });
});
