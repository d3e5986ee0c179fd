import type { Order } from "../../../domain/types";
import { ok, type Result } from "../../lib/result";
import { createBatcher } from "./order-batch";
import { type CreatedOrder, MAX_BATCH, type OrdersDependencies, type WrittenOrder } from "./order-placing";

// After an order's commit: its payment, then its "order received" e-mail, each stage a group of the
// orders committed meanwhile (one statement a stage, ADR 014). An order is answered once its
// e-mail is stored.

/** An order after its payment stage: its answer, and the order read for its e-mail (paid only). */
interface Paid {
  result: Result<CreatedOrder>;
  read: { order: Order; lang: string } | null;
}

export function createOrderStages(
  deps: Pick<OrdersDependencies, "startFirstPayments" | "queries" | "ordersReceived">,
) {
  /**
   * After the commit, for every order committed meanwhile (a group, like the writes): the payments
   * (one statement, which also answers each order's status). Each order's answer comes with the
   * order as written with its status after the payment, from which its "order received" e-mail is
   * made; an order whose status moved otherwise (changed meanwhile) is read back instead.
   */
  async function payBatch(written: WrittenOrder[]): Promise<Paid[]> {
    const started = await deps.startFirstPayments(
      written.map((entry) => ({ orderId: entry.id, known: entry })),
    );
    const current = new Map<number, { order: Order; lang: string }>();
    const changedMeanwhile: number[] = [];
    written.forEach((entry, i) => {
      const start = started[i];
      if (!start?.ok) return;
      const after = start.value.order;
      if (after?.status === "PAYMENT_NEW" && after.changedAt) {
        const statuses = [
          ...entry.order.statuses,
          { status: "PAYMENT_NEW", createdAt: after.changedAt, hidden: false, data: null },
        ];
        current.set(entry.id, {
          order: { ...entry.order, status: after.status, statuses },
          lang: entry.lang,
        });
      } else changedMeanwhile.push(entry.id);
    });
    for (const read of await deps.queries.getManyByIdWithLang(changedMeanwhile))
      current.set(read.order._id, read);
    return written.map((entry, i) => {
      const start = started[i];
      if (!start) throw new Error(`no payment answer for order ${entry.id}`);
      if (!start.ok) return { result: start, read: null };
      const read = current.get(entry.id);
      if (!read) throw new Error(`order ${entry.id} vanished after commit`);
      return {
        result: ok({ order: read.order, redirectUrl: start.value.redirectUrl, replayed: false }),
        read,
      };
    });
  }
  const payer = createBatcher<WrittenOrder, Paid>({
    maxSize: MAX_BATCH,
    run: async (group) => {
      const paid = await payBatch(group.map((waiting) => waiting.item));
      group.forEach((waiting, i) => {
        const entry = paid[i];
        if (entry) waiting.resolve(entry);
        else waiting.reject(new Error(`no answer for order ${waiting.item.id}`));
      });
    },
  });
  const mailer = createBatcher<{ order: Order; lang: string }, void>({
    maxSize: MAX_BATCH,
    run: async (group) => {
      await deps.ordersReceived(group.map((waiting) => waiting.item));
      for (const waiting of group) waiting.resolve();
    },
  });

  /** the payment and the "order received" e-mail of a committed order; its answer */
  async function finish(order: WrittenOrder): Promise<Result<CreatedOrder>> {
    const { result, read } = await payer.submit(order);
    if (read) await mailer.submit(read);
    return result;
  }

  return finish;
}
