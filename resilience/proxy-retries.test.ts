import { execFileSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEEP_ALIVE_TIMEOUT_MS } from "../server/http/keep-alive";
import { freePort } from "../server/test/free-port";
import { type Caddy, caddyBin, loggedRequestHeader, startCaddy } from "./support/caddy";
import { call } from "./support/http";
import { fetchTrusting } from "./support/tls-fetch";

// The proxy's configuration (deploy/shop.caddy) when an instance dies under a POST, made certain
// instead of left to the order of requests in production.test.ts: two small upstreams behind
// deploy/Caddyfile.test; a slow GET holds one of them busy, the other is closed, and the next POST
// goes to the closed one (least_conn picks the instance with fewer requests in flight). Caddy 2.6
// cannot send that POST's body again (the refused connection closed it, caddyserver/caddy#7546): a
// retry on the live instance failed there and made its passive health check take the live instance
// out too, so for 10 s every request got a 503. The POST now ends with the refused connection (502,
// it never reached an instance) and the live instance keeps serving everything.

const REQUEST_HEADER = "x-test-request";
const plainFetch = globalThis.fetch;

interface Upstream {
  name: string;
  address: string;
  server: Server;
  /** requests to /slow waiting for the test */
  held: (() => void)[];
}

async function startUpstream(name: string): Promise<Upstream> {
  const port = await freePort();
  const upstream: Upstream = { name, address: `127.0.0.1:${port}`, server: createServer(), held: [] };
  upstream.server.on("request", (request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.url === "/api/health/ready") return answer(200, { status: "ready" });
    if (request.url === "/slow") {
      upstream.held.push(() => answer(200, { from: name }));
      return;
    }
    let bytes = 0;
    request.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
    });
    request.on("end", () => answer(200, { from: name, method: request.method, bytes }));
  });
  await new Promise<void>((resolve) => upstream.server.listen(port, "127.0.0.1", resolve));
  return upstream;
}

async function stopUpstream(upstream: Upstream) {
  if (!upstream.server.listening) return;
  const closed = new Promise((resolve) => upstream.server.close(resolve));
  upstream.server.closeAllConnections();
  await closed;
}

let caddy: Caddy;
let upstreams: Upstream[] = [];

beforeAll(async () => {
  upstreams = [await startUpstream("a"), await startUpstream("b")];
  caddy = await startCaddy({ upstreams: upstreams.map((upstream) => upstream.address) });
  globalThis.fetch = fetchTrusting(caddy.rootCertificate);
});

afterAll(async () => {
  globalThis.fetch = plainFetch;
  for (const upstream of upstreams) for (const release of upstream.held.splice(0)) release();
  await caddy?.stop();
  await Promise.all(upstreams.map(stopUpstream));
});

describe("the proxy when an instance dies under a POST (deploy/shop.caddy)", () => {
  it("the POST that found the dead instance fails alone; the live instance stays in rotation for every method", async () => {
    // both instances serve through the proxy
    const seen = new Set<string>();
    for (let i = 0; i < 40 && seen.size < 2; i += 1) {
      const reply = await call<{ from: string }>("GET", `${caddy.url}/who`);
      expect(reply.status).toBe(200);
      seen.add(reply.body.from);
    }
    expect([...seen].sort()).toEqual(["a", "b"]);

    // one instance busy with a slow request, the other dies
    const slow = call<{ from: string }>("GET", `${caddy.url}/slow`);
    const deadline = Date.now() + 5_000;
    while (upstreams.every((upstream) => upstream.held.length === 0) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const live = upstreams.find((upstream) => upstream.held.length > 0) as Upstream;
    expect(live, "the slow request reached an instance").toBeDefined();
    const dead = upstreams.find((upstream) => upstream !== live) as Upstream;
    await stopUpstream(dead);

    // the next POST goes to the instance with nothing in flight: the dead one
    const first = await call("POST", `${caddy.url}/echo`, {
      body: { note: "x".repeat(2_000) },
      headers: { [REQUEST_HEADER]: "first" },
    });
    const roundTrips = caddy
      .logEntries()
      .filter((entry) => entry.msg === "upstream roundtrip")
      .filter((entry) => loggedRequestHeader(entry, REQUEST_HEADER) === "first")
      .map((entry) => ({ upstream: entry.upstream, error: String(entry.error ?? "") }));
    // tried once, on the dead instance, refused: never sent again with a closed body
    expect(roundTrips).toEqual([
      { upstream: dead.address, error: expect.stringContaining("connection refused") },
    ]);
    expect(first.status).toBe(502);

    // the live instance answers every request that follows, the bodies whole
    for (let i = 0; i < 8; i += 1) {
      const post = await call<{ from: string; bytes: number }>("POST", `${caddy.url}/echo`, {
        body: "y".repeat(1_000 + i),
        headers: { "content-type": "text/plain" },
      });
      expect(post.status, `POST ${i}: ${JSON.stringify(post.body)}`).toBe(200);
      expect(post.body).toEqual({ from: live.name, method: "POST", bytes: 1_000 + i });
      const get = await call<{ from: string }>("GET", `${caddy.url}/who`);
      expect(get.status, `GET ${i}`).toBe(200);
      expect(get.body.from).toBe(live.name);
    }
    expect(caddy.logEntries().filter((entry) => String(entry.error ?? "").includes("closed Body"))).toEqual(
      [],
    );

    for (const release of live.held.splice(0)) release();
    expect((await slow).status).toBe(200);
  });
});

/** The reverse_proxy handlers of a Caddyfile in deploy/, as Caddy reads it (its JSON). */
function proxyHandlers(file: string, env: Record<string, string>): Record<string, unknown>[] {
  const json = execFileSync(caddyBin(), ["adapt", "--config", file, "--adapter", "caddyfile"], {
    cwd: path.resolve(import.meta.dirname, "..", "deploy"),
    env: { PATH: process.env.PATH, ...env },
    stdio: ["ignore", "pipe", "ignore"],
  }).toString();
  const found: Record<string, unknown>[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      if ((value as { handler?: string }).handler === "reverse_proxy")
        found.push(value as Record<string, unknown>);
      Object.values(value).forEach(walk);
    }
  };
  walk(JSON.parse(json));
  return found;
}

describe("the proxy's idle connections (deploy/shop.caddy)", () => {
  it.each([
    [
      "Caddyfile",
      {
        SHOP_DOMAIN: "sklep.example.pl",
        SHOP_ACME_EMAIL: "a@example.pl",
        SHOP_UPSTREAMS: "127.0.0.1:3001 127.0.0.1:3002",
      },
    ],
    [
      "Caddyfile.test",
      {
        SHOP_HTTPS_PORT: "8443",
        SHOP_UPSTREAMS: "127.0.0.1:3001 127.0.0.1:3002",
        CADDY_LOG: "caddy.log",
        CADDY_ADMIN: "127.0.0.1:2019",
      },
    ],
  ])(
    "%s: both blocks give up an idle connection before the shop closes it, so no request goes out on a closing one",
    (file, env) => {
      const handlers = proxyHandlers(file, env);
      // one block resends (GET and HEAD), the other never does
      expect(handlers).toHaveLength(2);
      expect(
        handlers.map((handler) =>
          Boolean((handler.load_balancing as { try_duration?: number }).try_duration),
        ),
      ).toEqual([true, false]);
      for (const handler of handlers) {
        // nanoseconds; Caddy's default when unset is 2 minutes, longer than the shop's 72 s
        const idle = (handler.transport as { keep_alive?: { idle_timeout?: number } } | undefined)?.keep_alive
          ?.idle_timeout;
        expect(idle).toBeGreaterThan(0);
        expect(Number(idle) / 1e6).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS);
      }
    },
  );
});
