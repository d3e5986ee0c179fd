import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type LoadOptions, type Measurement, measure } from "./measure";
import { type PreparedShop, prepareShop } from "./prepare";
import { processCpuMs, requireBuild, type Server, startCeiling, startShop } from "./processes";
import { machine, stamp, table, writeResults } from "./report";
import {
  ACCEPT_ENCODING,
  ORDER_SCENARIOS,
  POSTGRES_FACTOR,
  priceOrders,
  type Scenario,
  shopScenarios,
  type Target,
  targetOn,
} from "./scenarios";

// `npm run bench`: the built shop under load on the embedded database with a large catalog, then the
// same on PostgreSQL when BENCH_DATABASE_URL (or DATABASE_URL) names a server. Per database: the
// ceiling (a bare Fastify route), then every scenario with the response cache on (the default), then
// the cacheable ones again with RESPONSE_CACHE=off (the cold path). A scenario that got any non-2xx
// answer or connection error is reported as failed, never as a figure. See docs/performance.md.

function intSetting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

const settings = {
  load: {
    connections: intSetting("BENCH_CONNECTIONS", 20),
    durationS: intSetting("BENCH_DURATION", 10),
    warmupS: intSetting("BENCH_WARMUP", 3),
  } satisfies LoadOptions,
  products: intSetting("BENCH_PRODUCTS", 10_000),
  /** past orders in the shop before the run (server/db/seed/order-history.ts says why) */
  orders: intSetting("BENCH_ORDERS", 10_000),
  postgresUrl: process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || null,
  /** pglite, postgres or both (default: both when a PostgreSQL URL is set) */
  databases: (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",").map((s) => s.trim()),
  /** only these scenario ids (comma-separated, e.g. "order,product-page"); empty: all */
  scenarios: (process.env.BENCH_SCENARIOS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
  /** on, off or both (default): which response-cache passes to run */
  cacheModes: (process.env.BENCH_CACHE ?? "on,off").split(",").map((s) => s.trim()),
};

type CacheMode = "on" | "off";

interface Row {
  scenario: string;
  label: string;
  responseCache: CacheMode | null;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ratioOfCeiling: number;
  target: Target | null;
  /** null: no target for this row (the cold path and unlisted scenarios are informative) */
  met: boolean | null;
  /** non-2xx answers or connection errors: the figure does not count */
  failed: string | null;
  /** share of the run's answers that were response-cache hits (x-cache: hit); null without the header */
  xCache: string | null;
  measurement: Measurement;
}

function failure(m: Measurement): string | null {
  if (m.requests === 0) return "no request completed within the run";
  const background = m.background;
  if (background && (background.non2xx > 0 || background.errors > 0 || background.requests === 0)) {
    return `background ${background.label}: ${background.requests} sent, ${background.non2xx} non-2xx, ${background.errors} errors`;
  }
  if (m.non2xx === 0 && m.errors === 0 && m.timeouts === 0) return null;
  const codes = Object.entries(m.statusCodes)
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, count]) => `${count}×${code}`)
    .join(", ");
  return `${m.non2xx} non-2xx${codes ? ` (${codes})` : ""}, ${m.errors} errors, ${m.timeouts} timeouts`;
}

function row(
  kind: "pglite" | "postgres",
  scenario: Pick<Scenario, "id" | "label" | "target">,
  cache: CacheMode | null,
  m: Measurement,
  ceiling: number,
): Row {
  const failed = failure(m);
  const target = cache === "off" || !scenario.target ? null : targetOn(kind, scenario.target);
  const met =
    target === null
      ? null
      : failed === null &&
        m.requestsPerSecond >= target.requestsPerSecond &&
        (target.p99Ms === undefined || m.latencyMs.p99 <= target.p99Ms);
  return {
    scenario: scenario.id,
    label: scenario.label,
    responseCache: cache,
    requestsPerSecond: m.requestsPerSecond,
    p50Ms: m.latencyMs.p50,
    p99Ms: m.latencyMs.p99,
    ratioOfCeiling: ceiling > 0 ? Math.round((m.requestsPerSecond / ceiling) * 1000) / 1000 : 0,
    target,
    met,
    failed,
    xCache: cache === "on" ? hitRate(m) : null,
    measurement: m,
  };
}

async function probe(server: Server, scenario: Scenario): Promise<void> {
  for (const request of scenario.probe) {
    const response = await fetch(`${server.url}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    await response.arrayBuffer();
    if (!response.ok)
      throw new Error(`${scenario.id}: ${request.method} ${request.path} answered ${response.status}`);
  }
}

/**
 * Waits until the server is idle again: requests still queued when a run ends (a slow scenario
 * leaves 20 in flight) must not eat into the next scenario's time.
 */
async function settle(server: Server): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/health`).catch(() => null);
    await response?.arrayBuffer();
    if (response?.ok && performance.now() - started < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** "hit 97%" from the x-cache counts of a run (null when the shop sent no x-cache header) */
function hitRate(m: Measurement): string | null {
  const total = Object.values(m.xCache).reduce((sum, n) => sum + n, 0);
  if (total === 0 || (m.xCache.none ?? 0) === total) return null;
  return `hit ${Math.round(((m.xCache.hit ?? 0) / total) * 100)}%`;
}

function printRow(r: Row): void {
  const status = r.failed ? `FAILED: ${r.failed}` : r.met === null ? "" : r.met ? "met" : "NOT met";
  const cpu = r.measurement.serverCpuMsPerAnswer;
  const background = r.measurement.background;
  console.log(
    `  ${r.label}${r.responseCache ? ` [cache ${r.responseCache}${r.xCache ? `, ${r.xCache}` : ""}]` : ""}: ${r.requestsPerSecond} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms${cpu === null ? "" : `, server CPU ${cpu} ms/answer`}${background ? `, with ${background.requestsPerSecond} orders/s answered alongside` : ""} ${status}`,
  );
}

async function runDatabase(kind: "pglite" | "postgres", logDir: string) {
  console.log(
    `\n== ${kind}: preparing a fresh shop with ${settings.products} generated products and ${settings.orders} past orders…`,
  );
  const prepared: PreparedShop = await prepareShop({
    serverUrl: kind === "postgres" ? settings.postgresUrl : null,
    products: settings.products,
    orders: settings.orders,
  });
  const rows: Row[] = [];
  try {
    console.log(
      `   ${prepared.data.productCount} products, prepared in ${(prepared.seedMs / 1000).toFixed(1)} s (data: ${prepared.dataDir})`,
    );
    const ceilingServer = await startCeiling(logDir);
    let ceiling: Measurement;
    try {
      ceiling = await measure(ceilingServer.url, { path: () => "/" }, settings.load, undefined, () =>
        processCpuMs(ceilingServer.child.pid),
      );
    } finally {
      await ceilingServer.stop();
    }
    const ceilingRow = row(
      kind,
      { id: "ceiling", label: "ceiling: bare Fastify GET /", target: undefined },
      null,
      ceiling,
      ceiling.requestsPerSecond,
    );
    rows.push(ceilingRow);
    printRow(ceilingRow);

    for (const cache of (["on", "off"] as const).filter((c) => settings.cacheModes.includes(c))) {
      const chosen = shopScenarios(prepared.data, [])
        .filter((s) => cache === "on" || s.cacheable)
        .filter((s) => settings.scenarios.length === 0 || settings.scenarios.includes(s.id));
      // the scenarios that place orders exist only once the orders are priced, with the cache on
      const wantOrders =
        cache === "on" &&
        (settings.scenarios.length === 0 || settings.scenarios.some((id) => ORDER_SCENARIOS.includes(id)));
      if (chosen.length === 0 && !wantOrders) continue;
      const shop = await startShop({
        dataDir: prepared.dataDir,
        databaseUrl: prepared.databaseUrl,
        responseCache: cache,
        logDir,
      });
      try {
        const orders = wantOrders ? await priceOrders(shop.url, prepared.data) : [];
        const scenarios = shopScenarios(prepared.data, orders)
          .filter((s) => cache === "on" || s.cacheable)
          .filter((s) => settings.scenarios.length === 0 || settings.scenarios.includes(s.id));
        for (const scenario of scenarios) {
          await probe(shop, scenario);
          await settle(shop);
          const m = await measure(
            shop.url,
            scenario.load,
            settings.load,
            () => settle(shop),
            () => processCpuMs(shop.child.pid),
            scenario.background,
          );
          const r = row(kind, scenario, scenario.cacheable ? cache : null, m, ceiling.requestsPerSecond);
          rows.push(r);
          printRow(r);
        }
      } finally {
        await shop.stop();
      }
    }
  } finally {
    await prepared.destroy();
  }
  return { kind, products: prepared.data.productCount, seedMs: prepared.seedMs, rows };
}

function fmtTarget(t: Target | null): string {
  if (!t) return "—";
  return `≥${t.requestsPerSecond}${t.p99Ms === undefined ? "" : `, p99≤${t.p99Ms}`}`;
}

function printTable(kind: string, rows: Row[]): void {
  console.log(`\n${kind}:`);
  console.log(
    table(
      [
        "scenario",
        "cache",
        "req/s",
        "p50 ms",
        "p99 ms",
        "× ceiling",
        "CPU ms/answer",
        "kB/answer",
        "target",
        "met?",
      ],
      rows.map((r) => [
        r.label,
        r.responseCache ? `${r.responseCache}${r.xCache ? ` (${r.xCache})` : ""}` : "—",
        r.requestsPerSecond,
        r.p50Ms,
        r.p99Ms,
        r.ratioOfCeiling.toFixed(3),
        r.measurement.serverCpuMsPerAnswer ?? "—",
        (r.measurement.bytesPerAnswer / 1024).toFixed(1),
        fmtTarget(r.target),
        r.failed ? `FAILED (${r.failed})` : r.met === null ? "—" : r.met ? "yes" : "NO",
      ]),
    ),
  );
}

async function main(): Promise<void> {
  requireBuild();
  const kinds = (["pglite", "postgres"] as const).filter(
    (kind) => settings.databases.includes(kind) && (kind === "pglite" || settings.postgresUrl),
  );
  if (settings.databases.includes("postgres") && !settings.postgresUrl) {
    console.log(
      "PostgreSQL skipped: set BENCH_DATABASE_URL (or DATABASE_URL) to a server's URL to measure it too.",
    );
  }
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-logs-"));
  const started = new Date();
  const host = machine();
  console.log(
    `Benchmark: ${settings.load.connections} connections, ${settings.load.durationS} s per scenario after a ${settings.load.warmupS} s warm-up; ` +
      `Accept-Encoding "${ACCEPT_ENCODING}"; ${host.cpus} × ${host.cpuModel}, Node ${host.node}; ` +
      `a page fault (first write to a 4 KiB page) ${host.memoryFirstTouchUsPerPage} µs; server logs in ${logDir}`,
  );
  const results = [];
  for (const kind of kinds) {
    const result = await runDatabase(kind, logDir);
    results.push(result);
    const file = writeResults(`${stamp(started)}-${kind}`, {
      date: started.toISOString(),
      database: kind,
      machine: host,
      settings: {
        ...settings.load,
        products: result.products,
        pastOrders: settings.orders,
        acceptEncoding: ACCEPT_ENCODING,
      },
      seedMs: result.seedMs,
      results: result.rows,
    });
    printTable(kind, result.rows);
    console.log(`→ ${file}`);
  }

  const [lite, postgres] = [
    results.find((r) => r.kind === "pglite"),
    results.find((r) => r.kind === "postgres"),
  ];
  if (lite && postgres) {
    // for information: PostgreSQL's own rows are judged against POSTGRES_FACTOR × each target (ADR 029)
    console.log(
      `\nPostgreSQL / PGlite, for information (PostgreSQL's own targets are ${POSTGRES_FACTOR}× each target, above):`,
    );
    const ratios = postgres.rows.flatMap((pgRow) => {
      const liteRow = lite.rows.find(
        (r) => r.scenario === pgRow.scenario && r.responseCache === pgRow.responseCache,
      );
      if (!liteRow || liteRow.requestsPerSecond === 0) return [];
      const ratio = pgRow.requestsPerSecond / liteRow.requestsPerSecond;
      const failed = pgRow.failed ?? liteRow.failed;
      return [
        [
          pgRow.label,
          pgRow.responseCache ?? "—",
          liteRow.requestsPerSecond,
          pgRow.requestsPerSecond,
          failed ? "FAILED" : `${ratio.toFixed(2)}×`,
        ],
      ];
    });
    console.log(table(["scenario", "cache", "PGlite req/s", "PostgreSQL req/s", "ratio"], ratios));
  }
  const failed = results.flatMap((r) =>
    r.rows.filter((row) => row.failed).map((row) => `${r.kind}: ${row.label}`),
  );
  if (failed.length > 0) {
    console.log(`\nScenarios with errors (their figures do not count):\n  ${failed.join("\n  ")}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
