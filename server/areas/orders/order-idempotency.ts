import { createHash } from "node:crypto";
import type { PublicUser } from "../../../domain/types";
import type { OrderCreatePayload } from "../../../domain/validation/order";

// An order's Idempotency-Key (docs/decisions/031): a retried request returns the same order, a key
// used with another request is refused.

const MAX_IDEMPOTENCY_KEY = 100;

/**
 * The stored form of a client's Idempotency-Key: hashed together with who is asking (account, or the
 * guest's e-mail), so a key another shopper happens to use (or guesses) never returns their order.
 */
export function scopedIdempotencyKey(
  key: string | null,
  user: PublicUser | null,
  email: string,
): string | null {
  const trimmed = key?.trim().slice(0, MAX_IDEMPOTENCY_KEY);
  if (!trimmed) return null;
  const who = user ? `user:${user._id}` : `guest:${email}`;
  return createHash("sha256").update(`${who}|${trimmed}`).digest("base64url");
}

/** JSON with object keys sorted, so the same request always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * What an Idempotency-Key was first used with: the parsed request (cart, total, coupon, delivery,
 * addresses). The same key with another request is refused (order/idempotency-key-reused, 422),
 * as payment APIs do, instead of answering with an order the caller did not ask for (ADR 031).
 */
export function requestFingerprint(payload: OrderCreatePayload): string {
  return createHash("sha256").update(canonicalJson(payload)).digest("base64url");
}
