import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

// Fixed-window rate limits kept in the database (`rate_limit_hits`), so every instance of the shop
// counts against the same numbers. One row per (key, window): the key names the action and the
// subject ("login:email:jan@example.com", "login:ip:203.0.113.5"), the window is the start of the
// fixed period the attempt falls into. Each limited action counts per account (e-mail) AND per address
// (IP); either one over its limit refuses the attempt. Login also counts per (account, address) pair
// and slows the account down rather than blocking it early, so a stranger cannot lock the owner out
// (docs/decisions/036-login-throttling.md).

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
  /** per account and address together (login): the hard limit for one client guessing one account */
  perPair?: RateLimitRule;
  /**
   * per account: past `after` attempts in perAccount's window every further attempt waits
   * baseMs, 2 × baseMs, 4 × baseMs … (at most maxMs) before it is answered
   */
  backOff?: { after: number; baseMs: number; maxMs: number };
  /**
   * an address that succeeded for the account (`remember`) within this long is known: the account's
   * limit and back-off do not apply to it (its pair and address limits still do)
   */
  knownForMs?: number;
}

export type RateLimitAction =
  | "login"
  | "register"
  | "reset"
  | "resend"
  | "confirm"
  | "coupon"
  | "order-lookup"
  | "product-view"
  | "order"
  | "back-in-stock"
  | "back-in-stock-mail";
export type RateLimits = Record<RateLimitAction, ActionLimits>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Login counts failed attempts only (a successful login gives its attempt back), so people who log in
 * often are never stopped, while guessing a password is: 10 per account from one address, 50 per
 * address, and for one account from everywhere a back-off past 10 (0.5 s, 1 s, 2 s … 8 s a reply) up to
 * 100 per 15 min — except from an address the account logged in from within 30 days (ADR 036).
 * Register, reset and resend send e-mail, so every attempt counts; confirm (the e-mail link) is per
 * address only.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  // guest order lookups (order number + e-mail: /gotowe, /zamowienie, GET /api/orders/{number},
  // invoice, retry): the "account" is the order number, so neither numbers nor e-mails can be tried in
  // bulk. Failed lookups only (a lookup that finds its order gives its attempt back, as a login does),
  // so /gotowe re-reading a pending order every 2 s never counts, while a wrong guess is dear
  "order-lookup": {
    perAccount: { limit: 10, windowMs: 10 * MINUTE },
    perAddress: { limit: 10, windowMs: 10 * MINUTE },
  },
  // a product page's view report (POST /api/shops/products/{id}/views): per address only
  // (hitAddress); a shopper opens far fewer product pages in 10 min; perAccount is unused
  "product-view": {
    perAccount: { limit: 100, windowMs: 10 * MINUTE },
    perAddress: { limit: 100, windowMs: 10 * MINUTE },
  },
  login: {
    perAccount: { limit: 100, windowMs: 15 * MINUTE },
    perAddress: { limit: 50, windowMs: 15 * MINUTE },
    perPair: { limit: 10, windowMs: 15 * MINUTE },
    backOff: { after: 10, baseMs: 500, maxMs: 8_000 },
    knownForMs: 30 * DAY,
  },
  register: { perAccount: { limit: 5, windowMs: HOUR }, perAddress: { limit: 20, windowMs: HOUR } },
  reset: { perAccount: { limit: 5, windowMs: HOUR }, perAddress: { limit: 20, windowMs: HOUR } },
  resend: { perAccount: { limit: 5, windowMs: HOUR }, perAddress: { limit: 20, windowMs: HOUR } },
  // e-mail confirmation links (GET /api/auth/confirm-email): per address only (hitAddress), so tokens
  // cannot be tried in bulk; perAccount is unused
  confirm: { perAccount: { limit: 30, windowMs: HOUR }, perAddress: { limit: 30, windowMs: HOUR } },
  // orders created (POST /api/orders, the checkout's pay): an unpaid order holds stock for
  // ORDER_PAYMENT_TIMEOUT_MINUTES and mails its e-mail address, so neither may be done in bulk. Only
  // orders actually created count (a refused one and a replay of the same Idempotency-Key give their
  // attempt back); the account is the order's e-mail. No shopper places 10 orders in 10 minutes or 5
  // to one address in an hour (ADR 031).
  order: {
    perAccount: { limit: 5, windowMs: HOUR },
    perAddress: { limit: 10, windowMs: 10 * MINUTE },
  },
  // the back-in-stock form (issue 30, ADR 080): every request per client address (attempt, no
  // account), so one client cannot sign up addresses in bulk
  "back-in-stock": {
    perAccount: { limit: 20, windowMs: 10 * MINUTE },
    perAddress: { limit: 20, windowMs: 10 * MINUTE },
  },
  // its confirmation e-mails per address they go to: a stranger cannot flood an inbox (past the limit
  // the form answers as ever and sends nothing); the owner signed in needs no confirmation
  "back-in-stock-mail": {
    perAccount: { limit: 5, windowMs: DAY },
    perAddress: { limit: 50, windowMs: HOUR },
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
  /**
   * the attempt's own id (an order's scoped Idempotency-Key): the same id again within the address
   * window is the same attempt repeated (a client retrying, racing its own first try), never refused
   * by this limit; what it may do is decided elsewhere (a repeated order key answers its one order)
   */
  once?: string | null;
}

export interface RateLimitHit {
  /** false when the account, the address or the pair is over its limit in the current window */
  allowed: boolean;
  /** how long to wait before answering (the account's back-off); 0 when none */
  delayMs: number;
  /** gives the attempt back (e.g. after a successful login) */
  undo(): Promise<void>;
  /** marks the address as known for the account (after a successful login; see knownForMs) */
  remember(): Promise<void>;
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
      const longest = Math.max(
        rules.perAccount.windowMs,
        rules.perAddress.windowMs,
        rules.perPair?.windowMs ?? 0,
      );
      const before = new Date(at.getTime() - longest).toISOString();
      const known = `${action}:known:%`;
      await db.execute(
        sql`DELETE FROM rate_limit_hits
            WHERE key LIKE ${`${action}:%`} AND key NOT LIKE ${known} AND window_start < ${before}`,
      );
      if (rules.knownForMs) {
        // a known address's row lives for one knownForMs window, and is read in the next one too
        const knownBefore = new Date(at.getTime() - 2 * rules.knownForMs).toISOString();
        await db.execute(
          sql`DELETE FROM rate_limit_hits WHERE key LIKE ${known} AND window_start < ${knownBefore}`,
        );
      }
    }
  }

  /** True when `key` has a row in the window starting at `since` or a later one. */
  async function isKnown(key: string, since: Date): Promise<boolean> {
    const result = await db.execute(sql`
      SELECT 1 FROM rate_limit_hits WHERE key = ${key} AND window_start >= ${since.toISOString()} LIMIT 1`);
    return result.rows.length > 0;
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

  function pairOf(subject: RateLimitSubject): string {
    return `${subject.account.trim().toLowerCase()}|${subject.address}`;
  }

  /** The keys an attempt counts for: the account first, the address, then the pair where the action has one. */
  function entriesOf(action: RateLimitAction, subject: RateLimitSubject, at: Date) {
    const rules = limits[action];
    return [
      { key: `${action}:email:${subject.account.trim().toLowerCase()}`, rule: rules.perAccount },
      { key: `${action}:ip:${subject.address}`, rule: rules.perAddress },
      ...(rules.perPair ? [{ key: `${action}:pair:${pairOf(subject)}`, rule: rules.perPair }] : []),
      ...(subject.once
        ? [{ key: `${action}:once:${subject.once}`, rule: { limit: 1, windowMs: rules.perAddress.windowMs } }]
        : []),
    ].map((entry) => ({ ...entry, start: windowStart(at, entry.rule) }));
  }

  function hitOf(
    action: RateLimitAction,
    subject: RateLimitSubject,
    entries: ReturnType<typeof entriesOf>,
    counts: Map<string, number>,
    known: boolean,
  ): RateLimitHit {
    const rules = limits[action];
    // an attempt whose own id was counted before in the window is that attempt repeated
    const onceKey = subject.once ? `${action}:once:${subject.once}` : null;
    const repeated = onceKey !== null && (counts.get(onceKey) ?? 0) > 1;
    // a known address is not held back by the account's count (entry 0), only by its own
    const allowed =
      repeated ||
      entries.every(
        (entry, index) =>
          entry.key === onceKey || (known && index === 0) || (counts.get(entry.key) ?? 0) <= entry.rule.limit,
      );
    const accountCount = counts.get(entries[0]?.key ?? "") ?? 0;
    const over = accountCount - (rules.backOff?.after ?? Number.POSITIVE_INFINITY);
    const delayMs =
      allowed && !known && rules.backOff && over > 0
        ? Math.min(rules.backOff.baseMs * 2 ** (over - 1), rules.backOff.maxMs)
        : 0;
    return {
      allowed,
      delayMs,
      async undo() {
        await db.execute(sql`
          UPDATE rate_limit_hits SET count = count - 1
          WHERE count > 0 AND (key, window_start) IN (${sql.join(
            entries.map((entry) => sql`(${entry.key}, ${entry.start.toISOString()}::timestamptz)`),
            sql`, `,
          )})`);
      },
      async remember() {
        if (rules.knownForMs)
          await count(
            `${action}:known:${pairOf(subject)}`,
            windowStart(now(), { limit: 0, windowMs: rules.knownForMs }),
          );
      },
    };
  }

  /**
   * Counts one attempt of `action` for the account, the address and (where the action has perPair)
   * the pair; all are always counted.
   */
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
    const knownForMs = limits[action].knownForMs;
    const entries = subjects.map((subject) => entriesOf(action, subject, at));
    const [counts, known] = await Promise.all([
      countAll(entries),
      Promise.all(
        subjects.map((subject) =>
          knownForMs
            ? isKnown(
                `${action}:known:${pairOf(subject)}`,
                windowStart(new Date(at.getTime() - knownForMs), { limit: 0, windowMs: knownForMs }),
              )
            : false,
        ),
      ),
    ]);
    await prune(at);
    return entries.map((list, i) =>
      hitOf(action, subjects[i] as RateLimitSubject, list, counts[i] ?? new Map(), known[i] ?? false),
    );
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
      return {
        allowed: counted <= rule.limit,
        delayMs: 0,
        undo: () => uncount(key, start),
        remember: async () => {},
      };
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
