import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../areas/accounts/accounts.fixtures";
import { insertCategoryTree } from "../areas/catalog/catalog.fixtures";
import { takeStock } from "../areas/orders/stock";
import { createPool, type Database } from "../db/client";
import * as schema from "../db/schema";
import { categories, headerSlides, products, productVariants } from "../db/schema";
import { startChangeFeedKit } from "../test/change-feed-kit";
import { recordFigure } from "../test/figures";
import { kitForFile } from "../test/kit-for-file";
import { CHANGE_FEED_APPLICATION_NAME, createChangeFeed, stockChangeOf } from "./change-feed";

// The change feed (migration 0007's triggers, with 0010's stock signals → NOTIFY shop_changed → every
// instance's cache) on the database of this run: PGlite, or PostgreSQL with DATABASE_URL (CI's second
// pass), where the connection-loss cases run too.

const ON_POSTGRES = Boolean(process.env.DATABASE_URL);

const signals: string[] = [];
let categoryId: number;
const kit = kitForFile(() =>
  startChangeFeedKit(async (database) => {
    categoryId = (await insertCategoryTree(database.db)).kocyki;
  }),
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (bounded) until `done()` holds; returns the milliseconds it took. */
async function waitFor(done: () => boolean, limitMs = 5_000): Promise<number> {
  const start = Date.now();
  while (!done()) {
    if (Date.now() - start > limitMs) throw new Error(`not within ${limitMs} ms`);
    await sleep(5);
  }
  return Date.now() - start;
}

beforeAll(() => {
  kit.feed.onChange((source) => signals.push(source));
});

describe("the change feed", () => {
  it("is listening once ready", () => {
    expect(kit.feed.listening).toBe(true);
  });

  it("signals a committed write of a shown table with its name before the write returns", async () => {
    signals.length = 0;
    await kit.database.db
      .update(categories)
      .set({ title: "Kocyki nowe" })
      .where(eq(categories.id, categoryId));
    // no waiting: PGlite delivers at once, PostgreSQL to the writing session before COMMIT returns
    expect(signals).toEqual(["categories"]);
    // and only once (PostgreSQL: the LISTEN connection skips this instance's own sessions)
    await sleep(50);
    expect(signals).toEqual(["categories"]);
  });

  it("signals once per table and transaction, at commit, and nothing for a rollback", async () => {
    signals.length = 0;
    const during: string[][] = [];
    await kit.database.db.transaction(async (tx) => {
      await tx.update(categories).set({ title: "A" }).where(eq(categories.id, categoryId));
      await tx.update(categories).set({ title: "B" }).where(eq(categories.id, categoryId));
      await tx.insert(headerSlides).values({ title: "Slajd", imageUrl: "/media/s.jpg" });
      during.push([...signals]);
    });
    expect(during).toEqual([[]]);
    expect(signals).toEqual(["categories", "header_slides"]);

    signals.length = 0;
    await kit.database.db
      .transaction(async (tx) => {
        await tx.update(categories).set({ title: "C" }).where(eq(categories.id, categoryId));
        tx.rollback();
      })
      .catch(() => {});
    await sleep(50);
    expect(signals).toEqual([]);
  });

  it("stays quiet for tables the cached answers do not show (accounts)", async () => {
    signals.length = 0;
    await createUser(kit.database.db);
    await sleep(50);
    expect(signals).toEqual([]);
  });

  it("signals a truncate and a delete", async () => {
    signals.length = 0;
    await kit.database.db.delete(headerSlides);
    await kit.database.db.execute(sql`truncate header_slides`);
    expect(signals).toEqual(["header_slides", "header_slides"]);
  });
});

describe.skipIf(!ON_POSTGRES)("the change feed across sessions (PostgreSQL)", () => {
  let other: pg.Client;

  beforeAll(async () => {
    const url = (kit.database.db as unknown as { $client: pg.Pool }).$client.options.connectionString;
    other = new pg.Client({ connectionString: url });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
  });

  it("signals another instance's write through the LISTEN connection, once", async () => {
    signals.length = 0;
    await other.query("update products set title = title where false");
    const ms = await waitFor(() => signals.length > 0);
    await sleep(50);
    expect(signals).toEqual(["products"]);
    recordFigure({
      suite: "caching",
      tried: "a write through another connection (another instance)",
      result: `signalled once after ${ms} ms`,
      held: signals.length === 1,
    });
  });

  it("after its connection is cut: not listening, a change signalled, then listening again and signalling", async () => {
    signals.length = 0;
    const killed = await other.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()",
      [CHANGE_FEED_APPLICATION_NAME],
    );
    expect(killed.rowCount).toBe(1);
    await waitFor(() => signals.includes("disconnect"));
    const reconnectMs = await waitFor(() => kit.feed.listening && signals.includes("reconnect"));
    signals.length = 0;
    await other.query("update categories set title = title where false");
    await waitFor(() => signals.length > 0);
    expect(signals).toEqual(["categories"]);
    recordFigure({
      suite: "caching",
      tried: "the LISTEN connection terminated by the server",
      result: `disconnect signalled, listening again after ${reconnectMs} ms, later writes signalled`,
      held: kit.feed.listening,
    });
  });
});

describe("a change feed on an unreachable server", () => {
  it("is ready without listening, and closes at once", async () => {
    // nothing listens on port 9: every connection is refused, as when the server is stopped
    const pool = createPool("postgres://postgres@127.0.0.1:9/shop", 1);
    const unreachable: Database = {
      db: drizzle(pool, { schema }),
      kind: "postgres",
      migrate: async () => {},
      close: () => pool.end(),
    };
    const down = createChangeFeed(unreachable, { retryMs: 10, maxRetryMs: 20 });
    await down.ready;
    expect(down.listening).toBe(false);
    await sleep(60);
    const start = Date.now();
    await down.close();
    expect(Date.now() - start).toBeLessThan(1_000);
    await unreachable.close();
  });
});

describe("products written in bulk", () => {
  it("signal once per statement, not once per row", async () => {
    signals.length = 0;
    await kit.database.db.insert(products).values(
      Array.from({ length: 50 }, (_, index) => ({
        title: `Produkt ${index}`,
        slug: `produkt-${index}`,
        priceGrosze: 1_000,
      })),
    );
    await waitFor(() => signals.length > 0);
    await sleep(50);
    // the insert also writes price_history rows (migration 0004's row trigger): its own signal
    expect(signals.filter((source) => source === "products")).toEqual(["products"]);
  });
});

describe("stock changes (migration 0010)", () => {
  let plain: number;
  let other: number;
  let withVariants: number;
  let variant: number;

  beforeAll(async () => {
    const rows = await kit.database.db
      .insert(products)
      .values(
        ["Kocyk zapasu", "Poduszka zapasu", "Body zapasu"].map((title, index) => ({
          title,
          slug: `zapas-${index}`,
          priceGrosze: 1_000,
          quantity: 10,
        })),
      )
      .returning({ id: products.id });
    [plain, other, withVariants] = rows.map((row) => row.id) as [number, number, number];
    const [row] = await kit.database.db
      .insert(productVariants)
      .values({ productId: withVariants, fields: {}, variantKey: "1", priceGrosze: 1_000, quantity: 4 })
      .returning({ id: productVariants.id });
    variant = (row as { id: number }).id;
  });

  /** the signals of one write, once it has returned and any late one had time to come */
  async function signalsOf(write: () => Promise<unknown>): Promise<string[]> {
    await sleep(20);
    signals.length = 0;
    await write();
    await sleep(50);
    return [...signals];
  }

  it("name only the products whose quantity alone changed", async () => {
    expect(
      await signalsOf(() =>
        kit.database.db
          .update(products)
          .set({ quantity: sql`${products.quantity} - 1` })
          .where(sql`${products.id} in (${plain}, ${other})`),
      ),
    ).toEqual([`stock:${Math.min(plain, other)},${Math.max(plain, other)}`]);
    expect(
      await signalsOf(() =>
        kit.database.db.update(productVariants).set({ quantity: 3 }).where(eq(productVariants.id, variant)),
      ),
    ).toEqual([`stock:${withVariants}`]);
  });

  it("name a product an order takes stock of (the orders' own statement)", async () => {
    const lines = [
      { productId: plain, variantId: null, quantity: 2, productTitle: "Kocyk zapasu" },
      { productId: withVariants, variantId: variant, quantity: 1, productTitle: "Body zapasu" },
    ];
    const got = await signalsOf(() => kit.database.db.transaction((tx) => takeStock(tx, lines)));
    expect(got.map((source) => stockChangeOf(source)).sort()).toEqual([[plain], [withVariants]].sort());
  });

  it("name the table when anything else changes, also when the quantity changes with it", async () => {
    expect(
      await signalsOf(() =>
        kit.database.db.update(products).set({ isNew: true }).where(eq(products.id, plain)),
      ),
    ).toEqual(["products"]);
    expect(
      await signalsOf(() =>
        kit.database.db.update(products).set({ quantity: 50, isSale: true }).where(eq(products.id, plain)),
      ),
      // the table's name clears every answer; the stock signal that comes with it adds nothing
    ).toEqual(expect.arrayContaining(["products"]));
    expect(
      await signalsOf(() =>
        kit.database.db.update(productVariants).set({ position: 1 }).where(eq(productVariants.id, variant)),
      ),
    ).toEqual(["product_variants"]);
  });

  it("send nothing for an update of the quantity that changes no value", async () => {
    expect(
      await signalsOf(() =>
        kit.database.db
          .update(products)
          .set({ quantity: sql`${products.quantity}` })
          .where(eq(products.id, other)),
      ),
    ).toEqual([]);
  });

  it("leave out of the table's update trigger only the quantity (a new column must join its list)", async () => {
    for (const table of ["products", "product_variants"]) {
      const { rows } = await kit.database.db.execute<{ listed: string[] | null; others: string[] }>(sql`
        select
          (select array_agg(a.attname::text order by a.attname)
             from pg_trigger t join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = any(t.tgattr)
            where t.tgrelid = ${table}::regclass and t.tgname = ${`${table}_notify_shop_changed_update`}) as listed,
          (select array_agg(column_name::text order by column_name)
             from information_schema.columns
            where table_schema = current_schema() and table_name = ${table} and column_name <> 'quantity') as others`);
      const [row] = rows;
      expect(row?.listed, table).toEqual(row?.others);
    }
  });

  it("are read back as product ids; other signals are not stock changes", () => {
    expect(stockChangeOf("stock:12,40")).toEqual([12, 40]);
    for (const source of ["products", "reconnect", "", "stock:", "stock:1,", "stock:a"]) {
      expect(stockChangeOf(source), source).toBeNull();
    }
  });
});
