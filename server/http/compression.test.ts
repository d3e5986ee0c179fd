import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltShop, startBuiltShop } from "../test/built-shop";
import { recordFigure } from "../test/figures";
import { kitForFile } from "../test/kit-for-file";

// Pages and JSON are compressed for browsers that accept it; the client build's assets are served
// from the .br/.gz files the build wrote (no compression per request); compressed request bodies are
// not inflated. Renders the built app (`npm test` builds first).

const ASSETS = path.resolve("build/client/assets");

const shop = kitForFile(() => startBuiltShop({ name: "compression" }), 120_000);

const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

describe("compressed answers", () => {
  it("sends pages as Brotli or gzip when accepted, and the same page", async () => {
    const plain = await shop.app.inject({ method: "GET", url: "/produkty" });
    const br = await shop.app.inject({
      method: "GET",
      url: "/produkty",
      headers: { "accept-encoding": "br, gzip" },
    });
    const gzip = await shop.app.inject({
      method: "GET",
      url: "/produkty",
      headers: { "accept-encoding": "gzip" },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const fromBr = zlib.brotliDecompressSync(br.rawPayload).toString("utf8");
    const fromGzip = zlib.gunzipSync(gzip.rawPayload).toString("utf8");
    expect(withoutNonces(fromBr)).toBe(withoutNonces(plain.body));
    expect(withoutNonces(fromGzip)).toBe(withoutNonces(plain.body));
    recordFigure({
      suite: "compression",
      tried: "/produkty as identity, br and gzip",
      result: `${plain.rawPayload.length} B → br ${br.rawPayload.length} B, gzip ${gzip.rawPayload.length} B`,
      held: br.rawPayload.length < plain.rawPayload.length / 3,
    });
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it("compresses JSON from the API", async () => {
    const res = await shop.app.inject({
      method: "GET",
      url: "/api/shops/products?strona=1",
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString("utf8")).items.length).toBeGreaterThan(0);
  });

  it("serves the build's assets from the files compressed at build time, cached for a year", async () => {
    const script = fs
      .readdirSync(ASSETS)
      .filter((name) => name.endsWith(".js") && fs.statSync(path.join(ASSETS, name)).size > 4096)
      .sort()[0];
    expect(script, "a built script").toBeTruthy();
    const name = script as string;
    expect(fs.existsSync(path.join(ASSETS, `${name}.br`))).toBe(true);
    expect(fs.existsSync(path.join(ASSETS, `${name}.gz`))).toBe(true);
    const br = await shop.app.inject({
      method: "GET",
      url: `/assets/${name}`,
      headers: { "accept-encoding": "br" },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.rawPayload.equals(fs.readFileSync(path.join(ASSETS, `${name}.br`)))).toBe(true);
    expect(String(br.headers["cache-control"])).toContain("immutable");
    const plain = await shop.app.inject({ method: "GET", url: `/assets/${name}` });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.equals(fs.readFileSync(path.join(ASSETS, name)))).toBe(true);
  });

  it("does not inflate a compressed request body", async () => {
    const body = zlib.gzipSync(JSON.stringify({ email: "klient@example.com", password: "klient1234" }));
    const res = await shop.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      payload: body,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe("compressed answers from the response cache", () => {
  let cached: BuiltShop;
  beforeAll(async () => {
    cached = await startBuiltShop({ name: "compression-cached", env: { RESPONSE_CACHE: "on" } });
  }, 120_000);
  afterAll(() => cached?.close());

  it("a cached page comes as gzip carrying the hit's own nonce", async () => {
    const miss = await cached.app.inject({
      method: "GET",
      url: "/produkty",
      headers: { "accept-encoding": "gzip" },
    });
    expect(miss.headers["x-cache"]).toBe("miss");
    const hit = await cached.app.inject({
      method: "GET",
      url: "/produkty",
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(hit.headers["x-cache"]).toBe("hit");
    expect(hit.headers["content-encoding"]).toBe("gzip");
    expect(String(hit.headers.vary)).toMatch(/accept-encoding/i);
    const html = zlib.gunzipSync(hit.rawPayload).toString("utf8");
    const nonce = /'nonce-([^']+)'/.exec(String(hit.headers["content-security-policy"]))?.[1];
    expect(nonce).toBeTruthy();
    const nonces = new Set([...html.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]));
    expect([...nonces]).toEqual([nonce]);
    const plain = zlib.gunzipSync(miss.rawPayload).toString("utf8");
    expect(withoutNonces(html)).toBe(withoutNonces(plain));
  });

  it("a cached API answer comes as Brotli or gzip, as asked", async () => {
    const url = "/api/shops/products?strona=2";
    const plain = await cached.app.inject({ method: "GET", url });
    const br = await cached.app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
    const gz = await cached.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect([br.headers["x-cache"], gz.headers["x-cache"]]).toEqual(["hit", "hit"]);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(plain.body);
    expect(zlib.gunzipSync(gz.rawPayload).toString("utf8")).toBe(plain.body);
  });
});
