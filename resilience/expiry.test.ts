import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { recordFigure } from "../server/test/figures";
import { type Cluster, startCluster } from "./support/cluster";
import {
  call,
  createCoupon,
  createStockedVariant,
  expectStatus,
  guestOrderBody,
  loginAdmin,
  placeOrder,
  type Reply,
} from "./support/http";
import { type Instance, startInstance } from "./support/instances";

// Unpaid orders used as a weapon (issue 24, docs/decisions/032): orders that hold a limited coupon's
// uses and are never paid are canceled when their payment time runs out, by the shop's own expiry
// (a periodic job once a minute, run by whichever instance's worker claims it: docs/decisions/050),
// so the uses come back. Two shop processes against one throwaway PostgreSQL cluster both schedule
// and run jobs: each order is canceled, and mailed, exactly once.

let cluster: Cluster;
let instances: Instance[] = [];
let db: pg.Pool;
let token: string;

const target = (i: number) => instances[i % instances.length] as Instance;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * the expiry job runs 60 s after its last run (plus a poll of 5 s); the test brings its next run forward, so
 * this is only the bound of a full turn
 */
const EXPIRY_WAIT_MS = 75_000;

beforeAll(async () => {
  cluster = await startCluster();
  instances.push(await startInstance({ databaseUrl: cluster.url }));
  instances.push(await startInstance({ databaseUrl: cluster.url }));
  db = new pg.Pool({ connectionString: cluster.url, max: 2 });
  token = await loginAdmin(target(0).url);
});

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.destroy().catch(() => {})));
  instances = [];
  await db?.end();
  await cluster?.destroy();
});

beforeEach(({ onTestFailed }) => {
  onTestFailed(() => {
    for (const instance of instances) console.log(`--- shop log ${instance.url}:\n${instance.logTail(40)}`);
  });
});

function counts(replies: Reply[]): string {
  const byStatus = new Map<number, number>();
  for (const reply of replies) byStatus.set(reply.status, (byStatus.get(reply.status) ?? 0) + 1);
  return [...byStatus.entries()].map(([status, n]) => `${n} × ${status || "network error"}`).join(", ");
}

async function couponUses(couponId: number): Promise<number | undefined> {
  const listed = expectStatus(
    await call<{ _id: number; uses: number }[]>("GET", `${target(1).url}/api/shops/coupons`, { token }),
    200,
    "coupon list",
  );
  return listed.find((entry) => entry._id === couponId)?.uses;
}

describe("unpaid orders that expire, on PostgreSQL with two shop instances", () => {
  it("a coupon limited to 5 with 20 unpaid orders: 5 held, canceled once each when their time runs out, 5 uses free again", async () => {
    const UNITS = 200;
    const variant = await createStockedVariant(target(0).url, token, { units: UNITS });
    const coupon = await createCoupon(target(0).url, token, { usageLimit: 5, discountGrosze: 500 });
    const order = (i: number, round: string) =>
      placeOrder(
        target(i).url,
        guestOrderBody(variant, { email: `wygasa-${round}-${i}@example.com`, coupon }),
      );

    const first = await Promise.all(Array.from({ length: 20 }, (_, i) => order(i, "a")));
    const held = first.filter((reply) => reply.status === 201).map((reply) => reply.body.orderNumber);
    expect(held, counts(first)).toHaveLength(5);
    expect(await couponUses(coupon.id)).toBe(5);

    // their payment time is over (as if an hour had passed); the instances' expiry does the rest
    await db.query(
      "update orders set reserved_until = now() - interval '1 second' where order_number = any($1)",
      [held],
    );
    // and the minute until the sweep's next run has passed: whichever instance polls first claims it
    await db.query(
      "update jobs set run_at = now() where kind = 'orders.expire-unpaid' and status = 'queued'",
    );
    const deadline = Date.now() + EXPIRY_WAIT_MS;
    let canceled = 0;
    while (Date.now() < deadline) {
      const { rows } = await db.query<{ n: number }>(
        "select count(*)::int as n from orders where order_number = any($1) and status = 'CANCELED'",
        [held],
      );
      canceled = rows[0]?.n ?? 0;
      if (canceled === held.length) break;
      await sleep(1_000);
    }
    // one more second: a second instance's run must find nothing left to do
    await sleep(1_000);

    const { rows: entries } = await db.query<{ n: number }>(
      `select count(*)::int as n from order_statuses s join orders o on o.id = s.order_id
        where o.order_number = any($1) and s.status = 'CANCELED'`,
      [held],
    );
    const { rows: mails } = await db.query<{ n: number }>(
      "select count(*)::int as n from mail_outbox where template = 'order-expired'",
    );
    const { rows: stock } = await db.query<{ quantity: number }>(
      "select quantity from product_variants where id = $1",
      [variant.variantId],
    );
    const usesAfter = await couponUses(coupon.id);
    const second = await Promise.all(Array.from({ length: 20 }, (_, i) => order(i, "b")));
    const again = second.filter((reply) => reply.status === 201).length;
    const ok =
      canceled === 5 &&
      entries[0]?.n === 5 &&
      mails[0]?.n === 5 &&
      stock[0]?.quantity === UNITS &&
      usesAfter === 0 &&
      again === 5;
    recordFigure({
      suite: "expiry",
      database: "postgres",
      tried: "20 concurrent unpaid orders with a coupon limited to 5, over 2 instances; the 5 held expire",
      result: `first ${counts(first)}; after expiry ${canceled} canceled, ${entries[0]?.n} CANCELED entries, ${mails[0]?.n} e-mails, stock ${stock[0]?.quantity}/${UNITS}, uses ${usesAfter}; again ${counts(second)}`,
      held: ok,
    });
    expect(canceled).toBe(5);
    expect(entries[0]?.n).toBe(5);
    expect(mails[0]?.n).toBe(5);
    expect(stock[0]?.quantity).toBe(UNITS);
    expect(usesAfter).toBe(0);
    expect(again, counts(second)).toBe(5);
  });
});
