import net, { type AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { startApi } from "../../test/api";
import { placeGuestOrder } from "../../test/guest-order";
import { kitForFile } from "../../test/kit-for-file";
import { insertShopFixtures } from "../orders/orders.fixtures";
import { bearerMatches } from "./metrics.routes";
import { createReadiness, lastMigrationMillis } from "./readiness";
import { shutDownGracefully } from "./shutdown";

// Liveness, readiness and the metrics (docs/decisions/071) on one in-process app with METRICS_TOKEN
// set, and one without it. The whole shutdown of a real process: server/main.test.ts.

const TOKEN = "a-metrics-token-for-tests-0123456789";
const kit = kitForFile(() => startApi({ name: "ops", env: { METRICS_TOKEN: TOKEN } }));
const closed = kitForFile(() => startApi({ name: "ops-closed" }));

const scrape = (authorization?: string) =>
  kit.app.inject({ url: "/metrics", headers: authorization ? { authorization } : {} });

/** Every sample line of a scrape: its name, its labels as written, its value. */
function samples(text: string): { name: string; labels: string; value: number }[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(\{.*\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      return { name: match[1] as string, labels: match[2] ?? "", value: Number(match[3]) };
    });
}

describe("health", () => {
  it("live answers without asking anything; ready checks the database, migrations, worker and shutdown", async () => {
    const live = await kit.app.inject({ url: "/api/health/live" });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: "ok" });
    expect(live.headers["cache-control"]).toBe("no-store");

    const ready = await kit.app.inject({ url: "/api/health/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers["cache-control"]).toBe("no-store");
    // the tests' app runs no worker: not this instance's check
    expect(ready.json()).toEqual({
      status: "ok",
      checks: { database: "ok", migrations: "ok", jobWorker: "off", shutdown: "ok" },
    });
    // as before the split
    expect((await kit.app.inject({ url: "/api/health" })).json()).toEqual({
      status: "ok",
      database: kit.database.kind,
    });
  });

  it("is not ready with a migration missing, a stopped worker, or once the shutdown began", async () => {
    let workerRuns = true;
    const readiness = createReadiness({
      database: kit.database,
      worker: { isRunning: () => workerRuns },
      // a release whose last migration this database has not seen yet
      expectedMigration: lastMigrationMillis() + 1,
    });
    expect(await readiness.check()).toEqual({
      ready: false,
      checks: { database: "ok", migrations: "fail", jobWorker: "ok", shutdown: "ok" },
    });
    workerRuns = false;
    readiness.markShuttingDown();
    expect((await readiness.check()).checks).toMatchObject({ jobWorker: "fail", shutdown: "fail" });
  });

  it("answers 503 naming the shutdown once it began, while liveness stays 200", async () => {
    closed.app.beginShutdown();
    const ready = await closed.app.inject({ url: "/api/health/ready" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: "unavailable",
      checks: { database: "ok", migrations: "ok", jobWorker: "off", shutdown: "fail" },
    });
    expect((await closed.app.inject({ url: "/api/health/live" })).statusCode).toBe(200);
  });
});

describe("GET /metrics", () => {
  it("answers 404 without METRICS_TOKEN, 401 to a missing or wrong token", async () => {
    expect((await closed.app.inject({ url: "/metrics" })).statusCode).toBe(404);
    expect(
      (await closed.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } }))
        .statusCode,
    ).toBe(404);
    const missing = await scrape();
    expect(missing.statusCode).toBe(401);
    expect(missing.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
    expect(missing.body).not.toContain("shop_");
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(TOKEN)).statusCode).toBe(401);
    expect((await scrape(`Basic ${TOKEN}`)).statusCode).toBe(401);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
  });

  it("counts requests per route template, orders and payments by status, jobs, cache hits and the process", async () => {
    const shop = await insertShopFixtures(kit.database.db);
    const email = "metryki@example.com";
    const { orderNumber } = await placeGuestOrder(kit.app, shop.plain.id, email, "10.0.0.7");
    const own = await kit.app.inject({
      url: `/api/orders/${orderNumber}?email=${encodeURIComponent(email)}`,
    });
    expect(own.statusCode).toBe(200);
    const product = `/api/shops/products/${shop.plain.id}`;
    expect((await kit.app.inject({ url: product })).headers["x-cache"]).toBe("miss");
    expect((await kit.app.inject({ url: product })).headers["x-cache"]).toBe("hit");
    await kit.app.inject({ url: "/api/no-such-route/ABC-123" });
    await kit.app.services.jobQueue.enqueue("ops.test-kind", {});

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers["cache-control"]).toBe("no-store");
    const all = samples(response.body);
    const value = (name: string, labels: string) =>
      all.find((sample) => sample.name === name && sample.labels === labels)?.value;

    expect(value("shop_http_requests_total", '{method="POST",route="/api/orders",status_class="2xx"}')).toBe(
      1,
    );
    expect(
      value("shop_http_requests_total", '{method="GET",route="/api/orders/:id",status_class="2xx"}'),
    ).toBe(1);
    expect(
      value("shop_http_requests_total", '{method="GET",route="/api/shops/products/:id",status_class="2xx"}'),
    ).toBe(2);
    expect(value("shop_http_requests_total", '{method="GET",route="unmatched",status_class="4xx"}')).toBe(1);
    expect(
      value(
        "shop_http_request_duration_seconds_count",
        '{method="POST",route="/api/orders",status_class="2xx"}',
      ),
    ).toBe(1);
    expect(
      value(
        "shop_http_request_duration_seconds_bucket",
        '{le="+Inf",method="POST",route="/api/orders",status_class="2xx"}',
      ),
    ).toBe(1);
    expect(value("shop_response_cache_requests_total", '{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(value("shop_response_cache_requests_total", '{result="hit"}')).toBeGreaterThanOrEqual(1);
    // read from the database at scrape time: the order just placed, its payment, the job just queued
    const orders = all.filter((sample) => sample.name === "shop_orders");
    expect(orders.reduce((sum, sample) => sum + sample.value, 0)).toBe(1);
    expect(value("shop_payments", '{status="PAYMENT_NEW"}')).toBe(1);
    expect(value("shop_jobs", '{status="queued"}')).toBeGreaterThanOrEqual(1);
    expect(value("process_resident_memory_bytes", "")).toBeGreaterThan(0);
    expect(all.some((sample) => sample.name === "nodejs_eventloop_lag_seconds")).toBe(true);
    // no label names an order, a product or an e-mail: only route templates
    const labels = all.map((sample) => sample.labels).join("\n");
    expect(labels).not.toContain(orderNumber);
    const routes = new Set([...labels.matchAll(/route="([^"]*)"/g)].map((match) => match[1] as string));
    expect(routes).toContain("/api/orders/:id");
    for (const route of routes) expect(route).toMatch(/^(unmatched|(\/(\*|:?[a-z][\w.-]*))+)$/);
    expect(labels).not.toContain("ABC-123");
    expect(labels).not.toContain("@");
  });
});

describe("the shutdown's bound", () => {
  // last in the file: it closes the app without METRICS_TOKEN
  it("cuts a request still unfinished when the grace period ends, and closes the app", async () => {
    await closed.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = closed.app.server.address() as AddressInfo;
    const stuck = net.connect(port, "127.0.0.1");
    await new Promise<void>((resolve) => stuck.once("connect", () => resolve()));
    const cut = new Promise<void>((resolve) => stuck.once("close", () => resolve()));
    // headers and the start of a body that never ends
    stuck.write(
      "POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await shutDownGracefully(closed.app, { delayMs: 0, graceMs: 300 });
    await cut;
    // waited for the grace period, then cut (Node alone would wait minutes for the body)
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(closed.app.readiness.shuttingDown).toBe(true);
  });
});
