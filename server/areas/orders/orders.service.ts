import type { Lang } from "../../../domain/i18n";
import type { Order, PublicUser } from "../../../domain/types";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Result } from "../../http/errors";

// CONTRACT STUB — the lead implements this file. Signatures are final.

export interface CreateOrderInput {
  /** the POST /api/orders body (or the checkout form turned into that shape); parsed here */
  body: unknown;
  user: PublicUser | null;
  lang: Lang;
  /** Idempotency-Key header / the checkout form's hidden key: a retry returns the same order */
  idempotencyKey: string | null;
}

export interface CreatedOrder {
  order: Order;
  /** where the browser goes to pay (relative for the demo bank, absolute for Paynow) */
  redirectUrl: string;
}

export type OrdersService = ReturnType<typeof createOrdersService>;

export function createOrdersService(_db: Db, _config: Config) {
  return {
    /**
     * Failures: validation (fields), product/unavailable (details {productId}),
     * order/out-of-stock (details {productId, variantId, product, available}),
     * order/price-changed (details PriceChangedDetails), coupon/invalid,
     * checkout/account-not-approved (confirmation e-mail re-sent), payment/unavailable.
     */
    async create(_input: CreateOrderInput): Promise<Result<CreatedOrder>> {
      throw new Error("not implemented yet");
    },
    /** Guest lookup: the order with this number whose e-mail matches (case-insensitive), else null. */
    async findByNumber(_orderNumber: string, _email: string): Promise<Order | null> {
      throw new Error("not implemented yet");
    },
  };
}
