import { describe, expect, it } from "vitest";
import { randomBase64, randomHex } from "./random-pool";

describe("random values from the pooled block", () => {
  it("have the asked length in base64 and hex", () => {
    expect(Buffer.from(randomBase64(16), "base64")).toHaveLength(16);
    expect(randomHex(8)).toMatch(/^[0-9a-f]{16}$/);
  });

  it("never repeat, across many refills of the block", () => {
    const seen = new Set<string>();
    // 3,000 × 16 bytes: the 4 KiB block is refilled 11 times
    for (let i = 0; i < 3_000; i++) seen.add(randomBase64(16));
    expect(seen.size).toBe(3_000);
  });

  it("use every bit value (not a constant or a counter)", () => {
    const bytes = Buffer.from(Array.from({ length: 256 }, () => randomHex(16)).join(""), "hex");
    const counts = new Array<number>(256).fill(0);
    for (const byte of bytes) counts[byte] = (counts[byte] ?? 0) + 1;
    // 4,096 bytes: each value expected 16 times; none missing from a fair source in practice
    expect(counts.filter((count) => count === 0).length).toBeLessThan(3);
  });

  it("refuses more than a block at once", () => {
    expect(() => randomHex(5_000)).toThrow(RangeError);
  });
});
