import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipPieces, joinGzip, preferredEncoding } from "./stored-compression";

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

  it("works with a single part (no nonce in the page)", () => {
    const joined = joinGzip(gzipPieces([Buffer.from("<p>bez skryptów</p>")]), "unused");
    expect(zlib.gunzipSync(joined).toString("utf8")).toBe("<p>bez skryptów</p>");
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
