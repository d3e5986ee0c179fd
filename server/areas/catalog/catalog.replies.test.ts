import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { kitForFile } from "../../test/kit-for-file";
import { expectDeclaredReply } from "../../test/reply-check";
import { callsAs, startCatalogStaffApi } from "../../test/staff-api";
import { bearer, createSignedInUser } from "../accounts/accounts.fixtures";

// The real replies of the catalog's routes match what their declarations give (catalog.replies.ts):
// the public lists, then the staff writes of categories, fields and products, then the warehouse.

const kit = kitForFile(startCatalogStaffApi);

const checked: string[] = [];
function matches(key: string, response: LightMyRequestResponse): void {
  expectDeclaredReply(kit.app, key, response);
  checked.push(key);
}
const staff = callsAs(kit, "moderator");

describe("catalog replies", () => {
  it("the public lists: the category tree, the fields, every product and one page of the list", async () => {
    const categories = await kit.app.inject({ url: "/api/shops/categories" });
    expect(categories.json().some((c: { subcategories: unknown[] }) => c.subcategories.length > 0)).toBe(
      true,
    );
    matches("GET /api/shops/categories", categories);
    const fields = await kit.app.inject({ url: "/api/shops/fields" });
    expect(fields.json()[0].options.length).toBeGreaterThan(0);
    matches("GET /api/shops/fields", fields);
    const all = await kit.app.inject({ url: "/api/shops/products" });
    expect(all.json().length).toBeGreaterThan(0);
    matches("GET /api/shops/products", all);
    const page = await kit.app.inject({ url: "/api/shops/products?sortujWg=title" });
    expect(page.json().items.length).toBeGreaterThan(0);
    matches("GET /api/shops/products", page);
  });

  it("category writes: add, rename, reorder the tree, delete", async () => {
    const created = await staff("POST", "/api/shops/categories", {
      title: "Grzechotki",
      parent: kit.fx.categories.dlaDzieci,
      image: "/media/kategorie/grzechotki.jpg",
    });
    matches("POST /api/shops/categories", created);
    const { _id } = created.json();
    matches(
      "PUT /api/shops/categories/:id",
      await staff("PUT", `/api/shops/categories/${_id}`, { title: "Grzechotki i gryzaki" }),
    );
    matches(
      "PUT /api/shops/categories",
      await staff("PUT", "/api/shops/categories", [{ _id, parent: kit.fx.categories.wyprawki, order: 0 }]),
    );
    matches("DELETE /api/shops/categories/:id", await staff("DELETE", `/api/shops/categories/${_id}`));
  });

  it("field writes: add, update, delete", async () => {
    // an option with a description and an image, one with neither
    const options = [
      { title: "Z podszewką", description: "Bawełna", image: "/media/pola/podszewka.jpg" },
      { title: "Bez podszewki" },
    ];
    const field = { title: "Podszewka", type: "select", description: "", changePrice: true, options };
    const created = await staff("POST", "/api/shops/fields", field);
    matches("POST /api/shops/fields", created);
    const { _id, options: stored } = created.json();
    const updated = await staff("PUT", `/api/shops/fields/${_id}`, {
      ...field,
      options: [...stored, { title: "Z podszewką lnianą" }],
    });
    matches("PUT /api/shops/fields/:id", updated);
    matches("DELETE /api/shops/fields/:id", await staff("DELETE", `/api/shops/fields/${_id}`));
  });

  it("product writes and the staff list: create, list, update, delete", async () => {
    const { size, sizeS, sizeM } = kit.fx.fields;
    const product = {
      title: "Kocyk odpowiedzi",
      description: "<p>Miękki</p>",
      tags: ["kocyk"],
      images: [
        { url: "/media/produkty/k.jpg", thumb_url: "/media/produkty/k-thumb.jpg", name: "k", isNew: true },
      ],
      categories: [kit.fx.categories.kocyki],
      fields: [size],
      variants: [
        { fields: { [size]: sizeS }, priceGrosze: 12_000, promotionalPriceGrosze: 10_000, quantity: 3 },
        { fields: { [size]: sizeM }, priceGrosze: 15_000, promotionalPriceGrosze: null, quantity: 1 },
      ],
      quantity: 0,
      priceGrosze: 12_000,
      promotionalPriceGrosze: null,
      vatRate: 8,
      isNew: true,
      hasSlides: true,
      slides: [kit.fx.products.simpleSale],
      processingTime: "3-6",
    };
    const created = await staff("POST", "/api/shops/products", product);
    matches("POST /api/shops/products", created);
    const { _id, variants } = created.json();
    const list = await staff("GET", "/api/shops/products/staff");
    expect(list.json().items.some((row: { image: unknown }) => row.image !== null)).toBe(true);
    matches("GET /api/shops/products/staff", list);
    const updated = await staff("PUT", `/api/shops/products/${_id}`, {
      ...product,
      variants: variants.map((variant: object) => ({ ...variant, quantity: 4 })),
    });
    matches("PUT /api/shops/products/:id", updated);
    matches("DELETE /api/shops/products/:id", await staff("DELETE", `/api/shops/products/${_id}`));
  });

  it("the warehouse: rows, a bulk change, the CSV export and its import", async () => {
    const rows = await staff("GET", "/api/shops/warehouse");
    expect(rows.json().some((row: { variantId: number | null }) => row.variantId !== null)).toBe(true);
    matches("GET /api/shops/warehouse", rows);
    matches(
      "PUT /api/shops/warehouse",
      await staff("PUT", "/api/shops/warehouse", [
        {
          productId: kit.fx.products.blanket,
          variantId: kit.fx.variants.sPink,
          quantity: 6,
          loadedQuantity: 0,
        },
      ]),
    );
    const csv = await staff("GET", "/api/shops/warehouse.csv");
    const importer = await createSignedInUser(kit.database.db, { roles: ["shop-moderator", "user"] });
    matches("GET /api/shops/warehouse.csv", csv);
    const imported = await kit.app.inject({
      method: "POST",
      url: "/api/shops/warehouse/import",
      headers: { ...bearer(importer.token), "content-type": "text/csv" },
      payload: csv.body.replace(/;6\r\n/, ";7\r\n"),
    });
    expect(imported.json().changed).toBe(1);
    matches("POST /api/shops/warehouse/import", imported);
  });

  it("a subcategory is checked as a category, and documented without a $ref the OpenAPI document cannot resolve", async () => {
    const doc = (await kit.app.inject({ url: "/api/docs/json" })).json();
    const tree = JSON.stringify(doc.paths["/api/shops/categories"].get.responses["200"]);
    expect(tree).toContain("subcategories");
    expect(tree).not.toContain("$ref");
    const nested = { _id: 1, title: "A", parent: null, order: 0, path: "A", idsPath: "1", image: null };
    const schema = kit.app.apiTable["GET /api/shops/categories"]?.response;
    const parse = (reply: unknown) => schema?.safeParse(reply);
    expect(parse([{ ...nested, subcategories: [{ ...nested, subcategories: [] }] }])?.success).toBe(true);
    expect(
      parse([{ ...nested, subcategories: [{ ...nested, subcategories: [{ title: 1 }] }] }])?.success,
    ).toBe(false);
  });

  it("walked every catalog route this file is about", () => {
    expect([...new Set(checked)].sort()).toEqual(
      [
        "GET /api/shops/categories",
        "POST /api/shops/categories",
        "PUT /api/shops/categories",
        "PUT /api/shops/categories/:id",
        "DELETE /api/shops/categories/:id",
        "GET /api/shops/fields",
        "POST /api/shops/fields",
        "PUT /api/shops/fields/:id",
        "DELETE /api/shops/fields/:id",
        "GET /api/shops/products",
        "GET /api/shops/products/staff",
        "POST /api/shops/products",
        "PUT /api/shops/products/:id",
        "DELETE /api/shops/products/:id",
        "GET /api/shops/warehouse",
        "PUT /api/shops/warehouse",
        "GET /api/shops/warehouse.csv",
        "POST /api/shops/warehouse/import",
      ].sort(),
    );
  });
});
