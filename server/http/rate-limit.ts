import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

// Fixed-window rate limits kept in the database (`rate_limit_hits`), so every instance of the shop
// counts against the same numbers. One row per (key, window): the key names the action and the
// subject ("login:email:jan@example.com", "login:ip:203.0.113.5"), the window is the start of the
// fixed period the attempt falls into. Each limited action counts per account (e-mail) AND per address
// (IP); either one over its limit refuses the attempt.

export interface RateLimitRule {
  /** attempts allowed within one window */
  limit: number;
  windowMs: number;
}

export interface ActionLimits {
  /** per account: the e-mail address the attempt is about */
  perAccount: RateLimitRule;
  /** per address: the client's IP */
  perAddress: RateLimitRule;
}

export type RateLimitAction = "login" | "register" | "reset" | "resend" | "coupon" | "order-lookup" | "order";
export type RateLimits = Record<RateLimitAction, ActionLimits>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Login counts failed attempts only (a successful login gives its attempt back), so people who log in
 * often are never stopped, while guessing a password is: 10 per account and 50 per address in 15 min.
 * Register, reset and resend send e-mail, so every attempt counts.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  // guest order lookups (order number + e-mail: /gotowe, /zamowienie, GET /api/orders/{number},
  // invoice, retry): the "account" is the order number, so neither numbers nor e-mails can be tried in bulk
  "order-lookup": {
    // generous: /gotowe re-reads a pending order every 2 s (300 per 10 min) from one address
    perAccount: { limit: 600, windowMs: 10 * MINUTE },
    perAddress: { limit: 600, windowMs: 10 * MINUTE },
  },
  login: {
    perAccount: { limit: 10, windowMs: 15 * MINUTE },
    perAddress: { limit: 50, windowMs: 15 * MINUTE },
  },
  register: { perAccount: { limit: 5, windowMs: HOUR }, perAddress: { limit: 20, windowMs: HOUR } },
  reset: { perAccount: { limit: 5, windowMs: HOUR }, perAddress: { limit: 20, windowMs: HOUR } },
  resend: { perAccount: { limit: 5, windowMs: HOUR }, perAddress: { limit: 20, windowMs: HOUR } },
  // orders created (POST /api/orders, the checkout's pay): an unpaid order holds stock for
  // ORDER_PAYMENT_TIMEOUT_MINUTES and mails its e-mail address, so neither may be done in bulk. Only
  // orders actually created count (a refused one and a replay of the same Idempotency-Key give their
  // attempt back); the account is the order's e-mail. No shopper places 10 orders in 10 minutes or 5
  // to one address in an hour (ADR 031).
  order: {
    perAccount: { limit: 5, windowMs: HOUR },
    perAddress: { limit: 10, windowMs: 10 * MINUTE },
  },
  // every coupon code check (server/areas/coupons/coupon-guard.ts: is-active, cart restore, the cart
  // form, the cart of a page, order create) per client address, and per account when signed in; a check
  // whose code matches a coupon gives its attempt back, so only guesses use the limit up (ADR 030)
  coupon: {
    perAccount: { limit: 30, windowMs: 10 * MINUTE },
    perAddress: { limit: 30, windowMs: 10 * MINUTE },
  },
};

export interface RateLimitSubject {
  /** the e-mail the attempt is about (compared case-insensitively) */
  account: string;
  /** the client's address */
  address: string;
}

export interface RateLimitHit {
  /** false when the account or the address is over its limit in the current window */
  allowed: boolean;
  /** gives the attempt back (e.g. after a successful login) */
  undo(): Promise<void>;
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

export interface RateLimiterOptions {
  limits?: Partial<RateLimits>;
  now?: () => Date;
}

/** Rows of ended windows are deleted at most this often per process (only this limiter's own keys). */
const PRUNE_EVERY_MS = 10 * MINUTE;

export function createRateLimiter(db: Db, options: RateLimiterOptions = {}) {
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...options.limits };
  const now = options.now ?? (() => new Date());
  let lastPrune = 0;

  async function count(key: string, windowStart: Date): Promise<number> {
    const result = await db.execute<{ count: number }>(sql`
      INSERT INTO rate_limit_hits (key, window_start, count) VALUES (${key}, ${windowStart.toISOString()}, 1)
      ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_hits.count + 1
      RETURNING count`);
    return Number(result.rows[0]?.count ?? 0);
  }

  async function uncount(key: string, windowStart: Date): Promise<void> {
    await db.execute(sql`
      UPDATE rate_limit_hits SET count = count - 1
      WHERE key = ${key} AND window_start = ${windowStart.toISOString()} AND count > 0`);
  }

  async function prune(at: Date): Promise<void> {
    if (at.getTime() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = at.getTime();
    for (const [action, rules] of Object.entries(limits)) {
      const longest = Math.max(rules.perAccount.windowMs, rules.perAddress.windowMs);
      const before = new Date(at.getTime() - longest).toISOString();
      await db.execute(
        sql`DELETE FROM rate_limit_hits WHERE key LIKE ${`${action}:%`} AND window_start < ${before}`,
      );
    }
  }

  function windowStart(at: Date, rule: RateLimitRule): Date {
    return new Date(Math.floor(at.getTime() / rule.windowMs) * rule.windowMs);
  }

  /**
   * Counts every attempt of the list for its keys in ONE statement (an order pays one round trip, and
   * orders arriving together one for all); each key's rows are added up first, and the rows are locked
   * in key order, so two statements never wait on each other in a cycle. Returns, per attempt, each of
   * its keys' counts as if the attempts had come one after another in the list's order.
   */
  async function countAll(
    attempts: readonly (readonly { key: string; start: Date }[])[],
  ): Promise<Map<string, number>[]> {
    const totals = new Map<string, { key: string; start: Date; n: number }>();
    for (const entries of attempts) {
      for (const entry of entries) {
        const id = `${entry.key}\u0000${entry.start.toISOString()}`;
        const total = totals.get(id);
        if (total) total.n += 1;
        else totals.set(id, { ...entry, n: 1 });
      }
    }
    const sorted = [...totals.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const rows = sql.join(
      sorted.map((row) => sql`(${row.key}, ${row.start.toISOString()}::timestamptz, ${row.n}::int)`),
      sql`, `,
    );
    const result = await db.execute<{ key: string; window_start: unknown; count: number }>(sql`
      INSERT INTO rate_limit_hits (key, window_start, count) VALUES ${rows}
      ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_hits.count + excluded.count
      RETURNING key, count`);
    // the count before this statement, per key (a key has one window per statement: one action's rule)
    const next = new Map<string, number>();
    for (const row of result.rows) {
      const total = sorted.find((entry) => entry.key === row.key);
      next.set(row.key, Number(row.count) - (total?.n ?? 0));
    }
    return attempts.map((entries) => {
      const counts = new Map<string, number>();
      for (const entry of entries) {
        const count = (next.get(entry.key) ?? 0) + 1;
        next.set(entry.key, count);
        counts.set(entry.key, count);
      }
      return counts;
    });
  }

  function entriesOf(action: RateLimitAction, subject: RateLimitSubject, at: Date) {
    const rules = limits[action];
    return [
      { key: `${action}:email:${subject.account.trim().toLowerCase()}`, rule: rules.perAccount },
      { key: `${action}:ip:${subject.address}`, rule: rules.perAddress },
    ].map((entry) => ({ ...entry, start: windowStart(at, entry.rule) }));
  }

  function hitOf(entries: ReturnType<typeof entriesOf>, counts: Map<string, number>): RateLimitHit {
    return {
      allowed: entries.every((entry) => (counts.get(entry.key) ?? 0) <= entry.rule.limit),
      async undo() {
        await db.execute(sql`
          UPDATE rate_limit_hits SET count = count - 1
          WHERE count > 0 AND (key, window_start) IN (${sql.join(
            entries.map((entry) => sql`(${entry.key}, ${entry.start.toISOString()}::timestamptz)`),
            sql`, `,
          )})`);
      },
    };
  }

  /** Counts one attempt of `action` for the account and the address (both are always counted). */
  async function hit(action: RateLimitAction, subject: RateLimitSubject): Promise<RateLimitHit> {
    const [hit] = await hitMany(action, [subject]);
    if (!hit) throw new Error("rate limit: no answer");
    return hit;
  }

  /** `hit` for attempts arriving together: one statement for all of them, one answer each, in order. */
  async function hitMany(
    action: RateLimitAction,
    subjects: readonly RateLimitSubject[],
  ): Promise<RateLimitHit[]> {
    if (subjects.length === 0) return [];
    const at = now();
    const entries = subjects.map((subject) => entriesOf(action, subject, at));
    const counts = await countAll(entries);
    await prune(at);
    return entries.map((list, i) => hitOf(list, counts[i] ?? new Map()));
  }

  return {
    limits,

    hit,

    hitMany,

    /**
     * Counts one attempt of `action` for the client address, and for the account when there is one
     * (a guest has none); either one over its limit refuses the attempt.
     */
    async attempt(
      action: RateLimitAction,
      subject: { address: string; account: string | null },
    ): Promise<RateLimitHit> {
      if (subject.account !== null)
        return hit(action, { account: subject.account, address: subject.address });
      const at = now();
      const rule = limits[action].perAddress;
      const key = `${action}:ip:${subject.address}`;
      const start = windowStart(at, rule);
      const counted = await count(key, start);
      await prune(at);
      return { allowed: counted <= rule.limit, undo: () => uncount(key, start) };
    },

    /** Counts one attempt of `action` for the client address only (no account involved). */
    async hitAddress(action: RateLimitAction, address: string): Promise<{ allowed: boolean }> {
      const at = now();
      const rule = limits[action].perAddress;
      const counted = await count(`${action}:ip:${address}`, windowStart(at, rule));
      await prune(at);
      return { allowed: counted <= rule.limit };
    },
  };
}
