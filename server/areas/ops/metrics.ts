import { sql } from "drizzle-orm";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "../../db/client";

// The shop's Prometheus metrics (docs/decisions/071), one registry per app (tests build many apps in
// one process). Two kinds:
// - counted in this process as it works: requests per route template and status class (never the
//   raw URL: no order number or token in a label), their latency, response-cache hits and misses,
//   failed job attempts, and the process's own (memory, CPU, event loop, GC);
// - read from the database at scrape time with one grouped count each: orders by status, payments
//   by status, jobs by state. They are the shop's, not this instance's: every instance reports the
//   same numbers (take max() across instances, never sum()).

/** A label for a method Node parsed: the usual ones as they are, anything else "other". */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Latency buckets (seconds): a cached page is ~1 ms, an order a few tens, a PDF up to seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface RequestObservation {
  method: string;
  /** the route's URL template (Fastify's routeOptions.url), undefined when no route matched */
  route: string | undefined;
  statusCode: number;
  seconds: number;
  /** the response cache's x-cache header: hit, miss or bypass (absent: the route is not cacheable) */
  cache: string | undefined;
}

export type ShopMetrics = ReturnType<typeof createShopMetrics>;

/** `select status, count(*) … group by status` as label → count. */
async function countsByStatus(db: Db, table: "orders" | "payments" | "jobs"): Promise<Map<string, number>> {
  const result = await db.execute(
    sql`select status, count(*)::int as count from ${sql.identifier(table)} group by status`,
  );
  return new Map(
    (result.rows as { status: string; count: number | string }[]).map((row) => [
      row.status,
      Number(row.count),
    ]),
  );
}

/** A gauge set from the database at each scrape; left empty while the database is out of reach. */
function statusGauge(
  registry: Registry,
  db: Db,
  table: "orders" | "payments" | "jobs",
  name: string,
  help: string,
) {
  return new Gauge({
    name,
    help,
    labelNames: ["status"],
    registers: [registry],
    async collect() {
      const counts = await countsByStatus(db, table).catch(() => null);
      this.reset();
      for (const [status, count] of counts ?? []) this.set({ status }, count);
    },
  });
}

export function createShopMetrics(db: Db) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "shop_http_requests_total",
    help: "HTTP requests answered, by method, route template and status class",
    labelNames: ["method", "route", "status_class"],
    registers: [registry],
  });
  const duration = new Histogram({
    name: "shop_http_request_duration_seconds",
    help: "Time from the request's arrival to its answer sent, by method, route template and status class",
    labelNames: ["method", "route", "status_class"],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const cache = new Counter({
    name: "shop_response_cache_requests_total",
    help: "Cacheable requests by what the response cache did: hit, miss or bypass (docs/decisions/023)",
    labelNames: ["result"],
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: "shop_job_failures_total",
    help: "Failed job attempts in this instance by kind and outcome: retried later, or dead (out of attempts)",
    labelNames: ["kind", "outcome"],
    registers: [registry],
  });
  statusGauge(
    registry,
    db,
    "orders",
    "shop_orders",
    "Orders in the database by status (read at scrape time)",
  );
  statusGauge(
    registry,
    db,
    "payments",
    "shop_payments",
    "Payments in the database by status (read at scrape time)",
  );
  statusGauge(
    registry,
    db,
    "jobs",
    "shop_jobs",
    "Background jobs by state: queued, running, done, failed (the dead letter); read at scrape time",
  );

  return {
    registry,

    observeRequest(observation: RequestObservation): void {
      const labels = {
        method: METHODS.has(observation.method) ? observation.method : "other",
        route: observation.route ?? "unmatched",
        status_class: `${Math.floor(observation.statusCode / 100)}xx`,
      };
      requests.inc(labels);
      duration.observe(labels, observation.seconds);
      if (observation.cache === "hit" || observation.cache === "miss" || observation.cache === "bypass")
        cache.inc({ result: observation.cache });
    },

    jobFailed(kind: string, status: "queued" | "failed"): void {
      jobFailures.inc({ kind, outcome: status === "failed" ? "dead" : "retried" });
    },
  };
}
