import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  brotli,
  brotliWindowBits,
  fastBrotli,
  gzipPieces,
  joinGzip,
  preferredEncoding,
  storedBlocks,
} from "./stored-compression";

describe("a page compressed once and joined with each request's nonce", () => {
  const page = (nonce: string) =>
    `<!DOCTYPE html><html><head><script nonce="${nonce}">a()</script></head><body>${"<p>Kocyk minky</p>".repeat(2000)}<script nonce="${nonce}">b()</script></body></html>${nonce}`;
  const PLACEHOLDER = "\u0000nonce\u0000";
  const parts = page(PLACEHOLDER)
    .split(PLACEHOLDER)
    .map((part) => Buffer.from(part, "utf8"));

  it("is one valid gzip member whose content is the page with that nonce, for any nonce", () => {
    const pieces = gzipPieces(parts);
    for (const nonce of ["AbC+/x==", "zzzzzzzzzzzzzzzzzzzzzz", "żółw"]) {
      const joined = joinGzip(pieces, nonce);
      // gunzip checks the CRC-32 and the length of the trailer
      expect(zlib.gunzipSync(joined).toString("utf8")).toBe(page(nonce));
      expect(joined.length).toBeLessThan(Buffer.byteLength(page(nonce)) / 10);
    }
  });

  it("writes each request's nonce into the joined page as it is (a stored DEFLATE block), not through zlib", () => {
    const pieces = gzipPieces(parts);
    const nonce = "Qm9ub2pvdXIgw6AgdG91cw==";
    const joined = joinGzip(pieces, nonce);
    expect(joined.includes(Buffer.from(nonce))).toBe(true);
    expect(zlib.gunzipSync(joined).toString("utf8")).toBe(page(nonce));
    // stored blocks of any length, also longer than one block's 65,535 bytes, and of none
    for (const length of [0, 1, 65_535, 65_536, 140_000]) {
      const bytes = Buffer.alloc(length, "x");
      const raw = Buffer.concat([storedBlocks(bytes), zlib.deflateRawSync(Buffer.alloc(0))]);
      expect(zlib.inflateRawSync(raw).equals(bytes), String(length)).toBe(true);
    }
  });

  it("works with a single part (no nonce in the page)", () => {
    const joined = joinGzip(gzipPieces([Buffer.from("<p>bez skryptów</p>")]), "unused");
    expect(zlib.gunzipSync(joined).toString("utf8")).toBe("<p>bez skryptów</p>");
  });
});

describe("Brotli of a page or an API answer", () => {
  it("uses a window just large enough for the body: as small as with the default window", () => {
    const body = Buffer.from("<p>Kocyk minky, różowy w groszki</p>".repeat(1500), "utf8");
    expect(body.length).toBeLessThanOrEqual(2 ** 16);
    expect([brotliWindowBits(body.length), brotliWindowBits(10), brotliWindowBits(2 ** 30)]).toEqual([
      16, 10, 22,
    ]);
    for (const compress of [fastBrotli, brotli]) {
      const compressed = compress(body);
      expect(zlib.brotliDecompressSync(compressed).equals(body)).toBe(true);
      // the stream header's first bit 0 says a window of 2^16 (RFC 7932 §9.1); the default 2^22 sets it
      expect((compressed[0] as number) & 1).toBe(0);
      const defaultWindow = zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: compress === brotli ? 5 : 2 },
      });
      expect(compressed.length).toBeLessThanOrEqual(defaultWindow.length);
    }
  });
});

describe("the encoding picked from Accept-Encoding", () => {
  it.each([
    ["gzip, deflate, br", ["br", "gzip"], "br"],
    ["gzip, deflate, br", ["gzip"], "gzip"],
    ["br;q=0, gzip", ["br", "gzip"], "gzip"],
    ["gzip;q=0", ["gzip"], null],
    ["identity", ["br", "gzip"], null],
    ["*", ["gzip"], "gzip"],
    [undefined, ["gzip"], null],
  ] as const)("%s offered %j → %s", (header, offered, expected) => {
    expect(preferredEncoding(header, offered)).toBe(expected);
  });
});
