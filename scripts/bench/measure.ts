import autocannon, { type RequestSpec, type Result } from "autocannon";

// One scenario under load: a short warm-up run (discarded), then the measured run, both with
// autocannon's programmatic API in this process. A scenario's requests vary (many URLs, unique
// idempotency keys) through setupRequest, which autocannon calls before every request.

export interface LoadOptions {
  connections: number;
  durationS: number;
  warmupS: number;
}

export interface Measurement {
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; average: number };
  requests: number;
  /** average bytes per answer (headers and body as received: compressed when the shop compresses) */
  bytesPerAnswer: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** answers of the measured run per x-cache header value (hit, miss, bypass; "none" without it) */
  xCache: Record<string, number>;
  durationS: number;
  /**
   * the shop process's CPU time (user + system) per answer of the measured run, ms; null when not
   * known. Steadier than req/s on a machine whose speed moves: it leaves out the load generator.
   */
  serverCpuMsPerAnswer: number | null;
  /** the scenario's background load, when it has one */
  background?: BackgroundMeasurement;
}

/** Requests sent at a steady rate alongside a scenario's load (orders placed while pages are read). */
export interface Background {
  label: string;
  load: Load;
  ratePerSecond: number;
}

/** What the background load did during the measured run. */
export interface BackgroundMeasurement {
  label: string;
  requestsPerSecond: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface Load {
  method?: "GET" | "POST";
  /** the next request's path (called before every request) */
  path: () => string;
  headers?: () => Record<string, string>;
  body?: () => string;
}

function requestsOf(load: Load, xCache: Record<string, number> = {}): RequestSpec[] {
  return [
    {
      onResponse: (_status, _body, _context, headers) => {
        const value = headers["x-cache"];
        const key = typeof value === "string" ? value : "none";
        xCache[key] = (xCache[key] ?? 0) + 1;
      },
      method: load.method ?? "GET",
      setupRequest: (request) => ({
        ...request,
        method: load.method ?? "GET",
        path: load.path(),
        headers: { ...request.headers, ...(load.headers?.() ?? {}) },
        ...(load.body ? { body: load.body() } : {}),
      }),
    },
  ];
}

function summarise(result: Result, xCache: Record<string, number>, cpuMs: number | null): Measurement {
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = Number(stats.count);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      average: Math.round(result.latency.average * 100) / 100,
    },
    requests: result.requests.total ?? 0,
    bytesPerAnswer:
      result.requests.average > 0 ? Math.round(result.throughput.average / result.requests.average) : 0,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    xCache,
    durationS: result.duration,
    serverCpuMsPerAnswer:
      cpuMs === null || !result.requests.total
        ? null
        : Math.round((cpuMs / result.requests.total) * 100) / 100,
  };
}

/**
 * `settle` runs after the warm-up: requests still queued when the warm-up ends would otherwise be
 * answered during (and counted against) the measured run. `serverCpuMs` reads the server's CPU time
 * so far (processes.ts `processCpuMs`), read before and after the measured run.
 */
export async function measure(
  baseUrl: string,
  load: Load,
  options: LoadOptions,
  settle: () => Promise<void> = async () => {},
  serverCpuMs: () => number | null = () => null,
  background?: Background,
): Promise<Measurement> {
  const common = { url: baseUrl, connections: options.connections, timeout: 20 };
  if (options.warmupS > 0) {
    // the warm-up runs with the background too, so the cache starts the measured run as it would be
    const warmBackground = background ? steady(baseUrl, background, options.warmupS) : null;
    await autocannon({ ...common, duration: options.warmupS, requests: requestsOf(load) });
    await warmBackground;
    await settle();
  }
  const xCache: Record<string, number> = {};
  const cpuBefore = serverCpuMs();
  const measuredBackground = background ? steady(baseUrl, background, options.durationS) : null;
  const result = await autocannon({
    ...common,
    duration: options.durationS,
    requests: requestsOf(load, xCache),
  });
  const done = await measuredBackground;
  const cpuAfter = serverCpuMs();
  const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  const measured = summarise(result, xCache, cpuMs);
  if (!background || !done) return measured;
  const requests = done.requests.total ?? 0;
  return {
    ...measured,
    background: {
      label: background.label,
      requestsPerSecond: Math.round(done.duration > 0 ? requests / done.duration : 0),
      requests,
      non2xx: done.non2xx,
      errors: done.errors + done.timeouts,
    },
  };
}

/** The background load at its steady rate for `durationS` (4 connections; its CPU counts as the shop's). */
function steady(baseUrl: string, background: Background, durationS: number): Promise<Result> {
  return autocannon({
    url: baseUrl,
    connections: 4,
    timeout: 20,
    duration: durationS,
    overallRate: background.ratePerSecond,
    requests: requestsOf(background.load),
  });
}

/** Cycles through a list: every connection takes the next entry. */
export function cycle<T>(items: readonly T[]): () => T {
  if (items.length === 0) throw new Error("cycle() needs at least one item");
  let next = 0;
  return () => {
    const item = items[next % items.length] as T;
    next += 1;
    return item;
  };
}
