import { createHmac } from "node:crypto";
import { z } from "zod";
import type {
  CreatedPayment,
  CreatedRefund,
  CreatePaymentRequest,
  CreateRefundRequest,
  NotificationResult,
  PaymentProvider,
  PaymentStatus,
  RefundStatus,
} from "./payment-provider";
import { PaymentProviderError } from "./payment-provider";
import { checkIdempotencyKey, headerValue, mapPaynowStatus } from "./paynow";
import { constantTimeEqual } from "./paynow-signature";

// The demo bank (DESIGN.md "Integrations"): no network, no account. createPayment sends the
// shopper to the shop's own page /bramka-demo/{externalId}; its pay / reject buttons make a
// notification with demoNotification() and feed it through the same verifyNotification path as
// a real gateway's webhook. config.ts refuses PAYMENT_PROVIDER=demo with NODE_ENV=production.
//
// Refunds (issue 27), so the whole after-sale path runs locally: createRefund answers at once, with
// no network and no state, a refund id derived from the idempotency key like demoPaymentId (the same
// key gives the same refund, as with Paynow) and status NEW; getRefundStatus answers SUCCESSFUL for
// any well-formed demo refund id (it keeps no record, so it cannot tell one it made from another),
// so the first poll after creation finds the money returned. The demo bank refuses ("rejected")
// only what Paynow would refuse too: an Idempotency-Key Paynow would not take, an amount that is not
// a positive whole number of grosze, a payment or refund id that is not the demo bank's. It does
// not know the payment's amount, so it cannot refuse a refund above what is left: the refunds
// service keeps that sum itself, as it must with Paynow too to propose and show the amount left.

export type DemoDecisionStatus = "CONFIRMED" | "REJECTED" | "PENDING";

export interface DemoNotificationInput {
  externalId: string;
  orderNumber: string;
  status: DemoDecisionStatus;
  amountGrosze: number;
  currency: string;
  /** defaults to now (ISO 8601) */
  modifiedAt?: string;
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 (no padding) of the first `length` characters' worth of bytes. */
function base32(bytes: Uint8Array, length: number): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
    if (out.length >= length) break;
  }
  return out;
}

function sign(secret: string, rawBody: string): string {
  return createHmac("sha256", secret).update(rawBody, "utf8").digest("base64");
}

/** 16 base32 characters of HMAC-SHA256(secret, "<kind>:<key>"): the same key, the same id. */
function derivedId(secret: string, kind: "payment" | "refund", idempotencyKey: string): string {
  const digest = createHmac("sha256", secret).update(`${kind}:${idempotencyKey}`, "utf8").digest();
  return base32(digest, 16);
}

export const DEMO_PAYMENT_ID = /^DEMO-[A-Z2-7]{16}$/;
export const DEMO_REFUND_ID = /^DEMO-R-[A-Z2-7]{16}$/;

/**
 * The demo payment id for an idempotency key: `DEMO-` + 16 base32 characters of
 * HMAC-SHA256(secret, key). Unguessable without the secret (as random as a random id to anyone
 * else), and like Paynow the same key gives the same payment, with no state to keep.
 */
export function demoPaymentId(secret: string, idempotencyKey: string): string {
  return `DEMO-${derivedId(secret, "payment", idempotencyKey)}`;
}

/** The demo refund id for an idempotency key: `DEMO-R-` + 16 base32 characters, as demoPaymentId. */
export function demoRefundId(secret: string, idempotencyKey: string): string {
  return `DEMO-R-${derivedId(secret, "refund", idempotencyKey)}`;
}

/** A signed demo-bank notification, as the demo page's buttons send it to verifyNotification. */
export function demoNotification(
  secret: string,
  input: DemoNotificationInput,
): { rawBody: string; headers: { signature: string } } {
  const rawBody = JSON.stringify({
    externalId: input.externalId,
    orderNumber: input.orderNumber,
    status: input.status,
    amountGrosze: input.amountGrosze,
    currency: input.currency,
    modifiedAt: input.modifiedAt ?? new Date().toISOString(),
  });
  return { rawBody, headers: { signature: sign(secret, rawBody) } };
}

const demoNotificationSchema = z.object({
  externalId: z.string().regex(DEMO_PAYMENT_ID),
  orderNumber: z.string().min(1),
  status: z.enum(["CONFIRMED", "REJECTED", "PENDING"]),
  amountGrosze: z.number().int().min(0),
  currency: z.string().min(1),
  modifiedAt: z.string().optional(),
});

export function createDemoProvider(secret: string): PaymentProvider {
  return {
    name: "demo",

    async createPayment(request: CreatePaymentRequest): Promise<CreatedPayment> {
      const externalId = demoPaymentId(secret, request.idempotencyKey);
      // Relative on purpose: the demo bank is a page of this shop (web route /bramka-demo/:externalId).
      return { externalId, redirectUrl: `/bramka-demo/${externalId}`, status: "PAYMENT_NEW" };
    },

    async getPaymentStatus(_externalId: string): Promise<PaymentStatus> {
      // The demo bank keeps no state: the shop's payments table is the only record of a demo
      // payment. "unavailable" makes a reconciliation job simply try later, changing nothing.
      throw new PaymentProviderError(
        "The demo bank keeps no payment state; read the payments table",
        "unavailable",
      );
    },

    async createRefund(request: CreateRefundRequest): Promise<CreatedRefund> {
      checkIdempotencyKey(request.idempotencyKey);
      if (!Number.isSafeInteger(request.amountGrosze) || request.amountGrosze <= 0) {
        throw new PaymentProviderError(
          "The demo bank refunds a positive whole number of grosze",
          "rejected",
          {
            errorType: "VALIDATION_ERROR",
          },
        );
      }
      if (!DEMO_PAYMENT_ID.test(request.paymentExternalId)) {
        throw new PaymentProviderError("The demo bank knows no such payment", "rejected", {
          errorType: "NOT_FOUND",
        });
      }
      return { refundId: demoRefundId(secret, request.idempotencyKey), status: "NEW" };
    },

    async getRefundStatus(refundId: string): Promise<RefundStatus> {
      if (!DEMO_REFUND_ID.test(refundId)) {
        throw new PaymentProviderError("The demo bank knows no such refund", "rejected", {
          errorType: "NOT_FOUND",
        });
      }
      // stateless: a demo refund is done by the time anyone asks
      return "SUCCESSFUL";
    },

    verifyNotification(rawBody: string, headers: Record<string, string | undefined>): NotificationResult {
      const signature = headerValue(headers, "signature");
      if (!signature || !constantTimeEqual(signature, sign(secret, rawBody))) {
        return { ok: false, reason: "bad-signature" };
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return { ok: false, reason: "malformed" };
      }
      const parsed = demoNotificationSchema.safeParse(json);
      const status = parsed.success ? mapPaynowStatus(parsed.data.status) : null;
      if (!parsed.success || status === null) return { ok: false, reason: "malformed" };
      return {
        ok: true,
        notification: {
          externalId: parsed.data.externalId,
          orderNumber: parsed.data.orderNumber,
          status,
          providerStatus: parsed.data.status,
          amountGrosze: parsed.data.amountGrosze,
          currency: parsed.data.currency,
          modifiedAt: parsed.data.modifiedAt ?? null,
        },
      };
    },
  };
}
