import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_MAX } from "../../../domain/validation/product-query";
import { buildApp } from "../../../server/app";
import { createUser } from "../../../server/areas/accounts/accounts.fixtures";
import { toPublicUser } from "../../../server/areas/accounts/accounts.mapper";
import {
  blogArticles,
  coupons,
  creatorCategories,
  creators,
  games,
  pages,
  productFields,
  products,
} from "../../../server/db/schema";
import { createTestDatabase, type TestDatabase } from "../../../server/test/database";
import { testConfig } from "../../../server/test/test-config";
import { testWebContext } from "../../../server/test/web-context";
import { loader as blogLoader } from "./blog";
import { loader as couponsLoader } from "./coupons";
import { loader as creatorsLoader } from "./creators";
import { loader as fieldsLoader } from "./fields";
import { loader as gamesLoader } from "./games";
import { loader as pagesLoader } from "./pages";
import { loader as warehouseLoader } from "./warehouse";

// The staff list screens in-process: ?szukaj= (trimmed) and ?strona= reach the list's service, which
// searches and pages in the database; the screens get the same shape as before (items, page, pages,
// search; the creators with their category's title). The fields list is paged the same way.

let database: TestDatabase;
let app: FastifyInstance;
let context: ReturnType<typeof testWebContext>;

/** 25 rows to find (one page of 20 and 5 more) and one not to */
const TITLES = [...Array.from({ length: 25 }, (_, i) => `Wełna ${String(i + 1).padStart(2, "0")}`), "Inne"];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "staff-lists-")) });
  app = await buildApp(config, database, { web: false, logger: false });
  const { db } = database;
  const [category] = await db.insert(creatorCategories).values({ title: "Druty" }).returning();
  await db.insert(pages).values(TITLES.map((title, i) => ({ title, link: `lista-${i}` })));
  await db.insert(blogArticles).values(TITLES.map((title, i) => ({ title, slug: `lista-${i}` })));
  await db.insert(games).values(TITLES.map((title) => ({ title })));
  await db.insert(creators).values(TITLES.map((title) => ({ title, categoryId: category?.id ?? null })));
  const day = (d: number) => new Date(Date.UTC(2026, 0, d));
  await db.insert(coupons).values(
    TITLES.map((code) => ({
      code,
      discountType: "percent" as const,
      discountValue: 5,
      startDate: day(1),
      endDate: day(2),
    })),
  );
  await db.insert(productFields).values(TITLES.map((title) => ({ title })));
  // the warehouse: the first 10 "Wełna" products are low on stock (2 units), the others are not (20)
  await db.insert(products).values(
    TITLES.map((title, i) => ({
      title,
      slug: `lista-${i}`,
      priceGrosze: 1_000,
      quantity: i < 10 ? 2 : 20,
    })),
  );
  context = testWebContext(app.services, {
    user: toPublicUser(await createUser(database.db, { roles: ["shop-moderator", "user"] })),
  });
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const args = (query: string) =>
  ({ context, request: new Request(`http://localhost/x?${query}`), params: {} }) as never;

type ListLoader = (
  args: never,
) => Promise<{ items: { title?: string; code?: string }[]; page: number; pages: number; search: string }>;

describe.each([
  ["pages", pagesLoader],
  ["blog", blogLoader],
  ["games", gamesLoader],
  ["creators", creatorsLoader],
  ["coupons", couponsLoader],
  ["fields", fieldsLoader],
] as [string, ListLoader][])("the staff %s list", (_name, loader) => {
  it("searches ?szukaj= (trimmed, case ignored) and shows page ?strona=", async () => {
    const second = await loader(args("szukaj=%20WEŁNA%20&strona=2"));
    expect([second.search, second.page, second.pages, second.items.length]).toEqual(["WEŁNA", 2, 2, 5]);
    const first = await loader(args("szukaj=we%C5%82na"));
    expect([first.page, first.items.length]).toEqual([1, 20]);
    expect(first.items.map((item) => item.title ?? item.code)).not.toContain("Inne");
  });

  it("shows the last page for a page past the end, the first for one that is not a number", async () => {
    expect((await loader(args("szukaj=wełna&strona=9"))).page).toBe(2);
    expect((await loader(args("strona=abc"))).page).toBe(1);
    expect((await loader(args("szukaj=50%25"))).items).toEqual([]);
  });

  it("cuts a search to the length the shop's own search takes", async () => {
    const listed = await loader(args(`szukaj=${"w".repeat(5_000)}`));
    expect(listed.search).toHaveLength(SEARCH_MAX);
    expect(listed.items).toEqual([]);
  });
});

describe("the staff creators list", () => {
  it("shows each creator's category title, and the categories", async () => {
    const listed = await creatorsLoader(args("szukaj=Inne") as never);
    expect(listed.items.map((c) => [c.title, c.categoryTitle])).toEqual([["Inne", "Druty"]]);
    expect(listed.categories.map((c) => c.title)).toEqual(["Druty"]);
  });
});

describe("the staff warehouse list", () => {
  it("searches, filters and pages in the database: ?szukaj=, ?niski=tak and ?strona=, 20 rows a page", async () => {
    const first = await warehouseLoader(args("szukaj=WEŁNA"));
    expect([first.page, first.pages, first.total, first.rows.length]).toEqual([1, 2, 25, 20]);
    const second = await warehouseLoader(args("szukaj=we%C5%82na&strona=2"));
    expect([second.page, second.rows.length]).toEqual([2, 5]);
    const titles = [...first.rows, ...second.rows].map((row) => row.title);
    expect(titles).toEqual(TITLES.slice(0, 25));
    expect((await warehouseLoader(args("szukaj=wełna&strona=9"))).page).toBe(2);
    const low = await warehouseLoader(args("niski=tak&strona=2"));
    expect([low.page, low.pages, low.total]).toEqual([1, 1, 10]);
    expect(low.rows.every((row) => row.quantity === 2)).toBe(true);
    expect((await warehouseLoader(args("szukaj=inne"))).rows.map((row) => row.title)).toEqual(["Inne"]);
  });
});
