import { inArray } from "drizzle-orm";
import type { OrderTotals } from "../../../domain/totals";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { preparedStatement } from "../../db/prepared-statement";
import { orders } from "../../db/schema";
import type { Result } from "../../lib/result";
import { loadCartCatalog } from "../cart/cart.catalog";
import { createBatcher, type Waiting } from "./order-batch";
import { newOrderNumber } from "./order-number";
import { type CreatedOrder, MAX_BATCH, type PreparedOrder, type WrittenOrder } from "./order-placing";
import { type PricedLine, priceLines, totalsOf } from "./order-pricing";
import { itemRows, orderAsWritten, orderRow } from "./order-rows";
import { type GroupWrite, writeOrders } from "./order-write";

// The batched write pipeline (ADR 014): orders without a coupon that arrive together are written as
// one group, in one statement (order-write.ts); an order the group cannot take goes the one-order
// path (order-place-one.ts). After the commit, `finish` (order-stages.ts) registers the payments and
// stores the e-mails, each a group too.

export interface GroupCommitDependencies {
  /** the one-order path (order-place-one.ts) */
  createOne(order: PreparedOrder): Promise<Result<CreatedOrder>>;
  /** the payment and e-mail stages of a committed order (order-stages.ts) */
  finish(order: WrittenOrder): Promise<Result<CreatedOrder>>;
}

export function createGroupCommit(db: Db, config: Config, deps: GroupCommitDependencies) {
  const { createOne, finish } = deps;
  // a group's write: one statement, the same text for every group of the same stock tables, planned
  // once (prepared-statement.ts, ADR 014)
  const writeStatement = preparedStatement(db, "write_orders");
  // and the group's catalog read (the same text whatever the products)
  const catalogStatement = preparedStatement(db, "order_catalog");

  /**
   * Group commit: the batch's orders in ONE transaction of multi-row statements (the catalog, the
   * stock of all their lines — rows locked in the global order —, orders, lines, statuses), then
   * their payments (payBatch) and their e-mails (the mailer stage), each one statement for the
   * batch. Each order stays all or nothing: one that does not price (hidden, changed price) leaves
   * the batch before anything is written; anything that refuses the writes (a short row, a key or
   * number taken meanwhile) rolls the whole batch back and each of its orders goes through the
   * one-order path, which gives it its own answer. Resolves once the batch is committed or handed
   * over; the answers follow.
   */
  async function writeBatch(batch: Waiting<PreparedOrder, Result<CreatedOrder>>[]): Promise<void> {
    // the same key twice in one batch: the later request waits for the first, then finds its order
    const members: typeof batch = [];
    const repeats: typeof batch = [];
    const keys = new Set<string>();
    for (const waiting of batch) {
      const { key } = waiting.item;
      if (key && keys.has(key)) repeats.push(waiting);
      else {
        if (key) keys.add(key);
        members.push(waiting);
      }
    }
    const answers: Promise<unknown>[] = [];
    const answer = (waiting: (typeof batch)[number], result: Promise<Result<CreatedOrder>>) => {
      answers.push(result);
      waiting.resolve(result);
    };
    try {
      await writeMembers(members, answer);
    } finally {
      const settled = Promise.allSettled(answers);
      for (const waiting of repeats) waiting.resolve(settled.then(() => createOne(waiting.item)));
    }
  }

  async function writeMembers(
    members: Waiting<PreparedOrder, Result<CreatedOrder>>[],
    answer: (
      waiting: Waiting<PreparedOrder, Result<CreatedOrder>>,
      result: Promise<Result<CreatedOrder>>,
    ) => void,
  ): Promise<void> {
    // replays of orders already placed answer with them (one statement for the batch), read while
    // the catalog of the group's products is (on PostgreSQL two connections at once)
    const keys = members.map((waiting) => waiting.item.key).filter((key): key is string => key !== null);
    const [taken, catalog] = await Promise.all([
      keys.length === 0
        ? new Set<string>()
        : db
            .select({ key: orders.idempotencyKey })
            .from(orders)
            .where(inArray(orders.idempotencyKey, keys))
            .then((rows) => new Set(rows.map((row) => row.key))),
      loadCartCatalog(
        db,
        members.flatMap((waiting) => waiting.item.payload.cart.map((line) => line.productId)),
        catalogStatement,
      ),
    ]);
    const fresh = members.filter((waiting) => !(waiting.item.key && taken.has(waiting.item.key)));
    for (const waiting of members) if (!fresh.includes(waiting)) answer(waiting, createOne(waiting.item));

    const alone: typeof members = [];
    const now = new Date();
    const priced: { waiting: (typeof members)[number]; lines: PricedLine[]; totals: OrderTotals }[] = [];
    for (const waiting of fresh) {
      const { payload } = waiting.item;
      const lines = priceLines(catalog, payload);
      const totals = Array.isArray(lines) ? totalsOf(lines, payload, null, now) : null;
      // refused by its prices: the one-order path answers it (nothing of it is written here)
      if (!Array.isArray(lines) || !totals || totals.totalGrosze !== payload.priceGrosze) alone.push(waiting);
      else priced.push({ waiting, lines, totals });
    }
    const numbered = priced.map((order) => ({
      ...order,
      values: orderRow(config, order.waiting.item, order.totals, null, newOrderNumber(now), now),
    }));
    let written: { waiting: (typeof members)[number]; order: WrittenOrder }[] = [];
    if (numbered.length > 0) {
      let outcome: GroupWrite | null = null;
      try {
        outcome = await writeOrders(
          writeStatement,
          numbered.map((order) => ({
            values: order.values,
            items: itemRows(0, order.lines).map(({ orderId: _, ...item }) => item),
          })),
          numbered.flatMap((order) => order.lines),
          now,
        );
      } catch {
        // nothing written (one statement): a key or an order number taken meanwhile, a lost connection
      }
      if (!outcome?.ok) {
        // nothing of the group was written: each order gets its own answer, one by one
        // (whatever refused it: a short row, a key or an order number taken meanwhile, a lost connection)
        for (const waiting of fresh) answer(waiting, createOne(waiting.item));
        return;
      }
      const rows = outcome.rows;
      written = numbered.map((order) => {
        const inserted = rows.get(order.values.orderNumber);
        if (!inserted) throw new Error("orders insert returned fewer rows");
        const row = { ...order.values, ...inserted };
        return {
          waiting: order.waiting,
          order: {
            id: row.id,
            orderNumber: row.orderNumber,
            email: order.waiting.item.email,
            priceGrosze: order.totals.totalGrosze,
            order: orderAsWritten(order.waiting.item, row, order.lines, now),
            lang: order.waiting.item.lang,
          },
        };
      });
    }
    for (const waiting of alone) answer(waiting, createOne(waiting.item));
    if (written.length === 0) return;
    for (const entry of written) answer(entry.waiting, finish(entry.order));
  }

  // Three stages, one group each at a time, on PostgreSQL too (bigger groups, fewer statements an
  // order: ADR 014): while a group's writes are committed, the group
  // before it has its payments registered and the one before that its e-mails stored; the next
  // group gathers meanwhile. An order is answered once its "order received" e-mail is stored.
  const batcher = createBatcher<PreparedOrder, Result<CreatedOrder>>({
    maxSize: MAX_BATCH,
    run: writeBatch,
  });

  return (order: PreparedOrder) => batcher.submit(order);
}
