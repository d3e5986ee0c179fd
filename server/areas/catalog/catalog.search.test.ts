import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { variantKey } from "../../../domain/pricing";
import { fuzzyKeys, normalizeSearchText, stemPolish } from "../../../domain/search";
import type { ProductBasic } from "../../../domain/types";
import { PRODUCT_PAGE_SIZE, type ProductListPage } from "../../../domain/validation/product-query";
import type { Db } from "../../db/client";
import { productCategories, products, productVariants } from "../../db/schema";
import { startApi } from "../../test/api";
import type { TestDatabase } from "../../test/database";
import { kitForFile } from "../../test/kit-for-file";
import { expectRefusedQuery, publicRead } from "../../test/reply-check";
import { insertCategoryTree } from "./catalog.fixtures";

// The product list of /produkty and GET /api/shops/products?…: every filter, both directions of
// every sort, price bounds on the effective price, paging, Polish-aware search and invalid input.

const kit = kitForFile(() => startApi({ name: "catalog-search-test", prepare: insertProducts }));

let cats: Awaited<ReturnType<typeof insertCategoryTree>>;
const ids: Record<string, number> = {};
const FILLER_COUNT = 30;
const base = new Date("2026-01-01T00:00:00.000Z");
const minutes = (n: number) => new Date(base.getTime() + n * 60_000);

type Insert = typeof products.$inferInsert;

async function product(db: Db, key: string, values: Omit<Insert, "slug">, categoryIds: number[] = []) {
  const [row] = await db
    .insert(products)
    .values({ slug: values.title.replace(/\s+/g, "_"), ...values })
    .returning({ id: products.id });
  if (!row) throw new Error("not inserted");
  ids[key] = row.id;
  if (categoryIds.length > 0) {
    await db
      .insert(productCategories)
      .values(categoryIds.map((categoryId, position) => ({ productId: row.id, categoryId, position })));
  }
  return row.id;
}

async function insertProducts(database: TestDatabase): Promise<void> {
  const db = database.db;
  cats = await insertCategoryTree(db);
  await product(
    db,
    "zolty",
    {
      title: "Żółty kocyk bawełniany",
      tags: ["lato"],
      description: "<p>Lekki <strong>kocyk</strong> na ciepłe dni.</p>",
      quantity: 12,
      priceGrosze: 8_950,
      isNew: true,
      updatedAt: minutes(5),
    },
    [cats.kocyki],
  );
  const minky = await product(
    db,
    "minky",
    {
      title: "Kocyk minky różowy",
      tags: ["minky", "prezent"],
      description: "<p>Puszysty i ciepły.</p>",
      quantity: 0,
      // the variants decide: the cheapest effective price is 110,00 zł
      priceGrosze: 12_900,
      isLayette: true,
      isPremium: true,
      updatedAt: minutes(3),
    },
    [cats.kocyki, cats.wyprawki],
  );
  const small = { "1": 1 };
  const large = { "1": 2 };
  await db.insert(productVariants).values([
    {
      productId: minky,
      fields: small,
      variantKey: variantKey(small),
      priceGrosze: 12_900,
      promotionalPriceGrosze: 11_000,
      quantity: 2,
    },
    { productId: minky, fields: large, variantKey: variantKey(large), priceGrosze: 16_900, quantity: 1 },
  ]);
  // "kocyk" only in a tag (inflected: kocyki), and only in the description (kocyka)
  await product(
    db,
    "poduszka",
    {
      title: "Poduszka chmurka",
      tags: ["kocyki", "prezent"],
      description: "<p>Miękka poduszka do łóżeczka.</p>",
      quantity: 4,
      priceGrosze: 6_500,
      promotionalPriceGrosze: 5_900,
      isSale: true,
      isPremium: true,
      updatedAt: minutes(4),
    },
    [cats.akcesoria],
  );
  await product(
    db,
    "rozek",
    {
      title: "Rożek niemowlęcy",
      tags: ["wyprawka"],
      description: "<p>Pasuje do każdego <em>kocyka</em> z naszej pracowni.</p>",
      quantity: 3,
      priceGrosze: 11_900,
      isLayette: true,
      isSet: true,
      updatedAt: minutes(2),
    },
    [cats.rozki],
  );
  await product(
    db,
    "wyprzedany",
    {
      title: "Wyprzedany kocyk muślinowy",
      tags: [],
      description: "",
      quantity: 0,
      priceGrosze: 7_000,
      isSale: true,
      updatedAt: minutes(1),
    },
    [cats.kocyki],
  );
  await product(
    db,
    "ukryty",
    {
      title: "Ukryty kocyk",
      tags: ["kocyk"],
      quantity: 5,
      priceGrosze: 100,
      isHidden: true,
      isNew: true,
      isPremium: true,
      updatedAt: minutes(0),
    },
    [cats.kocyki],
  );
  for (let index = 1; index <= FILLER_COUNT; index += 1) {
    const number = String(index).padStart(2, "0");
    await product(
      db,
      `filler${number}`,
      {
        title: `Zawieszka ${number}`,
        tags: ["akcesoria"],
        description: "<p>Drobiazg do wózka.</p>",
        quantity: index % 5,
        // prices in another order than titles and updates
        priceGrosze: 1_000 + ((index * 7) % FILLER_COUNT) * 100,
        isNew: index % 3 === 0,
        updatedAt: minutes(100 + ((index * 11) % FILLER_COUNT)),
      },
      [cats.inne],
    );
  }
}

async function list(query: string): Promise<ProductListPage> {
  const res = await kit.app.inject({ method: "GET", url: `/api/shops/products?${query}` });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json<ProductListPage>();
}

/** Every product of the list, all pages. */
async function listAll(query: string): Promise<ProductBasic[]> {
  const first = await list(`${query}&strona=1`);
  const items = [...first.items];
  for (let page = 2; page <= Math.ceil(first.total / first.pageSize); page += 1) {
    items.push(...(await list(`${query}&strona=${page}`)).items);
  }
  expect(items).toHaveLength(first.total);
  return items;
}

const keysOf = (items: readonly ProductBasic[]) =>
  items.map((item) => Object.keys(ids).find((key) => ids[key] === item._id) ?? String(item._id));

const VISIBLE = 5 + FILLER_COUNT;

describe("the list endpoint", () => {
  it("answers the whole array without list parameters, a page with any of them", async () => {
    const plain = await kit.app.inject({ method: "GET", url: "/api/shops/products" });
    expect(plain.statusCode).toBe(200);
    expect(Array.isArray(plain.json())).toBe(true);
    expect(plain.json<unknown[]>()).toHaveLength(VISIBLE);
    // unknown parameters do not switch to the list
    expect(
      Array.isArray((await kit.app.inject({ method: "GET", url: "/api/shops/products?foo=1" })).json()),
    ).toBe(true);

    const page = await publicRead<ProductListPage>(kit.app, "/api/shops/products?strona=1");
    expect(page).toMatchObject({ total: VISIBLE, page: 1, pageSize: PRODUCT_PAGE_SIZE });
    expect(page.items).toHaveLength(PRODUCT_PAGE_SIZE);
    expect(Object.keys(page.items[0] ?? {}).sort()).toEqual(
      [
        "_id",
        "slug",
        "title",
        "image",
        "categories",
        "isHidden",
        "isNew",
        "isSale",
        "isPremium",
        "isLayette",
        "isSet",
        "processingTime",
        "updatedAt",
        "thumbnail",
      ].sort(),
    );
  });

  it("never lists hidden products, lists products without stock with their zero quantity", async () => {
    const all = await listAll("sortujWg=title");
    expect(keysOf(all)).not.toContain("ukryty");
    expect(all.every((item) => !item.isHidden)).toBe(true);
    const soldOut = all.find((item) => item._id === ids.wyprzedany);
    expect(soldOut?.thumbnail.totalQuantity).toBe(0);
    // a product with variants counts the variants' stock, not its own
    expect(all.find((item) => item._id === ids.minky)?.thumbnail.totalQuantity).toBe(3);
  });

  it("pages by 24 with the total; a page beyond the last shows the last", async () => {
    const first = await list("strona=1");
    const second = await list("strona=2");
    expect(first.items).toHaveLength(24);
    expect(second).toMatchObject({ page: 2, total: VISIBLE });
    expect(second.items).toHaveLength(VISIBLE - 24);
    const overlap = second.items.filter((item) => first.items.some((other) => other._id === item._id));
    expect(overlap).toEqual([]);
    const beyond = await list("strona=99");
    expect(beyond.page).toBe(2);
    expect(beyond.items.map((item) => item._id)).toEqual(second.items.map((item) => item._id));
  });
});

describe("filters", () => {
  it.each<[string, string[]]>([
    // a category includes its subcategories (Dla dzieci > Wyprawki > Rożki)
    ["kocyki", ["zolty", "minky", "wyprzedany"]],
    ["dlaDzieci", ["minky", "rozek"]],
    ["wyprawki", ["minky", "rozek"]],
    ["rozki", ["rozek"]],
    ["zabawki", []],
  ])("kategoria = %s", async (category, expected) => {
    const id = cats[category as keyof typeof cats];
    const items = await listAll(`kategoria=${id}`);
    expect(keysOf(items).sort()).toEqual([...expected].sort());
  });

  it("an unknown category lists nothing", async () => {
    expect(await list("kategoria=999999")).toMatchObject({ items: [], total: 0, page: 1 });
  });

  it.each<[string, string[]]>([
    ["nowosci=tak", ["zolty", ...[3, 6, 9, 12, 15, 18, 21, 24, 27, 30].map((n) => `filler${n}`)]],
    ["wyprawki=tak", ["minky", "rozek"]],
    ["zestawy=tak", ["rozek"]],
    ["wyprzedaz=tak", ["poduszka", "wyprzedany"]],
    ["premium=tak", ["minky", "poduszka"]],
    // flags combine with AND
    ["premium=tak&wyprawki=tak", ["minky"]],
    ["premium=tak&wyprzedaz=tak", ["poduszka"]],
    ["wyprawki=tak&zestawy=tak", ["rozek"]],
    ["premium=tak&zestawy=tak", []],
    // with a category too
    [`wyprzedaz=tak&kategoria=KOCYKI`, ["wyprzedany"]],
  ])("%s", async (query, expected) => {
    const items = await listAll(query.replace("KOCYKI", String(cats.kocyki)));
    expect(keysOf(items).sort()).toEqual(
      expected
        .map((key) => (key.startsWith("filler") ? `filler${key.slice(6).padStart(2, "0")}` : key))
        .sort(),
    );
  });

  it("bounds the effective price (the promotional price; the cheapest variant's), inclusive", async () => {
    const prices = (items: ProductBasic[]) => items.map((item) => item.thumbnail.priceGrosze);
    // minky: 129 zł standard, 110 zł as its cheapest variant's promotional price
    expect(keysOf(await listAll("minCena=100&maxCena=115"))).toEqual(["minky"]);
    expect(keysOf(await listAll("minCena=110&maxCena=110"))).toEqual(["minky"]);
    expect(await listAll("minCena=120&maxCena=125")).toEqual([]);
    // poduszka: 65 zł, promotional 59 zł
    expect(keysOf(await listAll("minCena=59&maxCena=60"))).toEqual(["poduszka"]);
    expect(await listAll("minCena=60&maxCena=64.99")).toEqual([]);
    const above = await listAll("minCena=89.5");
    expect(keysOf(above).sort()).toEqual(["minky", "rozek", "zolty"].sort());
    expect(prices(above).every((price) => price >= 8_950)).toBe(true);
    const below = await listAll("maxCena=12,00");
    expect(below.length).toBeGreaterThan(0);
    expect(prices(below).every((price) => price <= 1_200)).toBe(true);
    expect(keysOf(await listAll("minCena=0&maxCena=0"))).toEqual([]);
  });
});

describe("sorting", () => {
  const plain = (title: string) =>
    title.replace(/[łŁ]/g, "l").normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

  it("defaults to updated ascending; descending is the exact reverse", async () => {
    const asc = await listAll("sortujTyp=asc");
    const explicit = await listAll("sortujWg=updated&sortujTyp=asc");
    const desc = await listAll("sortujWg=updated&sortujTyp=desc");
    expect(explicit.map((item) => item._id)).toEqual(asc.map((item) => item._id));
    const times = asc.map((item) => Date.parse(item.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(keysOf(asc).slice(0, 5)).toEqual(["wyprzedany", "rozek", "minky", "poduszka", "zolty"]);
    expect(desc.map((item) => item._id)).toEqual(asc.map((item) => item._id).reverse());
  });

  it("by price (effective; the cheapest variant's) both ways", async () => {
    const asc = await listAll("sortujWg=price");
    const prices = asc.map((item) => item.thumbnail.priceGrosze);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(keysOf(asc).slice(-5)).toEqual(["poduszka", "wyprzedany", "zolty", "minky", "rozek"]);
    const desc = await listAll("sortujWg=price&sortujTyp=desc");
    expect(desc.map((item) => item._id)).toEqual(asc.map((item) => item._id).reverse());
    expect(desc[0]?.thumbnail.priceGrosze).toBe(11_900);
  });

  it("by title, ignoring case and Polish letters, both ways", async () => {
    const asc = await listAll("sortujWg=title&sortujTyp=asc");
    const titles = asc.map((item) => plain(item.title));
    expect(titles).toEqual([...titles].sort(byCode));
    // Ż sorts as Z: "Zawieszka…" < "Zolty…"
    expect(asc.at(-1)?._id).toBe(ids.zolty);
    const desc = await listAll("sortujWg=title&sortujTyp=desc");
    expect(desc.map((item) => item._id)).toEqual(asc.map((item) => item._id).reverse());
  });
});

describe("search", () => {
  const search = async (text: string, extra = "") =>
    keysOf(await listAll(`szukaj=${encodeURIComponent(text)}${extra}`));

  it.each<[string, string[]]>([
    // case- and diacritic-insensitive, ł → l
    ["Żółty kocyk", ["zolty"]],
    ["zolty kocyk", ["zolty"]],
    ["ZOLTY", ["zolty"]],
    ["bawelniany", ["zolty"]],
    ["łóżeczka", ["poduszka"]],
    ["lozeczko", ["poduszka"]],
    // one typo (a letter changed, missing, added, or two swapped)
    ["kocyl minky", ["minky"]],
    ["kotyk minky", ["minky"]],
    ["zolyt", ["zolty"]],
    ["poduska", ["poduszka"]],
    ["podduszka", ["poduszka"]],
    ["mniky", ["minky"]],
    // Polish endings
    ["kocyka zolty", ["zolty"]],
    ["kocyki minky", ["minky"]],
    ["rożki", ["rozek"]],
    ["rożka", ["rozek"]],
    ["muslinowe", ["wyprzedany"]],
    // tags and description
    ["lato", ["zolty"]],
    ["prezent", ["minky", "poduszka"]],
    ["pracowni", ["rozek"]],
    // every word must match (AND)
    ["kocyk minky", ["minky"]],
    ["kocyk traktor", []],
    ["traktor", []],
    ["!!!", []],
  ])("%j", async (text, expected) => {
    expect((await search(text)).sort()).toEqual([...expected].sort());
  });

  it("ranks title matches first, then tags, then description", async () => {
    const ranked = await search("kocyk");
    expect(ranked.slice(0, 3).sort()).toEqual(["minky", "wyprzedany", "zolty"].sort());
    expect(ranked.slice(3)).toEqual(["poduszka", "rozek"]);
    // ascending relevance is the default; descending reverses it
    const reversed = await search("kocyk", "&sortujWg=relevance&sortujTyp=desc");
    expect(reversed).toEqual([...ranked].reverse());
  });

  it("ranks an exact title word above a similar one", async () => {
    expect(await search("kocyk muślinowy")).toEqual(["wyprzedany"]);
    const ranked = await search("kocyk bawelniany");
    expect(ranked[0]).toBe("zolty");
  });

  it("combines with filters and other orders", async () => {
    expect((await search("kocyk", "&premium=tak")).sort()).toEqual(["minky", "poduszka"]);
    expect(await search("kocyk", "&sortujWg=price")).toEqual([
      "poduszka",
      "wyprzedany",
      "zolty",
      "minky",
      "rozek",
    ]);
    expect(await search("kocyk", `&kategoria=${cats.dlaDzieci}`)).toEqual(["minky", "rozek"]);
    // relevance: the title match before the tag match
    expect(await search("kocyk", "&maxCena=70")).toEqual(["wyprzedany", "poduszka"]);
  });

  it("never finds hidden products", async () => {
    expect(await search("ukryty")).toEqual([]);
  });
});

describe("numbers beyond the database's integers", () => {
  it("answer an empty or unbounded list, never a database error", async () => {
    expect(await list("kategoria=99999999999")).toMatchObject({ items: [], total: 0 });
    expect(await list("minCena=99999999999")).toMatchObject({ items: [], total: 0 });
    expect((await list("maxCena=99999999999")).total).toBe(VISIBLE);
    expect(await list("strona=99999999999")).toMatchObject({ page: 2, total: VISIBLE });
  });
});

describe("invalid parameters", () => {
  it.each([
    ["minCena=-1", "minCena"],
    ["maxCena=abc", "maxCena"],
    ["minCena=1.234", "minCena"],
    ["minCena=50&maxCena=10", "maxCena"],
    ["sortujWg=foo", "sortujWg"],
    ["sortujTyp=up", "sortujTyp"],
    ["kategoria=abc", "kategoria"],
    ["kategoria=-3", "kategoria"],
    ["strona=0", "strona"],
    ["strona=abc", "strona"],
    ["premium=1", "premium"],
    ["wyprzedaz=nie", "wyprzedaz"],
    ["kategoria=1&kategoria=2", "kategoria"],
    [`szukaj=${"a".repeat(101)}`, "szukaj"],
  ])("%s → 400 on %s", async (query, field) => {
    const res = await kit.app.inject({ method: "GET", url: `/api/shops/products?${query}` });
    expectRefusedQuery(res, field);
  });
});

describe("the database agrees with domain/search.ts", () => {
  const words = [
    "kocyk",
    "kocyki",
    "kocykami",
    "kocykiem",
    "zoltego",
    "zolty",
    "profesorowie",
    "synowie",
    "poduszke",
    "koty",
    "mata",
    "koc",
    "100x140",
    "62",
    "bawelniana",
    "dzieciecych",
    "niemowlecy",
  ];

  it("stems like stemPolish", async () => {
    const result = await kit.database.db.execute<{ word: string; stem: string }>(
      sql`select word, public.f_search_stem(word) as stem from unnest(${sql`array[${sql.join(
        words.map((word) => sql`${word}`),
        sql`, `,
      )}]::text[]`}) as word`,
    );
    expect(Object.fromEntries(result.rows.map((row) => [row.word, row.stem]))).toEqual(
      Object.fromEntries(words.map((word) => [word, stemPolish(word)])),
    );
  });

  it("normalises like normalizeSearchText (and drops HTML)", async () => {
    const text = "<p>Żółty&nbsp;KOCYK (70x100) – łąka, <b>Ćma</b>!</p>";
    const result = await kit.database.db.execute<{ doc: string }>(
      sql`select public.f_search_text(${text}) as doc`,
    );
    expect(result.rows[0]?.doc).toBe(
      ` ${normalizeSearchText(text.replace(/<[^>]*>|&[#a-zA-Z0-9]+;/g, " "))} `,
    );
    expect(result.rows[0]?.doc).toBe(" zolty kocyk 70x100 laka cma ");
  });

  it("makes the typo keys of fuzzyKeys from the title's ('t:') and tags' ('g:') stems", async () => {
    const result = await kit.database.db.execute<{ keys: string[] }>(
      sql`select public.f_product_search_keys('Żółte kocyki 70x100 z', array['Minky', 'koc']) as keys`,
    );
    const expected = new Set([
      ...["zolte", "kocyki"].flatMap((word) => fuzzyKeys(stemPolish(word)).map((key) => `t:${key}`)),
      ...fuzzyKeys(stemPolish("minky")).map((key) => `g:${key}`),
    ]);
    expect(new Set(result.rows[0]?.keys)).toEqual(expected);
  });

  it("stores the search document by field and keeps it current on update", async () => {
    const doc = async () =>
      (
        await kit.database.db.execute<{ doc: string }>(
          sql`select search_doc as doc from products where id = ${ids.zolty}`,
        )
      ).rows[0]?.doc;
    expect(await doc()).toBe(" zolty kocyk bawelniany | lato | lekki kocyk na cieple dni ");
    await kit.database.db.execute(
      sql`update products set tags = array['Lato', 'Słońce'] where id = ${ids.zolty}`,
    );
    expect(await doc()).toBe(" zolty kocyk bawelniany | lato slonce | lekki kocyk na cieple dni ");
    await kit.database.db.execute(sql`update products set tags = array['lato'] where id = ${ids.zolty}`);
  });
});
