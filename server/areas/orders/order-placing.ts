import type { Lang } from "../../../domain/i18n";
import type { Order, PublicUser } from "../../../domain/types";
import type { OrderCreatePayload } from "../../../domain/validation/order";
import type { RateLimitHit } from "../../lib/rate-limit";
import type { Result } from "../../lib/result";
import type { CouponGuard } from "../coupons/coupon-guard";
import type { FirstPayment } from "../payments/payment-start";
import type { OrderQueries } from "./orders.queries";

// What placing an order works with, from the request to the answer (orders.service.ts): the order
// parsed (PreparedOrder), committed (WrittenOrder) and answered (CreatedOrder), and what the orders
// service needs from the payments and accounts services.

export interface CreatedOrder {
  order: Order;
  /** where the browser goes to pay (relative for the demo bank, absolute for Paynow) */
  redirectUrl: string;
  /** an order placed before with the same Idempotency-Key (nothing new was created) */
  replayed: boolean;
}

/** What the orders service needs from the payments and accounts services. */
export interface OrdersDependencies {
  queries: OrderQueries;
  /**
   * registers a payment for a committed order; fails with payment/unavailable (stock given back).
   * `known`: the order just created (its first payment), so the payments service reads nothing back.
   */
  startPayment(
    orderId: number,
    known?: { orderNumber: string; email: string; priceGrosze: number },
  ): Promise<Result<{ redirectUrl: string }>>;
  /** where an order's shopper goes when no new payment is needed */
  resultUrl(order: Pick<Order, "orderNumber" | "email">): string;
  /**
   * startPayment for the first payments of a batch of just-created orders: the answers in the same
   * order, the successful ones recorded in one statement
   */
  startFirstPayments(
    list: { orderId: number; known: { orderNumber: string; email: string; priceGrosze: number } }[],
  ): Promise<Result<FirstPayment>[]>;
  /** sends the "order received" e-mails (best effort) of orders as just read, their outbox rows in one statement */
  ordersReceived(found: { order: Order; lang: string }[]): Promise<void>;
  resendConfirmation(user: PublicUser, ip: string, lang: Lang): Promise<void>;
  /**
   * counts a guest lookup of an order number from an address (`allowed` false when over the limit);
   * `undo` gives a lookup that found its order back, so only wrong guesses count
   */
  countLookup(orderNumber: string, ip: string): Promise<{ allowed: boolean; undo(): Promise<void> }>;
  /** counts one order about to be created for this e-mail from this address (rate-limit.ts "order") */
  orderAttempt(email: string, ip: string, key: string | null): Promise<RateLimitHit>;
  /** the one coupon limiter (coupon-guard.ts) the order's coupon code is checked under */
  couponGuard: CouponGuard;
  /**
   * With the built-in picker: is the parcel-locker id one of its points? null when a carrier's map
   * widget picks the lockers (their ids need not be in our table; ADR 031)
   */
  parcelPointKnown: ((id: string) => Promise<boolean>) | null;
}

/** An order request parsed and checked, ready to be written (alone or in a batch). */
export interface PreparedOrder {
  user: PublicUser | null;
  lang: Lang;
  payload: OrderCreatePayload;
  /** the order's e-mail, lower case */
  email: string;
  /** the scoped Idempotency-Key, or null */
  key: string | null;
  /** requestFingerprint of the payload, stored with the key */
  fingerprint: string;
  /** called once the order's coupon code matched a coupon (the coupon limit gives the attempt back) */
  couponProven?: () => void;
}

/** An order just committed: what its first payment needs, and the order as written (status NEW). */
export interface WrittenOrder {
  id: number;
  orderNumber: string;
  email: string;
  priceGrosze: number;
  order: Order;
  lang: Lang;
}

/** The most orders one batch writes (its multi-row statements stay far below 65,535 parameters). */
export const MAX_BATCH = 50;
