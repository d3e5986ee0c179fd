import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BULK_PRICE_MAX_GROSZE,
  changedPair,
  changedPrice,
  PRICE_ROUNDINGS,
  type PriceChange,
  type PriceRounding,
  rawChangedPrice,
  roundPrice,
} from "./bulk-price";

const percent = (basisPoints: number, rounding: PriceRounding = "none"): PriceChange => ({
  mode: "percent",
  basisPoints,
  rounding,
});
const amount = (grosze: number, rounding: PriceRounding = "none"): PriceChange => ({
  mode: "amount",
  grosze,
  rounding,
});

describe("changedPrice", () => {
  it.each([
    // old, change, new (or the refusal)
    [10_000, percent(-1000), 9000],
    [10_000, percent(-1000, "99"), 8999],
    [10_000, percent(-1000, "00"), 9000],
    [1235, percent(-1000), 1112], // 11,115 half up
    [1235, percent(-1000, "99"), 1099],
    [1249, percent(0, "99"), 1299], // a tie goes up
    [1248, percent(0, "99"), 1199],
    [1250, percent(0, "00"), 1300],
    [1249, percent(0, "00"), 1200],
    [30, percent(0, "99"), 99], // never below 0,99
    [30, percent(0, "00"), 100], // never 0,00
    [5000, percent(250), 5125],
    [5000, amount(-500), 4500],
    [5000, amount(-501, "99"), 4499],
    [5000, amount(1999, "00"), 7000],
    [5000, amount(-5000), "not-positive"],
    [5000, percent(-10_000), "not-positive"],
    [1, percent(-6000), "not-positive"], // 0,004 → 0
    [BULK_PRICE_MAX_GROSZE, amount(1), "too-high"],
  ] as const)("%i %o → %s", (old, change, expected) => {
    const outcome = changedPrice(old, change);
    expect(outcome.ok ? outcome.grosze : outcome.reason).toBe(expected);
  });
});

describe("changedPair", () => {
  it("moves the price and keeps the promotional price", () => {
    expect(
      changedPair({ priceGrosze: 10_000, promotionalPriceGrosze: 7000 }, "price", percent(-1000)),
    ).toEqual({
      ok: true,
      after: { priceGrosze: 9000, promotionalPriceGrosze: 7000 },
    });
  });

  it("refuses a price lowered to or below its promotional price", () => {
    expect(
      changedPair({ priceGrosze: 10_000, promotionalPriceGrosze: 9000 }, "price", percent(-1000)),
    ).toEqual({
      ok: false,
      reason: "promotional-not-below-price",
    });
  });

  it("starts a promotional price from the price when there is none", () => {
    expect(
      changedPair({ priceGrosze: 10_000, promotionalPriceGrosze: null }, "promotional", percent(-1000, "99")),
    ).toEqual({ ok: true, after: { priceGrosze: 10_000, promotionalPriceGrosze: 8999 } });
  });

  it("refuses a promotional price raised to the price, or one rounded up to it", () => {
    expect(
      changedPair({ priceGrosze: 10_000, promotionalPriceGrosze: 9000 }, "promotional", amount(1000)).ok,
    ).toBe(false);
    expect(
      changedPair({ priceGrosze: 1299, promotionalPriceGrosze: null }, "promotional", amount(-50, "99")),
    ).toEqual({ ok: false, reason: "promotional-not-below-price" });
  });
});

describe("invariants (property)", () => {
  const change = fc.oneof(
    fc.record({
      mode: fc.constant("percent" as const),
      basisPoints: fc.integer({ min: -10_000, max: 100_000 }),
      rounding: fc.constantFrom(...PRICE_ROUNDINGS),
    }),
    fc.record({
      mode: fc.constant("amount" as const),
      grosze: fc.integer({ min: -10_000_000, max: 10_000_000 }),
      rounding: fc.constantFrom(...PRICE_ROUNDINGS),
    }),
  );
  const price = fc.integer({ min: 1, max: BULK_PRICE_MAX_GROSZE });

  it("a new price is positive, within the maximum, ends as chosen and is near the raw result", () => {
    fc.assert(
      fc.property(price, change, (old, c) => {
        const outcome = changedPrice(old, c);
        const raw = rawChangedPrice(old, c);
        if (!outcome.ok) {
          expect(raw <= 0 || roundPrice(raw, c.rounding) > BULK_PRICE_MAX_GROSZE).toBe(true);
          return;
        }
        expect(Number.isSafeInteger(outcome.grosze)).toBe(true);
        expect(outcome.grosze).toBeGreaterThanOrEqual(1);
        expect(outcome.grosze).toBeLessThanOrEqual(BULK_PRICE_MAX_GROSZE);
        if (c.rounding === "99") expect(outcome.grosze % 100).toBe(99);
        if (c.rounding === "00") expect(outcome.grosze % 100).toBe(0);
        if (c.rounding === "none") expect(outcome.grosze).toBe(raw);
        // the rounding moves at most 50 gr, except up to the smallest rounded price
        if (raw >= 100) expect(Math.abs(outcome.grosze - raw)).toBeLessThanOrEqual(50);
      }),
    );
  });

  it("a lowering never raises a price beyond its rounding", () => {
    fc.assert(
      fc.property(price, fc.integer({ min: -9999, max: 0 }), (old, basisPoints) => {
        const outcome = changedPrice(old, percent(basisPoints));
        if (outcome.ok) expect(outcome.grosze).toBeLessThanOrEqual(old);
      }),
    );
  });

  it("an accepted pair always has its promotional price below its price", () => {
    fc.assert(
      fc.property(
        price,
        fc.option(price, { nil: null }),
        fc.constantFrom("price" as const, "promotional" as const),
        change,
        (priceGrosze, promotional, target, c) => {
          const outcome = changedPair({ priceGrosze, promotionalPriceGrosze: promotional }, target, c);
          if (!outcome.ok) return;
          const { after } = outcome;
          if (after.promotionalPriceGrosze !== null)
            expect(after.promotionalPriceGrosze).toBeLessThan(after.priceGrosze);
          expect(target === "price" ? after.promotionalPriceGrosze : after.priceGrosze).toBe(
            target === "price" ? promotional : priceGrosze,
          );
        },
      ),
    );
  });
});
