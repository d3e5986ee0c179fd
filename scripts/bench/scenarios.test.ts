import { describe, expect, it } from "vitest";
import { POSTGRES_FACTOR, TARGETS, targetOn } from "./scenarios";

// Issue 8's targets: the figures on the embedded database, "on PostgreSQL at least 1.5x each" (ADR 029).

describe("the bench's targets", () => {
  it.each([
    ["product-page", { requestsPerSecond: 500, p99Ms: 100 }, { requestsPerSecond: 750, p99Ms: 100 }],
    ["list-api", { requestsPerSecond: 1_500 }, { requestsPerSecond: 2_250 }],
    ["search", { requestsPerSecond: 500 }, { requestsPerSecond: 750 }],
    ["order", { requestsPerSecond: 300 }, { requestsPerSecond: 450 }],
  ])(
    "%s: the issue's figure on PGlite, 1.5× of it on PostgreSQL (latency unchanged)",
    (id, pglite, postgres) => {
      const target = TARGETS[id];
      if (!target) throw new Error(`no target for ${id}`);
      expect(targetOn("pglite", target)).toEqual(pglite);
      expect(targetOn("postgres", target)).toEqual(postgres);
    },
  );

  it("every targeted scenario has a higher target on PostgreSQL by the factor", () => {
    expect(POSTGRES_FACTOR).toBe(1.5);
    for (const target of Object.values(TARGETS)) {
      expect(targetOn("postgres", target).requestsPerSecond).toBe(target.requestsPerSecond * 1.5);
    }
  });
});
