import type { PublicUser } from "../../../domain/types";
import type { RateLimiter } from "../../lib/rate-limit";
import { fail, ok, type Result } from "../../lib/result";

// The one limiter every coupon code check goes through (ADR 030): GET /api/shops/coupons/is-active,
// POST /api/cart/restore, the cart form's "Dodaj kod", the cart of every page (its cookie's code) and
// POST /api/orders. Each check counts one attempt per client address (and per account when signed
// in) BEFORE the code is looked at, so no answer — not even "this code exists" — comes from a caller
// over the limit, however many checks it sends at once. A check whose code matches a coupon gives its
// attempt back: a shopper with a real code is never stopped, a guesser uses the limit up.

export interface CouponCaller {
  /** the client's address */
  ip: string;
  user: Pick<PublicUser, "_id"> | null;
}

export type CouponGuard = ReturnType<typeof createCouponGuard>;

export function createCouponGuard(limiter: RateLimiter) {
  return {
    /**
     * Runs one code check under the limit: rate-limited (nothing looked up) when the caller is over
     * it. `run` calls `proven()` once the code matched a coupon (whatever else it then refuses).
     */
    async check<T>(caller: CouponCaller, run: (proven: () => void) => Promise<T>): Promise<Result<T>> {
      const attempt = await limiter.attempt("coupon", {
        address: caller.ip,
        account: caller.user ? `user:${caller.user._id}` : null,
      });
      if (!attempt.allowed) return fail("rate-limited");
      let matched = false;
      const value = await run(() => {
        matched = true;
      });
      if (matched) await attempt.undo();
      return ok(value);
    },
  };
}
