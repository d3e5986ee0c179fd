import { and, count, desc, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Product } from "../../../domain/types";
import { auditLog, orderItems, orders, priceHistory, products, productVariants } from "../../db/schema";
import { startApi } from "../../test/api";
import { kitForFile } from "../../test/kit-for-file";
import { bearer, createSignedInUser } from "../accounts/accounts.fixtures";
import { insertCategoryTree, insertFields } from "./catalog.fixtures";
import type { StaffProductPage } from "./product-admin.service";

// Staff product writes (issue 6): one transaction per write with every reference checked, the
// description sanitised, price history by the database triggers, audit entries, and the role
// matrix of every staff endpoint.

const kit = kitForFile(() => startApi({ name: "product-admin-test" }));

let staff: string;
let staffId: number;
let customer: string;
let cats: Awaited<ReturnType<typeof insertCategoryTree>>;
let fields: Awaited<ReturnType<typeof insertFields>>;

beforeAll(async () => {
  const moderator = await createSignedInUser(kit.database.db, { roles: ["shop-moderator", "user"] });
  staff = moderator.token;
  staffId = moderator.id;
  customer = (await createSignedInUser(kit.database.db, { roles: ["user"] })).token;
  cats = await insertCategoryTree(kit.database.db);
  fields = await insertFields(kit.database.db);
});

const IMAGES = [
  { url: "/media/produkty/b.jpg", thumb_url: "/media/produkty/b-thumb.jpg", name: "b", isNew: true },
  { url: "/media/produkty/a.jpg", thumb_url: "/media/produkty/a-thumb.jpg", name: "a", isNew: false },
];

function payload(overrides: Record<string, unknown> = {}) {
  return {
    title: "Kocyk testowy różowy",
    description: "<p>Miękki</p>",
    tags: ["kocyk"],
    images: IMAGES,
    categories: [cats.kocyki, cats.dlaDzieci],
    fields: [fields.size],
    variants: [
      {
        fields: { [fields.size]: fields.sizeS },
        priceGrosze: 12_000,
        promotionalPriceGrosze: null,
        quantity: 3,
      },
      {
        fields: { [fields.size]: fields.sizeM },
        priceGrosze: 15_000,
        promotionalPriceGrosze: null,
        quantity: 1,
      },
    ],
    quantity: 0,
    priceGrosze: 12_000,
    promotionalPriceGrosze: null,
    vatRate: 8,
    isNew: true,
    processingTime: "3-6",
    ...overrides,
  };
}

async function create(body: Record<string, unknown> = payload()) {
  const res = await kit.app.inject({
    method: "POST",
    url: "/api/shops/products",
    headers: bearer(staff),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Product>();
}

const put = (id: number, body: Record<string, unknown>) =>
  kit.app.inject({ method: "PUT", url: `/api/shops/products/${id}`, headers: bearer(staff), payload: body });

async function historyOf(productId: number) {
  return kit.database.db
    .select({ variantId: priceHistory.variantId, priceGrosze: priceHistory.priceGrosze })
    .from(priceHistory)
    .where(eq(priceHistory.productId, productId))
    .orderBy(priceHistory.id);
}

async function counts() {
  const [p] = await kit.database.db.select({ n: count() }).from(products);
  const [a] = await kit.database.db.select({ n: count() }).from(auditLog);
  return { products: p?.n, audit: a?.n };
}

describe("create", () => {
  it("writes the product with its variants, images and categories, shown by the public API", async () => {
    const created = await create();
    const res = await kit.app.inject({ method: "GET", url: `/api/shops/products/${created._id}` });
    expect(res.statusCode).toBe(200);
    const product = res.json<Product>();
    expect(product).toMatchObject({
      title: "Kocyk testowy różowy",
      slug: "Kocyk_testowy_rozowy",
      categories: [cats.kocyki, cats.dlaDzieci],
      fields: [fields.size],
      vatRate: 8,
      isNew: true,
      processingTime: "3-6",
      images: IMAGES,
    });
    expect(
      product.variants.map((variant) => [variant.fields, variant.priceGrosze, variant.quantity]),
    ).toEqual([
      [{ [fields.size]: fields.sizeS }, 12_000, 3],
      [{ [fields.size]: fields.sizeM }, 15_000, 1],
    ]);
    expect(product.thumbnail.totalQuantity).toBe(4);
    // the triggers recorded the product's and each variant's first price
    const history = await historyOf(created._id);
    expect(history).toHaveLength(3);
    const [audit] = await kit.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "product"), eq(auditLog.entityId, String(created._id))));
    expect(audit).toMatchObject({ action: "product.create", actorId: staffId, before: null });
    expect(audit?.after).toMatchObject({ title: "Kocyk testowy różowy", priceGrosze: 12_000, isNew: true });
  });

  it("sanitises the description (scripts, handlers, javascript: links)", async () => {
    const created = await create(
      payload({
        description: '<p>ok</p><img src=x onerror=alert(1)><script>x</script><a href="javascript:x">link</a>',
      }),
    );
    expect(created.description).not.toMatch(/script|onerror|javascript/i);
    expect(created.description).toContain("<p>ok</p>");
    expect(created.description).toContain("link");
  });
});

describe("English texts (issue 30)", () => {
  it("saves the English title and description (sanitised) and makes the English slug from the English title", async () => {
    const created = await create(
      payload({
        titleEn: "Pink test blanket (soft)",
        descriptionEn: "<p>Soft</p><img src=x onerror=alert(1)><script>x</script>",
      }),
    );
    expect(created).toMatchObject({ titleEn: "Pink test blanket (soft)", slugEn: "Pink_test_blanket_soft" });
    const english = (created as unknown as { descriptionEn: string }).descriptionEn;
    expect(english).toContain("<p>Soft</p>");
    expect(english).not.toMatch(/script|onerror/i);
    expect(await kit.app.services.productAdmin.getForEdit(created._id)).toMatchObject({
      titleEn: "Pink test blanket (soft)",
      slugEn: "Pink_test_blanket_soft",
    });
    // a title of no letters still gets a slug, as the Polish one; a blank title leaves the slug blank
    const symbols = await put(created._id, payload({ titleEn: "!!!" }));
    expect(symbols.json()).toMatchObject({ titleEn: "!!!", slugEn: "product" });
    const cleared = await put(created._id, payload({ titleEn: " " }));
    expect(cleared.json()).toMatchObject({ titleEn: "", slugEn: "", descriptionEn: "" });
    const [audit] = await kit.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "product"), eq(auditLog.entityId, String(created._id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ before: { titleEn: "!!!" }, after: { titleEn: "" } });
    const tooLong = await put(created._id, payload({ titleEn: "x".repeat(201) }));
    expect(tooLong.json().fields.titleEn.key).toBe("validation.maxLength");
  });
});

describe("validation", () => {
  const cases: [string, () => Record<string, unknown>, string][] = [
    ["an unknown category", () => ({ categories: [cats.kocyki, 999_999] }), "categories"],
    ["an unknown field", () => ({ fields: [999_999], variants: [] }), "fields"],
    ["an unknown related product", () => ({ hasSlides: true, slides: [999_999] }), "slides"],
    ["a negative price", () => ({ priceGrosze: -100 }), "priceGrosze"],
    [
      "a duplicate variant combination",
      () => ({
        variants: [
          { fields: { [fields.size]: fields.sizeS }, priceGrosze: 100, quantity: 1 },
          { fields: { [fields.size]: fields.sizeS }, priceGrosze: 200, quantity: 1 },
        ],
      }),
      "variants.1.fields",
    ],
    [
      "an option of another field",
      () => ({ variants: [{ fields: { [fields.size]: fields.white }, priceGrosze: 100, quantity: 1 }] }),
      "variants.0.fields",
    ],
    [
      "a variant missing a chosen price field",
      () => ({
        fields: [fields.size, fields.colour],
        variants: [{ fields: { [fields.size]: fields.sizeS }, priceGrosze: 100, quantity: 1 }],
      }),
      "variants.0.fields",
    ],
  ];
  it.each(cases)("refuses %s with a field error and writes nothing", async (_name, patch, field) => {
    const before = await counts();
    const res = await kit.app.inject({
      method: "POST",
      url: "/api/shops/products",
      headers: bearer(staff),
      payload: payload(patch()),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty([field]);
    expect(await counts()).toEqual(before);
  });

  it("refuses an update naming another product's variant, leaving the product as it was", async () => {
    const a = await create();
    const b = await create();
    const foreign = b.variants[0]?._id;
    const res = await put(
      a._id,
      payload({ title: "Zmieniony", variants: [{ ...payload().variants[0], _id: foreign }] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(["variants.0._id"]);
    const [row] = await kit.database.db.select().from(products).where(eq(products.id, a._id));
    expect(row?.title).toBe("Kocyk testowy różowy");
  });

  it("answers 404 for a missing product", async () => {
    expect((await put(999_999, payload())).statusCode).toBe(404);
    const res = await kit.app.inject({
      method: "DELETE",
      url: "/api/shops/products/999999",
      headers: bearer(staff),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("update", () => {
  it("writes price history on every effective price change and shows the reduction in the storefront", async () => {
    const created = await create(payload({ fields: [], variants: [], priceGrosze: 10_000, quantity: 5 }));
    expect(await historyOf(created._id)).toEqual([{ variantId: null, priceGrosze: 10_000 }]);

    // a title-only change is not a price change
    expect(
      (await put(created._id, payload({ fields: [], variants: [], priceGrosze: 10_000, title: "Nowy" })))
        .statusCode,
    ).toBe(200);
    expect(await historyOf(created._id)).toHaveLength(1);

    expect(
      (await put(created._id, payload({ fields: [], variants: [], priceGrosze: 11_000 }))).statusCode,
    ).toBe(200);
    const res = await put(
      created._id,
      payload({ fields: [], variants: [], priceGrosze: 11_000, promotionalPriceGrosze: 8_800 }),
    );
    expect(res.statusCode).toBe(200);
    expect((await historyOf(created._id)).map((row) => row.priceGrosze)).toEqual([10_000, 11_000, 8_800]);

    const product = (
      await kit.app.inject({ method: "GET", url: `/api/shops/products/${created._id}` })
    ).json<Product>();
    // struck-through 110 zł, now 88 zł, the lowest price of the 30 days before the reduction: 100 zł
    expect(product.thumbnail).toMatchObject({
      priceGrosze: 8_800,
      standardPriceGrosze: 11_000,
      discountPercent: 20,
      minPriceGrosze: 10_000,
    });

    const audits = await kit.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "product.update"), eq(auditLog.entityId, String(created._id))))
      .orderBy(auditLog.id);
    expect(audits.at(-1)?.before).toMatchObject({ priceGrosze: 11_000, promotionalPriceGrosze: null });
    expect(audits.at(-1)?.after).toMatchObject({ priceGrosze: 11_000, promotionalPriceGrosze: 8_800 });
  });

  it("keeps variants by _id, adds new ones, deletes missing ones, records variant price changes", async () => {
    const created = await create();
    const [small, medium] = created.variants;
    if (!small || !medium) throw new Error("variants missing");
    const both = payload({
      fields: [fields.size, fields.colour],
      variants: [
        // the same row, now S + white, cheaper
        {
          _id: small._id,
          fields: { [fields.size]: fields.sizeS, [fields.colour]: fields.white },
          priceGrosze: 11_000,
          quantity: 7,
        },
        {
          fields: { [fields.size]: fields.sizeS, [fields.colour]: fields.pink },
          priceGrosze: 12_500,
          quantity: 2,
        },
      ],
    });
    const res = await put(created._id, both);
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<Product>();
    expect(updated.variants.map((variant) => variant._id)[0]).toBe(small._id);
    expect(updated.variants).toHaveLength(2);
    expect(updated.variants.some((variant) => variant._id === medium._id)).toBe(false);
    const history = await historyOf(created._id);
    expect(history.filter((row) => row.variantId === small._id).map((row) => row.priceGrosze)).toEqual([
      12_000, 11_000,
    ]);
    // swapping two kept variants' options does not trip the unique key
    const [first, second] = updated.variants;
    if (!first || !second) throw new Error("variants missing");
    const swapped = await put(
      created._id,
      payload({
        fields: [fields.size, fields.colour],
        variants: [
          { _id: first._id, fields: second.fields, priceGrosze: 1, quantity: 1 },
          { _id: second._id, fields: first.fields, priceGrosze: 2, quantity: 1 },
        ],
      }),
    );
    expect(swapped.statusCode, swapped.body).toBe(200);
  });
});

describe("delete", () => {
  it("deletes the product, keeps order lines' snapshot and audits it", async () => {
    const created = await create();
    const [order] = await kit.database.db
      .insert(orders)
      .values({
        orderNumber: `T-${Date.now()}`,
        email: "k@example.com",
        priceGrosze: 12_000,
        totalProductsGrosze: 12_000,
        deliveryMethod: "courier",
        deliveryTitle: "Kurier",
        deliveryPriceGrosze: 0,
        recipient: {
          displayName: "K",
          email: "k@example.com",
          phone: "1",
          postCode: "00-001",
          city: "W",
          street: "S",
        },
        invoiceData: {
          displayName: "K",
          email: "k@example.com",
          phone: "1",
          postCode: "00-001",
          city: "W",
          street: "S",
        },
      })
      .returning({ id: orders.id });
    if (!order) throw new Error("order");
    await kit.database.db.insert(orderItems).values({
      orderId: order.id,
      productId: created._id,
      variantId: created.variants[0]?._id,
      productTitle: created.title,
      unitPriceGrosze: 12_000,
      quantity: 1,
    });
    const res = await kit.app.inject({
      method: "DELETE",
      url: `/api/shops/products/${created._id}`,
      headers: bearer(staff),
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await kit.app.inject({ method: "GET", url: `/api/shops/products/${created._id}` })).statusCode,
    ).toBe(404);
    // in the trash (ADR 076) until deleted for good, which the order line outlives
    const purged = await kit.app.inject({
      method: "DELETE",
      url: `/api/trash/product/${created._id}`,
      headers: bearer(staff),
    });
    expect(purged.statusCode).toBe(200);
    const [line] = await kit.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line).toMatchObject({
      productId: null,
      variantId: null,
      productTitle: created.title,
      unitPriceGrosze: 12_000,
    });
    const [audit] = await kit.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "product.delete"), eq(auditLog.entityId, String(created._id))));
    expect(audit?.after).toBeNull();
    expect(audit?.before).toMatchObject({ title: created.title, priceGrosze: 12_000 });
    const variants = await kit.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, created._id));
    expect(variants).toEqual([]);
    expect(
      await kit.database.db.select().from(orderItems).where(isNull(orderItems.productId)),
    ).not.toHaveLength(0);
  });
});

describe("staff list", () => {
  it("lists hidden products too, searches by title and filters by a flag", async () => {
    await create(payload({ title: "Ukryta poduszka zielona", isHidden: true, isNew: false }));
    await create(payload({ title: "Zestaw zielony", isSet: true, isNew: false }));
    const list = async (query: string) => {
      const res = await kit.app.inject({
        method: "GET",
        url: `/api/shops/products/staff?${query}`,
        headers: bearer(staff),
      });
      expect(res.statusCode).toBe(200);
      return res.json<StaffProductPage>();
    };
    const found = await list("szukaj=zielon");
    expect(found.items.map((item) => item.title).sort()).toEqual([
      "Ukryta poduszka zielona",
      "Zestaw zielony",
    ]);
    expect(found.items.find((item) => item.isHidden)?.title).toBe("Ukryta poduszka zielona");
    expect((await list("szukaj=zielon&flaga=isSet")).items.map((item) => item.title)).toEqual([
      "Zestaw zielony",
    ]);
    const hidden = await list("flaga=isHidden");
    expect(hidden.items.every((item) => item.isHidden)).toBe(true);
    expect(found.items[0]).toMatchObject({ totalQuantity: 4, variantCount: 2, image: IMAGES[0] });
    // the public list never shows the hidden one
    const publicList = await kit.app.inject({ method: "GET", url: "/api/shops/products?szukaj=zielon" });
    expect(publicList.json().items.map((item: { title: string }) => item.title)).toEqual(["Zestaw zielony"]);
  });

  it("filters the visible products without an English title (issue 30)", async () => {
    await create(payload({ title: "Kocyk błękitny bez angielskiego" }));
    await create(payload({ title: "Kocyk błękitny po angielsku", titleEn: "Blue blanket" }));
    await create(payload({ title: "Kocyk błękitny ukryty", isHidden: true }));
    const res = await kit.app.inject({
      method: "GET",
      url: "/api/shops/products/staff?szukaj=b%C5%82%C4%99kitny&angielski=brak",
      headers: bearer(staff),
    });
    expect(res.json<StaffProductPage>().items.map((item) => item.title)).toEqual([
      "Kocyk błękitny bez angielskiego",
    ]);
  });
});

describe("staff list prices", () => {
  it("gives the variants' price span for a product with variants, the own price without", async () => {
    const withVariants = await create(
      payload({
        title: "Rożek cenowy wariantowy",
        priceGrosze: 1_000,
        variants: [
          {
            fields: { [fields.size]: fields.sizeS },
            priceGrosze: 12_000,
            promotionalPriceGrosze: 9_900,
            quantity: 3,
          },
          {
            fields: { [fields.size]: fields.sizeM },
            priceGrosze: 15_000,
            promotionalPriceGrosze: null,
            quantity: 1,
          },
        ],
      }),
    );
    await create(
      payload({
        title: "Rożek cenowy prosty",
        fields: [],
        variants: [],
        priceGrosze: 5_000,
        promotionalPriceGrosze: 4_500,
      }),
    );
    const res = await kit.app.inject({
      method: "GET",
      url: "/api/shops/products/staff?szukaj=cenowy",
      headers: bearer(staff),
    });
    const items = res.json<StaffProductPage>().items;
    expect(items.find((item) => item._id === withVariants._id)?.priceRange).toEqual({
      minGrosze: 9_900,
      maxGrosze: 15_000,
    });
    expect(items.find((item) => item.title === "Rożek cenowy prosty")?.priceRange).toEqual({
      minGrosze: 4_500,
      maxGrosze: 4_500,
    });
  });
});

describe("related-products picker search", () => {
  const choose = async (query: string) => {
    const res = await kit.app.inject({
      method: "GET",
      url: `/api/shops/products/choice?${query}`,
      headers: bearer(staff),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ _id: number; title: string; sku: string | null; isHidden: boolean }[]>();
  };

  it("finds live products (hidden too) by title, SKU or id, at most the limit, never a trashed one", async () => {
    const [hidden, bySku, trashed] = await kit.database.db
      .insert(products)
      .values([
        { title: "Wybieranka ukryta", slug: "w1", priceGrosze: 100, isHidden: true },
        { title: "Inny tytuł", slug: "w2", priceGrosze: 100, sku: "WYB-777" },
        { title: "Wybieranka w koszu", slug: "w3", priceGrosze: 100, deletedAt: new Date() },
      ])
      .returning({ id: products.id });
    const titles = (await choose("szukaj=wybieranka")).map((item) => item._id);
    expect(titles).toContain(hidden?.id);
    expect(titles).not.toContain(trashed?.id);
    expect((await choose("szukaj=wyb-777")).map((item) => item._id)).toEqual([bySku?.id]);
    expect((await choose(`szukaj=${hidden?.id}`)).map((item) => item._id)).toContain(hidden?.id);
    expect(await choose("szukaj=&limit=1")).toHaveLength(1);
    // a limit above the most is the default, never more than 20
    expect((await choose("limit=5000")).length).toBeLessThanOrEqual(20);
  });
});

describe("roles", () => {
  const endpoints = () => [
    { method: "GET" as const, url: "/api/shops/products/staff" },
    { method: "GET" as const, url: "/api/shops/products/choice?szukaj=a" },
    { method: "POST" as const, url: "/api/shops/products", payload: payload() },
    { method: "PUT" as const, url: "/api/shops/products/1", payload: payload() },
    { method: "DELETE" as const, url: "/api/shops/products/1" },
  ];
  it("refuses anonymous visitors (401) and customers (403) on every staff endpoint, writing nothing", async () => {
    const before = await counts();
    for (const endpoint of endpoints()) {
      const anonymous = await kit.app.inject(endpoint);
      expect(anonymous.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(401);
      const user = await kit.app.inject({ ...endpoint, headers: bearer(customer) });
      expect(user.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(403);
      expect(user.json().message).toBe("Required moderator role");
    }
    expect(await counts()).toEqual(before);
  });
});
