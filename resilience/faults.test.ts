import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "../domain/i18n";
import { recordFigure } from "../server/test/figures";
import { type Cluster, startCluster } from "./support/cluster";
import {
  type CreatedOrder,
  call,
  createStockedVariant,
  guestOrderBody,
  loginAdmin,
  type Reply,
  type StockedVariant,
  shopperAddress,
} from "./support/http";
import { type Instance, startInstance } from "./support/instances";

// Faults (issue 7, docs/reliability.md): the shop process killed with SIGKILL in the middle of
// checkout load, five times, loses nothing and charges nothing twice; PostgreSQL stopped abruptly
// (`pg_ctl -m immediate`) under load: the process lives on, answers 503 with a translated message
// meanwhile and serves again by itself once the server is back. One throwaway cluster and one shop
// process (the built app, `node --import tsx server/main.ts`) for the file.

let cluster: Cluster;
let shop: Instance;
let adminToken: string;
let sql: pg.Client;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  cluster = await startCluster();
  shop = await startInstance({ databaseUrl: cluster.url });
  adminToken = await loginAdmin(shop.url);
  sql = new pg.Client({ connectionString: cluster.url });
  // the test's own connection survives the outage of the second test: it reconnects there
  sql.on("error", () => {});
  await sql.connect();
});

afterAll(async () => {
  await sql?.end().catch(() => {});
  await shop?.stop();
  await cluster?.destroy();
});

/** The demo bank's "pay" button (a page action): 302 back to the order when it was handled. */
function pay(baseUrl: string, redirectUrl: string): Promise<Reply> {
  return call("POST", `${baseUrl}${redirectUrl}`, {
    body: new URLSearchParams({ decision: "pay" }),
    headers: {
      accept: "text/html",
      "content-type": "application/x-www-form-urlencoded",
      origin: baseUrl,
    },
    timeoutMs: 20_000,
  });
}

type OrderReply = CreatedOrder & { payment?: { redirectUrl: string }; code?: string };

interface Attempt {
  key: string;
  email: string;
  quantity: number;
  body: unknown;
  /** the first reply's status: 201, 0 (no answer) or anything else (a failure of the test) */
  status: number;
  orderNumber?: string;
  redirectUrl?: string;
  /** the demo bank's pay: 302 answered, 0 no answer, undefined not tried */
  payStatus?: number;
}

describe("kill -9 during checkout", () => {
  it("five SIGKILLs under order load lose no confirmed order, sell no unit twice, charge no order twice; an unanswered order is found again by its Idempotency-Key", async () => {
    const INITIAL_UNITS = 100_000;
    const KILLS = 5;
    const WORKERS = 3;
    const variant: StockedVariant = await createStockedVariant(shop.url, adminToken, {
      units: INITIAL_UNITS,
    });
    const attempts: Attempt[] = [];
    const others: string[] = [];

    // closed while the process is down: no new request starts (the in-flight ones meet the kill)
    let gate: Promise<void> = Promise.resolve();
    let stopped = false;

    const worker = async (index: number) => {
      let n = 0;
      while (!stopped) {
        await gate;
        if (stopped) break;
        n += 1;
        const email = `faults-${index}-${n}-${randomUUID().slice(0, 8)}@example.com`;
        const quantity = 1 + (n % 3);
        const attempt: Attempt = {
          key: randomUUID(),
          email,
          quantity,
          body: guestOrderBody(variant, { email, quantity }),
          status: -1,
        };
        attempts.push(attempt);
        const reply = await call<OrderReply>("POST", `${shop.url}/api/orders`, {
          body: attempt.body,
          headers: { "idempotency-key": attempt.key, "x-forwarded-for": shopperAddress() },
          timeoutMs: 20_000,
        });
        attempt.status = reply.status;
        if (reply.status === 201) {
          attempt.orderNumber = reply.body.orderNumber;
          attempt.redirectUrl = reply.body.payment?.redirectUrl;
          // every other shopper pays at once in the demo bank (a kill may meet the payment too)
          if (n % 2 === 0 && attempt.redirectUrl) {
            attempt.payStatus = (await pay(shop.url, attempt.redirectUrl)).status;
          }
        } else if (reply.status !== 0) {
          others.push(`${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`);
        }
      }
    };

    const workers = Array.from({ length: WORKERS }, (_, i) => worker(i));
    const pids: number[] = [];
    for (let kill = 0; kill < KILLS; kill++) {
      await sleep(1_000 + Math.random() * 1_000);
      let open: () => void = () => {};
      gate = new Promise((resolve) => {
        open = resolve;
      });
      pids.push(shop.pid);
      await shop.kill("SIGKILL");
      await shop.restart();
      open();
    }
    await sleep(1_000);
    stopped = true;
    await Promise.all(workers);

    // ── the client's view ──
    const confirmedInLoop = attempts.filter((a) => a.status === 201);
    const unanswered = attempts.filter((a) => a.status === 0);
    expect(others, "only 201 or no answer during the load").toEqual([]);
    expect(new Set(pids).size, "a new process after every kill").toBe(KILLS);

    // every request without an answer is sent again with the same Idempotency-Key
    let foundAgain = 0;
    let createdOnRetry = 0;
    for (const attempt of unanswered) {
      const before = await sql.query<{ order_number: string }>(
        "select order_number from orders where email = $1",
        [attempt.email],
      );
      const reply = await call<OrderReply>("POST", `${shop.url}/api/orders`, {
        body: attempt.body,
        headers: { "idempotency-key": attempt.key, "x-forwarded-for": shopperAddress() },
        timeoutMs: 20_000,
      });
      expect(reply.status, `re-sent order ${attempt.email}: ${JSON.stringify(reply.body)}`).toBe(201);
      attempt.orderNumber = reply.body.orderNumber;
      attempt.redirectUrl = reply.body.payment?.redirectUrl;
      const committed = before.rows[0]?.order_number;
      if (committed) {
        // committed before the kill, the client never heard: the same order comes back
        expect(reply.body.orderNumber).toBe(committed);
        foundAgain += 1;
      } else {
        createdOnRetry += 1;
      }
    }
    // a payment the client never heard about is pressed again; every paid order's pay is pressed
    // once more (the shopper's second click): neither may charge twice
    const paid = attempts.filter((a) => a.payStatus !== undefined);
    for (const attempt of paid) {
      const again = await pay(shop.url, attempt.redirectUrl as string);
      expect(again.status, `pay again ${attempt.orderNumber}`).toBe(302);
    }

    // ── the database's view ──
    const { rows: orders } = await sql.query<{
      id: number;
      order_number: string;
      email: string;
      status: string;
      stock_reserved: boolean;
      paid_at: Date | null;
    }>(
      `select o.id, o.order_number, o.email, o.status, o.stock_reserved, o.paid_at
         from orders o where exists (select 1 from order_items i where i.order_id = o.id and i.variant_id = $1)`,
      [variant.variantId],
    );
    const byNumber = new Map(orders.map((o) => [o.order_number, o]));
    const ordersPerEmail = new Map<string, number>();
    for (const o of orders) ordersPerEmail.set(o.email, (ordersPerEmail.get(o.email) ?? 0) + 1);

    // every order the client saw confirmed exists, for the right shopper
    const lost = confirmedInLoop.filter((a) => byNumber.get(a.orderNumber as string)?.email !== a.email);
    expect(lost.map((a) => a.orderNumber)).toEqual([]);
    // one order per Idempotency-Key (each attempt has its own key and e-mail), and no order that no
    // attempt asked for
    expect([...ordersPerEmail.values()].filter((count) => count > 1)).toEqual([]);
    const duplicateKeys = await sql.query(
      "select idempotency_key from orders where idempotency_key is not null group by 1 having count(*) > 1",
    );
    expect(duplicateKeys.rowCount).toBe(0);
    const answered = attempts.filter((a) => a.orderNumber);
    expect(answered.length).toBe(attempts.length);
    expect(orders.length).toBe(attempts.length);

    // units sold equal the units in the orders that hold stock
    const { rows: stockRows } = await sql.query<{ quantity: number }>(
      "select quantity from product_variants where id = $1",
      [variant.variantId],
    );
    const unitsSold = INITIAL_UNITS - (stockRows[0]?.quantity ?? 0);
    const { rows: heldRows } = await sql.query<{ units: number }>(
      `select coalesce(sum(i.quantity), 0)::int as units
         from order_items i join orders o on o.id = i.order_id
        where i.variant_id = $1 and o.stock_reserved`,
      [variant.variantId],
    );
    const unitsInOrders = heldRows[0]?.units ?? -1;
    expect(unitsSold).toBe(unitsInOrders);
    expect(unitsSold).toBe(attempts.reduce((sum, a) => sum + a.quantity, 0));

    // every order got its payment started (none stuck in NEW after the retry)
    const withoutPayment = await sql.query(
      `select o.order_number from orders o
        where o.id = any($1) and not exists (select 1 from payments p where p.order_id = o.id)`,
      [orders.map((o) => o.id)],
    );
    expect(withoutPayment.rows).toEqual([]);

    // no double charge: at most one confirmed payment, one PAYMENT_CONFIRMED status and one invoice
    // per order; every order whose pay was pressed is paid
    const ids = orders.map((o) => o.id);
    const doubleConfirmed = await sql.query(
      `select order_id from payments where order_id = any($1) and status = 'PAYMENT_CONFIRMED'
        group by 1 having count(*) > 1`,
      [ids],
    );
    const doubleStatus = await sql.query(
      `select order_id from order_statuses where order_id = any($1) and status = 'PAYMENT_CONFIRMED'
        group by 1 having count(*) > 1`,
      [ids],
    );
    const doubleInvoice = await sql.query(
      "select order_id from invoices where order_id = any($1) group by 1 having count(*) > 1",
      [ids],
    );
    expect(doubleConfirmed.rows).toEqual([]);
    expect(doubleStatus.rows).toEqual([]);
    expect(doubleInvoice.rows).toEqual([]);
    const unpaid = paid.filter((a) => {
      const order = byNumber.get(a.orderNumber as string);
      return !order?.paid_at || order.status !== "PAYMENT_CONFIRMED";
    });
    expect(unpaid.map((a) => a.orderNumber)).toEqual([]);

    recordFigure({
      suite: "faults",
      database: "postgres",
      tried: `kill -9 ×${KILLS} during checkout load (${WORKERS} clients, ${attempts.length} orders sent, ${paid.length} paid in the demo bank)`,
      result:
        `${confirmedInLoop.length} confirmed, ${unanswered.length} unanswered → ${foundAgain} found again by Idempotency-Key, ` +
        `${createdOnRetry} created on retry; ${orders.length} orders, ${unitsSold} units sold = ${unitsInOrders} in orders; ` +
        `0 lost, 0 duplicate keys, 0 double charges`,
      held: true,
    });
  });
});

describe("PostgreSQL stopped abruptly under load", () => {
  type Kind = "api" | "order" | "page" | "page-en" | "page-anonymous";
  const KINDS: Kind[] = ["api", "order", "page", "page-en", "page-anonymous"];

  interface Sent {
    kind: Kind;
    sentAt: number;
    answeredAt: number;
    reply: Reply;
    email?: string;
  }

  it("the process survives pg_ctl -m immediate, answers 503 with a translated message meanwhile and serves again by itself", async () => {
    const variant = await createStockedVariant(shop.url, adminToken, { units: 10_000 });
    const pidBefore = shop.pid;
    const sent: Sent[] = [];
    const inFlight = new Set<Promise<void>>();
    let stopped = false;
    let n = 0;

    const request = (kind: Kind): Promise<Reply> & { email?: string } => {
      // a session cookie makes the load context ask the database before React Router runs
      const session = "session=not-a-real-session-token";
      switch (kind) {
        case "api":
          return call("GET", `${shop.url}/api/shops/products`, { timeoutMs: 30_000 });
        case "order": {
          const email = `outage-${n}-${randomUUID().slice(0, 8)}@example.com`;
          const promise = call("POST", `${shop.url}/api/orders`, {
            body: guestOrderBody(variant, { email }),
            headers: { "idempotency-key": randomUUID(), "x-forwarded-for": shopperAddress() },
            timeoutMs: 30_000,
          });
          return Object.assign(promise, { email });
        }
        case "page":
          return call("GET", `${shop.url}/`, {
            headers: { accept: "text/html", cookie: session },
            timeoutMs: 30_000,
          });
        case "page-en":
          return call("GET", `${shop.url}/`, {
            headers: { accept: "text/html", cookie: `lang=en; ${session}` },
            timeoutMs: 30_000,
          });
        case "page-anonymous":
          return call("GET", `${shop.url}/`, { headers: { accept: "text/html" }, timeoutMs: 30_000 });
      }
    };

    // a steady pace: one request every 100 ms, the kinds in turn, whatever the answers take
    const traffic = (async () => {
      while (!stopped) {
        const kind = KINDS[n % KINDS.length] as Kind;
        n += 1;
        const sentAt = Date.now();
        const pending = request(kind);
        const email = pending.email;
        const done = pending.then((reply) => {
          sent.push({ kind, sentAt, answeredAt: Date.now(), reply, email });
        });
        inFlight.add(done);
        void done.finally(() => inFlight.delete(done));
        await sleep(100);
      }
    })();

    const ok = (s: Sent) => (s.kind === "order" ? s.reply.status === 201 : s.reply.status === 200);

    // traffic before the stop: a count of answers, not a time (a loaded machine answers fewer per second)
    const warmDeadline = Date.now() + 30_000;
    while (sent.length < 12 && Date.now() < warmDeadline) await sleep(100);
    const stopCalledAt = Date.now();
    await cluster.stopImmediate();
    const downAt = Date.now();
    await sleep(3_000);
    // meanwhile the process lives and says so
    const alive =
      shop.running &&
      (() => {
        try {
          process.kill(shop.pid, 0);
          return true;
        } catch {
          return false;
        }
      })();
    const health = await call<{ status: string }>("GET", `${shop.url}/api/health`, { timeoutMs: 10_000 });
    const startCalledAt = Date.now();
    await cluster.start();
    const upAt = Date.now();

    // requests succeed again without restarting the shop: wait for two successes of every kind
    // sent after the server was back
    const deadline = Date.now() + 60_000;
    const recovered = () =>
      KINDS.every((kind) => sent.filter((s) => s.kind === kind && s.sentAt >= upAt && ok(s)).length >= 2);
    while (!recovered() && Date.now() < deadline) await sleep(200);
    stopped = true;
    await traffic;
    await Promise.all(inFlight);

    const before = sent.filter((s) => s.answeredAt < stopCalledAt);
    const during = sent.filter((s) => s.sentAt >= downAt && s.answeredAt < startCalledAt);
    const after = sent.filter((s) => s.sentAt >= upAt);
    const firstSuccess = after.filter(ok).sort((a, b) => a.answeredAt - b.answeredAt)[0];
    const secondsToRecover = firstSuccess ? (firstSuccess.answeredAt - upAt) / 1000 : Number.NaN;

    const describeSent = (s: Sent) =>
      `${s.kind} ${s.reply.status}${s.reply.error ? ` ${s.reply.error}` : ""} ${String(
        typeof s.reply.body === "string" ? s.reply.body : JSON.stringify(s.reply.body),
      ).slice(0, 160)}`;

    // before the stop everything worked
    expect(before.length).toBeGreaterThan(10);
    expect(before.filter((s) => !ok(s)).map(describeSent)).toEqual([]);

    // while the server was down every answer was a 503 with the translated message
    const wrong = during.filter((s) => {
      const { reply } = s;
      if (reply.status !== 503) return true;
      if (reply.headers.get("retry-after") !== "5") return true;
      if (s.kind === "api" || s.kind === "order") {
        const body = reply.body as { code?: string; messageKey?: string };
        return body.code !== "service-unavailable" || body.messageKey !== "errors.serviceUnavailable";
      }
      const html = String(reply.body);
      if (!(reply.headers.get("content-type") ?? "").startsWith("text/html")) return true;
      // "page": the load context met the database (server/http/errors.ts answers); "page-anonymous":
      // the loaders did (web/entry.server.tsx and the root error boundary answer)
      if (s.kind !== "page-en") return !html.includes(translate("pl", "errors.serviceUnavailable"));
      return !html.includes(translate("en", "errors.serviceUnavailable"));
    });
    expect(during.length).toBeGreaterThan(10);
    expect(wrong.map(describeSent)).toEqual([]);
    expect(alive).toBe(true);
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: "unavailable" });

    // back by itself: the same process serves every kind of request again
    expect(recovered()).toBe(true);
    expect(shop.pid).toBe(pidBefore);
    expect(shop.running).toBe(true);

    // orders confirmed before the stop survived the crash (PostgreSQL's crash recovery)
    const confirmedBefore = sent.filter(
      (s) => s.kind === "order" && s.reply.status === 201 && s.sentAt < stopCalledAt,
    );
    expect(confirmedBefore.length).toBeGreaterThan(0);
    await sql.end().catch(() => {});
    sql = new pg.Client({ connectionString: cluster.url });
    sql.on("error", () => {});
    await sql.connect();
    const { rows } = await sql.query<{ order_number: string }>(
      "select order_number from orders where order_number = any($1)",
      [confirmedBefore.map((s) => (s.reply.body as CreatedOrder).orderNumber)],
    );
    expect(rows.length).toBe(confirmedBefore.length);

    recordFigure({
      suite: "faults",
      database: "postgres",
      tried: `pg_ctl -m immediate under load (${sent.length} requests at 10/s: API list, order, page pl/en/anonymous; ~3 s down)`,
      result:
        `${during.length} requests during the outage, ${during.length - wrong.length} × 503 translated; ` +
        `process alive (same pid); first success ${secondsToRecover.toFixed(1)} s after the server was back, ` +
        `no restart; ${rows.length}/${confirmedBefore.length} orders from before the stop kept`,
      held: wrong.length === 0 && recovered() && alive,
    });
  });
});
