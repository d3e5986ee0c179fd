import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { stopChild } from "../../server/test/child-process";
import { freePort } from "../../server/test/free-port";

// The processes a measurement runs against: the built shop as `npm start` runs it (`node --import
// tsx server/main.ts`, so the pid is the server itself and a signal reaches it), and the bare Fastify
// server of the ceiling. Each on a free loopback port, its output in a log file (a pipe into this
// process would cost the load generator CPU).

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
const START_TIMEOUT_MS = 180_000;
const KILL_GRACE_MS = 10_000;

export interface Server {
  url: string;
  logFile: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux everywhere in practice) */
const CLOCK_TICKS_PER_S = 100;

/**
 * The CPU time (user + system, ms) a process has used so far, from /proc/<pid>/stat; null where
 * there is no /proc (not Linux) or the process is gone. Resolution 10 ms: read it around a run of
 * seconds, not a request.
 */
export function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // the fields after the command name (which may hold spaces) in its parentheses; utime and stime
  // are fields 14 and 15 of the line, 12 and 13 after the name
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS_PER_S : null;
}

/** The built web app must exist: the benchmark measures the production build, never Vite. */
export function requireBuild(): void {
  if (!fs.existsSync(path.join(ROOT, "build", "server", "index.js"))) {
    throw new Error("build/server/index.js is missing: run `npm run build` first");
  }
}

function tail(file: string, lines = 40): string {
  if (!fs.existsSync(file)) return "";
  return fs.readFileSync(file, "utf8").trim().split("\n").slice(-lines).join("\n");
}

async function waitUntilReady(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${url} exited while starting (${child.exitCode ?? child.signalCode}):\n${tail(logFile)}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stopChild(child, KILL_GRACE_MS);
  throw new Error(`${url} did not answer 200 within ${START_TIMEOUT_MS / 1000} s:\n${tail(logFile)}`);
}

const running = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

async function launch(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  readyPath: string,
  port: number,
  logDir: string,
): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(logDir, `${name}-${port}.log`);
  const out = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", out, out] });
  fs.closeSync(out);
  running.add(child);
  try {
    await waitUntilReady(`${url}${readyPath}`, child, logFile);
  } catch (error) {
    running.delete(child);
    throw error;
  }
  return {
    url,
    logFile,
    child,
    async stop() {
      await stopChild(child, KILL_GRACE_MS);
      running.delete(child);
    },
  };
}

export interface ShopOptions {
  dataDir: string;
  /** null: the embedded database in dataDir/db */
  databaseUrl: string | null;
  /** the response cache (RESPONSE_CACHE); "off" measures the cold path */
  responseCache: "on" | "off";
  logDir: string;
}

/**
 * The Node.js flags `npm start` gives the shop (package.json's start script: `tsx <flags> server/main.ts`), so
 * the measured shop runs as the started one does; one place says them.
 */
export function startNodeFlags(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const start = manifest.scripts.start ?? "";
  const match = /\btsx((?:\s+--[\w-]+(?:=\S+)?)*)\s+server\/main\.ts\b/.exec(start);
  if (!match) throw new Error(`package.json's start script does not run "tsx … server/main.ts": ${start}`);
  return match[1]?.trim().split(/\s+/).filter(Boolean) ?? [];
}

/** The built shop with the settings `npm start` uses (NODE_ENV unset: main.ts picks the production build). */
export async function startShop(options: ShopOptions): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? "",
    SEED_DEMO: "true",
    RESPONSE_CACHE: options.responseCache,
    // each bench order comes from a shopper address of its own (scenarios.ts orderLoad)
    TRUST_PROXY: "true",
  };
  delete env.NODE_ENV;
  // demo credentials are accepted without NODE_ENV=production; the operator's own ones pass through
  // BENCH_CPU_PROF=1: a V8 CPU profile of each shop process, written to the log folder when it stops
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${options.logDir}`] : [];
  return launch(
    "shop",
    [...profile, ...startNodeFlags(), "--import", "tsx", "server/main.ts"],
    env,
    "/api/health",
    port,
    options.logDir,
  );
}

/** The ceiling: a bare Fastify route answering {"ok":true}, the most this machine and load generator give. */
export async function startCeiling(logDir: string): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), NODE_ENV: "production" };
  return launch(
    "ceiling",
    ["--import", "tsx", path.join("scripts", "bench", "ceiling-server.ts")],
    env,
    "/",
    port,
    logDir,
  );
}
