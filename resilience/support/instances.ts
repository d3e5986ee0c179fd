import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { exited } from "../../server/test/child-process";
import { freePort } from "../../server/test/free-port";

// The shop as it runs in production: `tsx server/main.ts` (the API and the built web app) in its own
// process — started as `node --import tsx server/main.ts`, so the pid is the server itself and a
// SIGKILL kills it (the `tsx` command would run the server in a child process that outlives it) — on a free loopback port, with its own DATA_DIR, against the database it is given. The first
// instance on an empty database migrates it and seeds the demo shop; another one on the same database
// just starts. Its output goes to a log file (`logTail()` for failure messages).

const ROOT = path.resolve(import.meta.dirname, "..", "..");

export interface Instance {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** the running process's id (changes on restart) */
  readonly pid: number;
  dataDir: string;
  logFile: string;
  /** sends a signal (SIGKILL: no clean-up at all) and waits until the process is gone */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** SIGTERM (a clean shutdown) and waits for the exit */
  stop(): Promise<void>;
  /** starts the process again on the same port and data folder (after kill/stop), waits for /api/health */
  restart(): Promise<void>;
  /** stop() and delete the data folder when this module created it (end of a test file; the log stays) */
  destroy(): Promise<void>;
  /** true while the process runs */
  readonly running: boolean;
  logTail(lines?: number): string;
}

export interface InstanceOptions {
  databaseUrl: string;
  /** more environment (LOG_LEVEL, PAYMENT_PROVIDER, …) */
  env?: Record<string, string>;
  /** a shared data folder (media, outbox); default: a new temporary one */
  dataDir?: string;
  /** how long to wait for /api/health (default 120 s: tsx compiles on a slow machine) */
  startTimeoutMs?: number;
}

/** The built web app is required (CI builds first; locally: npm run build). */
function requireBuild(): void {
  if (!fs.existsSync(path.join(ROOT, "build", "server", "index.js"))) {
    throw new Error(
      "The resilience suite serves the built web app: run `npm run build` first (build/server/index.js is missing).",
    );
  }
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number, log: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The shop exited while starting (${child.exitCode ?? child.signalCode}):\n${log()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`The shop did not answer ${url}/api/health within ${timeoutMs / 1000} s:\n${log()}`);
}

const started = new Set<ChildProcess>();
/** data folders this module created: deleted by destroy(), else when the test process exits (best effort) */
const ownFolders: string[] = [];
process.on("exit", () => {
  for (const child of started) child.kill("SIGKILL");
  for (const folder of ownFolders) fs.rmSync(folder, { recursive: true, force: true });
});

/**
 * Where the first instance of a run that seeded the demo shop leaves its pictures (set by the global
 * setup): later instances start with a copy, and the seed keeps files that exist instead of drawing
 * them again with sharp (~7 s of each file's start; the load and fault tests never fetch them).
 */
export const MEDIA_TEMPLATE_ENV = "RESILIENCE_MEDIA_TEMPLATE";

function keepMedia(mediaDir: string, template: string): void {
  const staging = `${template}.${process.pid}.${Date.now()}`;
  fs.cpSync(mediaDir, staging, { recursive: true });
  try {
    fs.renameSync(staging, template);
  } catch {
    // another instance kept its copy first
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

export async function startInstance(options: InstanceOptions): Promise<Instance> {
  requireBuild();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "shop-resilience-app-"));
  if (!options.dataDir) ownFolders.push(dataDir);
  const logFile = path.join(os.tmpdir(), `shop-resilience-${port}-${Date.now()}.log`);
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl,
    LOG_LEVEL: "warn",
    SEED_DEMO: "true",
    NODE_ENV: "development",
    // the suite's shoppers are many people: each sends its own X-Forwarded-For (http.ts shopperAddress),
    // so the per-address limits (orders, coupon codes) see them apart; without it they are 127.0.0.1
    TRUST_PROXY: "true",
    // the test runner's own settings are not the shop's
    VITEST: "",
    VITEST_POOL_ID: "",
    VITEST_WORKER_ID: "",
    ...options.env,
  };
  const logTail = (lines = 60) =>
    fs.existsSync(logFile)
      ? fs.readFileSync(logFile, "utf8").trim().split("\n").slice(-lines).join("\n")
      : "";

  let child: ChildProcess;
  const launch = async () => {
    const out = fs.openSync(logFile, "a");
    fs.writeSync(out, `\n--- start ${new Date().toISOString()} ---\n`);
    child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      cwd: ROOT,
      env,
      stdio: ["ignore", out, out],
    });
    fs.closeSync(out);
    started.add(child);
    const current = child;
    child.once("exit", () => started.delete(current));
    try {
      await waitForHealth(url, child, options.startTimeoutMs ?? 120_000, () => logTail());
    } catch (error) {
      child.kill("SIGKILL");
      throw error;
    }
  };
  const mediaTemplate = process.env[MEDIA_TEMPLATE_ENV];
  const mediaDir = path.join(dataDir, "media");
  if (mediaTemplate && !options.dataDir && fs.existsSync(mediaTemplate))
    fs.cpSync(mediaTemplate, mediaDir, { recursive: true });
  await launch();
  if (mediaTemplate && !fs.existsSync(mediaTemplate) && fs.existsSync(mediaDir))
    keepMedia(mediaDir, mediaTemplate);

  const instance: Instance = {
    url,
    port,
    get pid() {
      return child.pid ?? -1;
    },
    dataDir,
    logFile,
    get running() {
      return child.exitCode === null && child.signalCode === null;
    },
    async kill(signal = "SIGKILL") {
      const done = exited(child);
      child.kill(signal);
      await done;
    },
    async stop() {
      const done = exited(child);
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await done;
      clearTimeout(timer);
    },
    async restart() {
      if (instance.running) await instance.stop();
      await launch();
    },
    async destroy() {
      if (instance.running) await instance.stop();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    logTail,
  };
  return instance;
}
