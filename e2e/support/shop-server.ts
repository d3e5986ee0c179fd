import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { stopChild } from "../../server/test/child-process";
import { freePort } from "../../server/test/free-port";

// One shop server process for the e2e run: `node --import tsx server/main.ts` on a free loopback
// port with its own data folder (embedded database, outbox, uploads). The Playwright workers start
// one each (e2e/support/test.ts); the global setup starts one to seed the data folder they copy
// (e2e/support/seeded-template.ts).

const HEALTH_TIMEOUT_MS = 120_000;
const KILL_GRACE_MS = 5_000;

/** A server start (migrations, the demo seed) can take this long on a busy machine. */
export const SHOP_START_TIMEOUT_MS = HEALTH_TIMEOUT_MS;

export interface ShopServer {
  url: string;
  port: number;
  /** SIGTERM (the server closes its database), SIGKILL after a grace period */
  stop(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the shop server ended before answering (exit ${child.exitCode ?? child.signalCode})`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `the shop server did not answer ${url}/api/health with 200 within ${HEALTH_TIMEOUT_MS / 1000} s`,
  );
}

/**
 * Starts the shop on `dataDir` and resolves once /api/health answers 200. Its output goes to
 * `<dataDir>/server.log`, printed when the start fails.
 */
export async function startShopServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ShopServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, "server.log");
  const log = fs.openSync(logFile, "a");
  // node itself runs the server (tsx as an import hook): the tsx binary forks a child that survives kill
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      // analytics are configured, so the consent spec can see them load only after accepting
      GA_MEASUREMENT_IDS: "G-TEST123",
      // each test sends its own client address (e2e/support/test.ts, extraHTTPHeaders)
      TRUST_PROXY: "true",
      // the demo accounts are seeded, and every login and registration hashed, at the quick test cost
      // (docs/decisions/065): the login form is what the specs test, not scrypt's price
      PASSWORD_HASH_COST: "quick",
      ...env,
    },
    stdio: ["ignore", log, log],
  });
  const stop = async () => {
    await stopChild(child, KILL_GRACE_MS);
    fs.closeSync(log);
  };
  try {
    await waitForHealth(url, child);
  } catch (error) {
    await stop();
    console.error(`shop server output (${logFile}):\n${fs.readFileSync(logFile, "utf8")}`);
    throw error;
  }
  return { url, port, stop };
}
