import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { backInStockSubscriptions, jobs, products } from "../../db/schema";
import { createServices } from "../../services";
import { startApi } from "../../test/api";
import { kitForFile } from "../../test/kit-for-file";
import { bearer, createSignedInUser } from "../accounts/accounts.fixtures";
import { type CatalogFixtures, insertCatalogFixtures } from "../catalog/catalog.fixtures";
import { createJobWorker } from "../jobs/job-worker";
import type { Subscriber } from "./back-in-stock.service";

// "Powiadom mnie, gdy będzie dostępny" (issue 30, docs/decisions/080): the double opt-in, one
// subscription per address and product (and variant), the same answer whatever the address's state,
// the limits, the notice sent once when a warehouse edit brings the stock from 0 to 3 (and never
// twice, by a retry or a second instance), the unsubscribe link and the staff's counts.

const MAIL_LIMIT = 3;
const IP_LIMIT = 6;
const kit = kitForFile(() =>
  startApi({
    name: "back-in-stock-test",
    app: {
      rateLimits: {
        "back-in-stock": {
          perAccount: { limit: IP_LIMIT, windowMs: 600_000 },
          perAddress: { limit: IP_LIMIT, windowMs: 600_000 },
        },
        "back-in-stock-mail": {
          perAccount: { limit: MAIL_LIMIT, windowMs: 600_000 },
          perAddress: { limit: 100, windowMs: 600_000 },
        },
      },
    },
  }),
);

let fx: CatalogFixtures;
let staff: string;
let ipCounter = 0;
/** every test its own client address, so only the limit tests meet the address limit */
const guest = (): Subscriber => ({ ip: `198.51.100.${++ipCounter}`, lang: "pl", user: null });

beforeAll(async () => {
  fx = await insertCatalogFixtures(kit.database.db, new Date());
  staff = (await createSignedInUser(kit.database.db, { roles: ["shop-moderator", "user"] })).token;
});

const service = () => kit.app.services.backInStock;
const subscribe = (productId: number, email: string, who = guest(), variantId: number | null = null) =>
  service().subscribe({ productId, variantId, email }, who);

async function mailsTo(email: string) {
  return kit.app.services.mail.list({ to: email });
}

/** the link's token from the newest e-mail to `email` of this template */
async function linkToken(email: string, template: string, path: "potwierdz" | "wypisz"): Promise<string> {
  const mail = (await mailsTo(email)).find((row) => row.template === template);
  const match = mail?.text.match(new RegExp(`/powiadom-mnie/${path}\\?token=([\\w-]+)`));
  if (!match?.[1]) throw new Error(`no ${path} link in the ${template} e-mail`);
  return match[1];
}

async function subscribeConfirmed(productId: number, email: string, variantId: number | null = null) {
  expect(await subscribe(productId, email, guest(), variantId)).toEqual({
    ok: true,
    value: { confirmed: false },
  });
  const confirmed = await service().confirm(await linkToken(email, "back-in-stock-confirm", "potwierdz"));
  expect(confirmed.ok).toBe(true);
}

const worker = (services = kit.app.services) =>
  createJobWorker(services.jobQueue, services.jobHandlers, { pollMs: 60_000, concurrency: 2 });

async function setStock(payload: { productId: number; variantId?: number | null; quantity: number }[]) {
  const res = await kit.app.inject({
    method: "PUT",
    url: "/api/shops/warehouse",
    headers: bearer(staff),
    payload,
  });
  expect(res.statusCode).toBe(200);
}

const notices = async (email: string) =>
  (await mailsTo(email)).filter((row) => row.template === "back-in-stock");

describe("subscribing", () => {
  it("sends one confirmation e-mail with a confirm and an unsubscribe link, and answers alike whatever the state", async () => {
    const email = "ola.sub@example.com";
    const first = await subscribe(fx.products.outOfStock, email);
    const again = await subscribe(fx.products.outOfStock, "Ola.Sub@Example.com".toLowerCase());
    expect(first).toEqual({ ok: true, value: { confirmed: false } });
    expect(again).toEqual(first);
    const sent = await mailsTo(email);
    expect(sent.map((row) => row.template)).toEqual(["back-in-stock-confirm"]);
    expect(sent[0]?.subject).toContain("Wyprzedany zestaw");
    expect(sent[0]?.text).toMatch(/\/powiadom-mnie\/wypisz\?token=/);
    const rows = await kit.database.db
      .select()
      .from(backInStockSubscriptions)
      .where(eq(backInStockSubscriptions.email, email));
    expect(rows).toHaveLength(1);
    // tokens are stored hashed only
    const token = await linkToken(email, "back-in-stock-confirm", "potwierdz");
    expect(JSON.stringify(rows)).not.toContain(token);

    // confirmed: the same answer again, and no e-mail
    expect((await service().confirm(token)).ok).toBe(true);
    expect(await subscribe(fx.products.outOfStock, email)).toEqual(first);
    expect(await mailsTo(email)).toHaveLength(1);
    // a used or unknown link confirms nothing
    expect(await service().confirm(token)).toMatchObject({ ok: false, code: "invalid-token" });
    expect(await service().confirm("nonsense")).toMatchObject({ ok: false, code: "invalid-token" });
  });

  it("refuses a product in stock, a hidden one and a variant of another product", async () => {
    expect(await subscribe(fx.products.simpleSale, "a@example.com")).toMatchObject({ code: "conflict" });
    expect(await subscribe(fx.products.hidden, "a@example.com")).toMatchObject({ code: "not-found" });
    expect(
      await subscribe(fx.products.outOfStock, "a@example.com", guest(), fx.variants.sPink),
    ).toMatchObject({
      code: "not-found",
    });
  });

  it("subscribes the signed-in customer's own confirmed address at once, without an e-mail", async () => {
    const email = "own.account@example.com";
    const who: Subscriber = { ...guest(), user: { email, approved: true } };
    expect(await subscribe(fx.products.variantsNoStock, email, who)).toEqual({
      ok: true,
      value: { confirmed: true },
    });
    expect(await mailsTo(email)).toHaveLength(0);
    expect(await service().waitingCounts([fx.products.variantsNoStock])).toEqual(
      new Map([[fx.products.variantsNoStock, 1]]),
    );
  });

  it("limits the requests per client address", async () => {
    const ip = guest();
    const answers = [];
    for (let i = 0; i <= IP_LIMIT; i += 1)
      answers.push(await subscribe(fx.products.outOfStock, `bulk${i}@example.com`, ip));
    expect(answers.slice(0, IP_LIMIT).every((answer) => answer.ok)).toBe(true);
    expect(answers[IP_LIMIT]).toMatchObject({ ok: false, code: "rate-limited" });
  });

  it("sends no more confirmations to one address than its limit, across products, and answers alike", async () => {
    const email = "flooded@example.com";
    const targets: [number, number | null][] = [
      [fx.products.outOfStock, null],
      [fx.products.variantsNoStock, null],
      [fx.products.blanket, fx.variants.sPink],
    ];
    for (const [productId, variantId] of targets)
      expect(await subscribe(productId, email, guest(), variantId)).toEqual({
        ok: true,
        value: { confirmed: false },
      });
    expect(await mailsTo(email)).toHaveLength(MAIL_LIMIT);
    // one more product past the limit: the same answer, no e-mail
    expect(await subscribe(fx.products.variantsNoStock, email, guest(), null)).toEqual({
      ok: true,
      value: { confirmed: false },
    });
    expect(await mailsTo(email)).toHaveLength(MAIL_LIMIT);
  });
});

describe("the notice when the stock returns", () => {
  it("goes once to each confirmed subscriber when a warehouse edit brings the stock from 0 to 3", async () => {
    const product = fx.products.outOfStock;
    await subscribeConfirmed(product, "first.waiting@example.com");
    await subscribeConfirmed(product, "second.waiting@example.com");
    await subscribe(product, "never.confirmed@example.com");

    await setStock([{ productId: product, quantity: 3 }]);
    // the trigger queued the product's job in the warehouse's transaction
    const queued = await kit.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, "catalog.back-in-stock"), eq(jobs.status, "queued")));
    expect(queued.map((job) => job.payload)).toContainEqual({ productId: product });

    await worker().runDue();
    const first = await notices("first.waiting@example.com");
    expect(first).toHaveLength(1);
    expect(first[0]?.subject).toBe("Znów dostępny: Wyprzedany zestaw");
    expect(first[0]?.text).toContain(`/produkt/${product}-`);
    expect(first[0]?.text).toMatch(/\/powiadom-mnie\/wypisz\?token=/);
    // the same link as the List-Unsubscribe header, for the mail app's own one-click button
    const link = first[0]?.text.match(/http\S+\/powiadom-mnie\/wypisz\?token=[\w-]+/)?.[0];
    expect(link).toBeTruthy();
    expect(first[0]?.listUnsubscribe).toBe(link);
    expect(await notices("second.waiting@example.com")).toHaveLength(1);
    expect(await notices("never.confirmed@example.com")).toHaveLength(0);

    // a retry, a second instance and the sweep send nothing more
    const second = createServices(kit.database.db, kit.config, { log: { warn() {}, error() {} } });
    await second.backInStock.notifyProduct(product);
    await kit.app.services.backInStock.notifyProduct(product);
    await kit.app.services.backInStock.sweep();
    await worker(second).runDue();
    expect(await notices("first.waiting@example.com")).toHaveLength(1);
    expect(await notices("second.waiting@example.com")).toHaveLength(1);
    expect((await service().waitingCounts([product])).get(product)).toBeUndefined();

    // the notice's unsubscribe link deletes the notified row at once
    const token = await linkToken("first.waiting@example.com", "back-in-stock", "wypisz");
    expect(await service().unsubscribe(token)).toEqual({ ok: true, value: { removed: true } });
    expect(await service().unsubscribe(token)).toEqual({ ok: true, value: { removed: false } });
  });

  it("is per variant: another variant's stock sends nothing, the chosen one's sends", async () => {
    const email = "variant.waiting@example.com";
    await subscribeConfirmed(fx.products.blanket, email, fx.variants.sPink);
    await setStock([{ productId: fx.products.blanket, variantId: fx.variants.sWhite, quantity: 9 }]);
    await worker().runDue();
    expect(await notices(email)).toHaveLength(0);
    await setStock([{ productId: fx.products.blanket, variantId: fx.variants.sPink, quantity: 2 }]);
    await worker().runDue();
    expect(await notices(email)).toHaveLength(1);
  });

  it("sends nothing for a hidden product, and the unsubscribed are never told", async () => {
    const product = fx.products.variantsNoStock;
    await subscribeConfirmed(product, "hidden.waiting@example.com");
    await subscribeConfirmed(product, "gone@example.com");
    const token = await linkToken("gone@example.com", "back-in-stock-confirm", "wypisz");
    expect(await service().unsubscribe(token)).toEqual({ ok: true, value: { removed: true } });

    await kit.database.db.update(products).set({ isHidden: true }).where(eq(products.id, product));
    const variants = await kit.app.inject({
      method: "GET",
      url: "/api/shops/warehouse",
      headers: bearer(staff),
    });
    const rows = variants.json<{ productId: number; variantId: number | null }[]>();
    const ofProduct = rows.filter((row) => row.productId === product);
    await setStock(ofProduct.map((row) => ({ productId: product, variantId: row.variantId, quantity: 4 })));
    await worker().runDue();
    expect(await notices("hidden.waiting@example.com")).toHaveLength(0);

    // shown again: the hourly sweep finds it in stock with a subscriber waiting
    await kit.database.db.update(products).set({ isHidden: false }).where(eq(products.id, product));
    expect(await service().sweep()).toBe(1);
    await worker().runDue();
    expect(await notices("hidden.waiting@example.com")).toHaveLength(1);
    expect(await notices("gone@example.com")).toHaveLength(0);
  });
});
