import type { Lang } from "../../../domain/i18n";
import type { Order, PublicUser } from "../../../domain/types";
import { parseForm } from "../../../domain/validation/errors";
import { MSG } from "../../../domain/validation/messages";
import { makeOrderCreateSchema } from "../../../domain/validation/order";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { fail, ok, type Result } from "../../lib/result";
import { createGroupCommit } from "./order-group-commit";
import { requestFingerprint, scopedIdempotencyKey } from "./order-idempotency";
import { createOneOrderPath } from "./order-place-one";
import type { CreatedOrder, OrdersDependencies, PreparedOrder } from "./order-placing";
import { createOrderStages } from "./order-stages";

// Placing an order (SPEC §3 Order create payload, DESIGN.md "The server is the authority"):
// the server recomputes every price, the delivery price, the coupon and the total from the
// database inside one transaction that also takes the stock (conditional decrements) and counts
// the coupon's uses under the coupon row's lock. A total that differs from what the client showed
// is refused with the fresh figures. An Idempotency-Key makes a retried request return the same
// order. The payment is registered after the commit (a network call never holds a transaction).

export interface CreateOrderInput {
  /** the POST /api/orders body (or the checkout form turned into that shape); parsed here */
  body: unknown;
  user: PublicUser | null;
  lang: Lang;
  /** Idempotency-Key header / the checkout form's hidden key: a retry returns the same order */
  idempotencyKey: string | null;
  /** the client's address (the order and coupon limits, the confirmation e-mail re-sent to an unapproved user) */
  ip: string;
}

export type OrdersService = ReturnType<typeof createOrdersService>;

// zod builds a schema's checks when the schema is made: the two variants are made once, not per order
const ORDER_SCHEMA = {
  guest: makeOrderCreateSchema({ requireRecipientEmail: true }),
  customer: makeOrderCreateSchema({ requireRecipientEmail: false }),
};

export function createOrdersService(db: Db, config: Config, deps: OrdersDependencies) {
  // placing an order: the one-order path (order-place-one.ts), the group commit of orders without a
  // coupon (order-group-commit.ts), both followed by the payment and e-mail stages (order-stages.ts)
  const finish = createOrderStages(deps);
  const { createOne, existingByKey } = createOneOrderPath(db, config, deps, finish);
  const submitToGroup = createGroupCommit(db, config, { createOne, finish });

  /**
   * A parsed order to its answer. A coupon is checked under its row lock with its uses counted, so
   * such orders go one by one, under the coupon limit: an unproven code is refused (coupon/invalid,
   * before any price is compared, so no answer carries its discount) and counts as a guess.
   */
  async function place(order: PreparedOrder, ip: string): Promise<Result<CreatedOrder>> {
    if (order.payload.coupon === null) return submitToGroup(order);
    const checked = await deps.couponGuard.check({ ip, user: order.user }, (proven) =>
      createOne({ ...order, couponProven: proven }),
    );
    return checked.ok ? checked.value : checked;
  }

  return {
    async create(input: CreateOrderInput): Promise<Result<CreatedOrder>> {
      const { user } = input;
      if (user && !user.approved) {
        await deps.resendConfirmation(user, input.ip ?? "unknown", input.lang).catch(() => {});
        return fail("checkout/account-not-approved");
      }
      const parsed = parseForm(user ? ORDER_SCHEMA.customer : ORDER_SCHEMA.guest, input.body);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const payload = parsed.data;
      if (payload.deliveryPoint && deps.parcelPointKnown) {
        const known = await deps.parcelPointKnown(payload.deliveryPoint.foreign_access_point_id);
        if (!known) return fail("validation", { deliveryPoint: { key: MSG.unknownParcelLocker } });
      }
      const email = (user?.email ?? payload.recipient.email ?? "").toLowerCase();
      const order: PreparedOrder = {
        user,
        lang: input.lang,
        payload,
        email,
        key: scopedIdempotencyKey(input.idempotencyKey, user, email),
        fingerprint: requestFingerprint(payload),
      };
      // the order limit (per address and per e-mail) counts only the orders created: a refusal and a
      // replay give their attempt back, a replay is answered even over the limit, and a request
      // repeating its Idempotency-Key while the first is still being written is never refused by it
      const attempt = await deps.orderAttempt(email, input.ip, order.key);
      if (!attempt.allowed) {
        await attempt.undo();
        const replay = order.key ? await existingByKey(order.key, order.fingerprint) : null;
        return replay ?? fail("order/too-many");
      }
      const result = await place(order, input.ip);
      if (!result.ok || result.value.replayed) await attempt.undo();
      return result;
    },

    /**
     * Guest lookup with the brute-force limit (per order number and per address): the order with
     * this number whose e-mail matches. Failures: rate-limited, order/not-found.
     */
    async lookup(orderNumber: string, email: string, ip: string): Promise<Result<Order>> {
      // counted before the look-up (parallel guesses cannot all slip under the limit), given back
      // when it finds the order: /gotowe re-reading its order every 2 s never runs into the limit
      const attempt = await deps.countLookup(orderNumber.trim().toUpperCase(), ip);
      if (!attempt.allowed) return fail("rate-limited");
      const order = await deps.queries.findByNumber(orderNumber, email);
      if (!order) return fail("order/not-found");
      await attempt.undo();
      return ok(order);
    },

    /** Guest lookup: the order with this number whose e-mail matches (case-insensitive), else null. */
    async findByNumber(orderNumber: string, email: string): Promise<Order | null> {
      return deps.queries.findByNumber(orderNumber, email);
    },
  };
}
