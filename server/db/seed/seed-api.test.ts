import { describe, expect, it } from "vitest";
import type { BlogArticle, Category, HeaderSlide, Page, Product, ProductBasic } from "../../../domain/types";
import { startApi } from "../../test/api";
import { kitForFile } from "../../test/kit-for-file";
import { seedIfEmpty } from ".";

// The spec's public GET endpoints answer with the seeded demo shop.

const kit = kitForFile(() =>
  startApi({
    name: "shop-seed-api",
    env: { LOG_LEVEL: "silent" },
    prepare: (database, config) => seedIfEmpty(database, config, { images: false }),
  }),
);

async function get<T>(url: string): Promise<T> {
  const response = await kit.app.inject({ method: "GET", url });
  expect(response.statusCode, url).toBe(200);
  return response.json<T>();
}

describe("public API over the demo shop", () => {
  it("lists the category tree under root", async () => {
    const categories = await get<Category[]>("/api/shops/categories");
    const titles = categories.map((category) => category.title);
    expect(titles).toEqual(
      expect.arrayContaining(["Dla dzieci", "Wyprawki", "Zestawy prezentowe", "Kocyki"]),
    );
    expect(titles).not.toContain("root");
    const kocyki = categories.find((category) => category.title === "Kocyki");
    expect(kocyki?.path).toBe("Dla dzieci/Kocyki");
  });

  it("lists visible products with prices in grosze and no hidden ones", async () => {
    const products = await get<Product[]>("/api/shops/products");
    expect(products.length).toBeGreaterThanOrEqual(40);
    expect(products.every((product) => !product.isHidden)).toBe(true);
    expect(products.every((product) => Number.isInteger(product.priceGrosze))).toBe(true);
    expect(products.some((product) => product.variants.length > 0 && product.fields.length >= 2)).toBe(true);
    const basic = await get<ProductBasic[]>("/api/shops/products/basic");
    expect(basic.map((product) => product._id).sort()).toEqual(products.map((product) => product._id).sort());
  });

  it("serves one product by id and 404 for a hidden one", async () => {
    const [first] = await get<Product[]>("/api/shops/products");
    if (!first) throw new Error("no products");
    expect((await get<Product>(`/api/shops/products/${first._id}`)).title).toBe(first.title);
    const all = await kit.database.db.query.products.findMany({ where: (p, { eq }) => eq(p.isHidden, true) });
    expect(all.length).toBeGreaterThan(0);
    const hidden = await kit.app.inject({ method: "GET", url: `/api/shops/products/${all[0]?.id}` });
    expect(hidden.statusCode).toBe(404);
  });

  it("lists fields, header slides, blog articles and pages", async () => {
    const fields = await get<{ title: string; options: unknown[] }[]>("/api/shops/fields");
    expect(fields.find((field) => field.title === "Rozmiar")?.options.length).toBeGreaterThan(1);
    expect((await get<HeaderSlide[]>("/api/shops/headers")).length).toBeGreaterThanOrEqual(3);
    expect((await get<BlogArticle[]>("/api/blogs")).length).toBeGreaterThanOrEqual(3);
    const links = (await get<Page[]>("/api/pages")).map((page) => page.link);
    expect(links).toEqual(
      expect.arrayContaining([
        "o-nas",
        "kontakt",
        "polityka-prywatnosci",
        "regulamin",
        "wysylka-i-platnosci",
        "dev-info",
        "dev-info-en",
      ]),
    );
  });
});
