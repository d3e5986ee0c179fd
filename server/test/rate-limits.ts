import type { RateLimits } from "../lib/rate-limit";

// Tests that place many orders from one address and e-mail (the same fixture recipient, app.inject's
// 127.0.0.1) switch the order limit off with this; the tests of the limit itself use the shop's real
// numbers (DEFAULT_RATE_LIMITS).

const UNLIMITED = { limit: 1_000_000, windowMs: 60_000 };

/** rateLimits for buildApp/createServices: orders without the order limit. */
export const NO_ORDER_LIMIT: Partial<RateLimits> = {
  order: { perAccount: UNLIMITED, perAddress: UNLIMITED },
};

/** rateLimits without the order limit nor the coupon limit: many coupon orders at once from one address. */
export const NO_ORDER_OR_COUPON_LIMIT: Partial<RateLimits> = {
  ...NO_ORDER_LIMIT,
  coupon: { perAccount: UNLIMITED, perAddress: UNLIMITED },
};
