import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { createRateLimiter, DEFAULT_RATE_LIMITS } from "./rate-limit";

// Fixed windows counted in rate_limit_hits, shared by every instance (two limiters = two instances).

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

const MINUTE = 60_000;
const rule = {
  perAccount: { limit: 2, windowMs: 10 * MINUTE },
  perAddress: { limit: 3, windowMs: 10 * MINUTE },
};
let seq = 0;
const subject = () => ({ account: `konto-${++seq}@example.com`, address: `192.0.2.${seq}` });

describe("rate limiter", () => {
  it("counts per account and per address across instances, within a fixed window", async () => {
    let now = new Date("2026-01-01T10:00:00Z");
    const clock = () => now;
    const first = createRateLimiter(database.db, { limits: { login: rule }, now: clock });
    const second = createRateLimiter(database.db, { limits: { login: rule }, now: clock });
    const who = subject();
    expect((await first.hit("login", who)).allowed).toBe(true);
    expect((await second.hit("login", { ...who, account: who.account.toUpperCase() })).allowed).toBe(true);
    expect((await first.hit("login", who)).allowed).toBe(false);
    // a different action has its own counters
    expect((await first.hit("reset", who)).allowed).toBe(true);
    // the next window starts afresh
    now = new Date("2026-01-01T10:10:00Z");
    expect((await second.hit("login", who)).allowed).toBe(true);
  });

  it("refuses when the address is over its limit even for new accounts", async () => {
    const limiter = createRateLimiter(database.db, { limits: { register: rule } });
    const address = "203.0.113.77";
    for (let index = 0; index < 3; index++) {
      expect(
        (await limiter.hit("register", { account: `a${index}-${Date.now()}@example.com`, address })).allowed,
      ).toBe(true);
    }
    expect(
      (await limiter.hit("register", { account: `new-${Date.now()}@example.com`, address })).allowed,
    ).toBe(false);
  });

  it("undo gives the attempt back", async () => {
    const limiter = createRateLimiter(database.db, { limits: { login: rule } });
    const who = subject();
    for (let index = 0; index < 5; index++) {
      const hit = await limiter.hit("login", who);
      expect(hit.allowed).toBe(true);
      await hit.undo();
    }
  });

  it("keeps one row per key and window, and counts concurrent hits exactly", async () => {
    const limiter = createRateLimiter(database.db, {
      limits: {
        resend: {
          perAccount: { limit: 100, windowMs: MINUTE },
          perAddress: { limit: 100, windowMs: MINUTE },
        },
      },
      now: () => new Date("2026-02-01T00:00:30Z"),
    });
    const who = subject();
    await Promise.all(Array.from({ length: 20 }, () => limiter.hit("resend", who)));
    const rows = await database.db.execute<{ key: string; count: number }>(
      sql`select key, count from rate_limit_hits where key like ${"resend:%"} order by key`,
    );
    expect(rows.rows.map((row) => [row.key, Number(row.count)])).toEqual([
      [`resend:email:${who.account}`, 20],
      [`resend:ip:${who.address}`, 20],
    ]);
  });

  it("deletes its own rows of ended windows, and nobody else's", async () => {
    let now = new Date("2026-03-01T08:00:00Z");
    const limiter = createRateLimiter(database.db, {
      limits: { login: rule, register: rule },
      now: () => now,
    });
    await database.db.execute(
      sql`insert into rate_limit_hits (key, window_start, count) values ('contact:ip:192.0.2.200', '2026-03-01T07:00:00Z', 3)`,
    );
    const who = subject();
    await limiter.hit("login", who);
    now = new Date("2026-03-01T08:30:00Z");
    await limiter.hit("register", who);
    const rows = await database.db.execute<{ key: string }>(
      sql`select key from rate_limit_hits
          where window_start >= '2026-03-01T00:00:00Z' and window_start < '2026-03-02T00:00:00Z' order by key`,
    );
    expect(rows.rows.map((row) => row.key)).toEqual([
      "contact:ip:192.0.2.200",
      `register:email:${who.account}`,
      `register:ip:${who.address}`,
    ]);
  });

  it("keeps a known address's row when it deletes ended counting windows", async () => {
    let now = new Date("2026-05-01T08:00:00Z");
    const limits = { login: { ...rule, perPair: rule.perAccount, knownForMs: 24 * 60 * MINUTE } };
    const limiter = createRateLimiter(database.db, { limits, now: () => now });
    const who = subject();
    const hit = await limiter.hit("login", who);
    await hit.remember();
    now = new Date("2026-05-01T09:00:00Z");
    await limiter.hit("login", subject());
    const rows = await database.db.execute<{ key: string }>(
      sql`select key from rate_limit_hits where key like ${`%${who.account}%`} order by key`,
    );
    expect(rows.rows.map((row) => row.key)).toEqual([`login:known:${who.account}|${who.address}`]);
    expect((await limiter.hit("login", who)).delayMs).toBe(0);
  });

  it("has sensible defaults", () => {
    expect(DEFAULT_RATE_LIMITS.login.perPair).toEqual({ limit: 10, windowMs: 15 * MINUTE });
    expect(DEFAULT_RATE_LIMITS.login.perAddress).toEqual({ limit: 50, windowMs: 15 * MINUTE });
    expect(DEFAULT_RATE_LIMITS.login.perAccount).toEqual({ limit: 100, windowMs: 15 * MINUTE });
    expect(DEFAULT_RATE_LIMITS.login.backOff).toEqual({ after: 10, baseMs: 500, maxMs: 8_000 });
  });

  it("login: per pair a hard limit, per account a growing delay up to its cap, none for a known address", async () => {
    const limits = {
      login: {
        perAccount: { limit: 8, windowMs: 10 * MINUTE },
        perAddress: { limit: 100, windowMs: 10 * MINUTE },
        perPair: { limit: 2, windowMs: 10 * MINUTE },
        backOff: { after: 2, baseMs: 100, maxMs: 350 },
        knownForMs: 60 * MINUTE,
      },
    };
    const limiter = createRateLimiter(database.db, { limits, now: () => new Date("2026-04-01T10:00:00Z") });
    const account = `para-${++seq}@example.com`;
    const from = (address: string) => limiter.hit("login", { account, address });
    const home = await from("192.0.2.250");
    await home.undo();
    await home.remember();
    // the pair: the third attempt from one address is refused
    expect((await from("192.0.2.251")).allowed).toBe(true);
    expect((await from("192.0.2.251")).allowed).toBe(true);
    expect((await from("192.0.2.251")).allowed).toBe(false);
    // the account (3 attempts so far): each further attempt from a new address waits longer
    const delays: number[] = [];
    for (let index = 0; index < 5; index++) {
      const hit = await from(`192.0.2.${200 + index}`);
      expect(hit.allowed).toBe(true);
      delays.push(hit.delayMs);
    }
    expect(delays).toEqual([200, 350, 350, 350, 350]);
    // past its cap the account is refused from a new address, not from the known one, which waits nothing
    expect((await from("192.0.2.210")).allowed).toBe(false);
    const known = await from("192.0.2.250");
    expect(known).toMatchObject({ allowed: true, delayMs: 0 });
  });
  it("attempts arriving together are counted in one statement, each answered as if they came in turn", async () => {
    const limiter = createRateLimiter(database.db, { limits: { order: rule } });
    const address = "203.0.113.200";
    const subjects = Array.from({ length: 5 }, (_, i) => ({
      account: `razem-${i}-${seq}@example.com`,
      address,
    }));
    const hits = await limiter.hitMany("order", subjects);
    // per address 3: the first three pass, the rest do not
    expect(hits.map((hit) => hit.allowed)).toEqual([true, true, true, false, false]);
    // per account 2: the same e-mail twice more in one group — the second is its third attempt
    const again = await limiter.hitMany("order", [
      { account: "jedno@example.com", address: "203.0.113.201" },
      { account: "JEDNO@example.com", address: "203.0.113.202" },
      { account: "jedno@example.com", address: "203.0.113.203" },
    ]);
    expect(again.map((hit) => hit.allowed)).toEqual([true, true, false]);
    // a refused attempt given back frees its place
    await hits[4]?.undo();
    await hits[3]?.undo();
    await hits[2]?.undo();
    expect((await limiter.hit("order", { account: `nowy-${seq}@example.com`, address })).allowed).toBe(true);
  });
});
