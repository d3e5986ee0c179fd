import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test as base, type Page } from "@playwright/test";
import { freePort } from "../../server/test/free-port";

// Every Playwright worker runs its own shop: a server on a free loopback port with a fresh data folder
// (embedded database, outbox, uploads). The specs change the seeded shop (banners, categories, slides,
// stock), so two workers never share a server. Tests inside one file run in order in one worker and share
// its server; a worker that a failed test ends is replaced by a new one with a fresh shop.
//
// Specs import `test` and `expect` from here instead of "@playwright/test".

export type Shop = { url: string; dataDir: string };
/**
 * Settings added to the shop server's environment, for a spec that needs a configured integration
 * (`test.use({ shopEnv: { INPOST_GEOWIDGET_TOKEN: "…" } })`): such a file gets workers of its own,
 * and every other spec keeps the shared default shop.
 */
export type ShopEnv = Record<string, string>;

const HEALTH_TIMEOUT_MS = 120_000;
const KILL_GRACE_MS = 5_000;

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
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

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const killed = await Promise.race([
    exited(child).then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), KILL_GRACE_MS).unref()),
  ]);
  if (killed) {
    child.kill("SIGKILL");
    await exited(child);
  }
}

/** The worker's shop address, for code that runs outside a fixture (helpers, hooks without `baseURL`). */
export function shopUrl(): string {
  const port = process.env.E2E_PORT;
  if (!port)
    throw new Error("E2E_PORT is not set: the worker's shop fixture (e2e/support/test.ts) has not started");
  return `http://127.0.0.1:${port}`;
}

/**
 * True once the page hydrated, or when it never will (no deferred hydration module: a JSON answer,
 * a page without React Router). The page's scripts start only after its LCP picture is shown
 * (web/lib/hydrate-after-picture.ts), often after the `load` event `page.goto` waits for.
 */
function hydratedOrStatic(): boolean {
  return (
    "__reactRouterDataRouter" in window ||
    document.querySelector('script[type="text/x-module-after-picture"]') === null
  );
}

type Navigation = "goto" | "reload" | "goBack" | "goForward";

let shoppers = 0;

export const test = base.extend<Record<never, never>, { shop: Shop; shopEnv: ShopEnv }>({
  shopEnv: [{}, { scope: "worker", option: true }],
  // every test is a shopper of its own, at an address of its own (the shop trusts X-Forwarded-For
  // here): the per-address limits — orders, coupon codes — count one test's requests, never the
  // whole run's
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    shoppers += 1;
    await use({
      ...extraHTTPHeaders,
      "x-forwarded-for": `198.18.${Math.floor(shoppers / 250) % 250}.${(shoppers % 250) + 1}`,
    });
  },
  // a document load through the page's own methods returns once the page has hydrated (with
  // JavaScript): a shopper's click before that is a no-JavaScript click, which the specs of the
  // no-JavaScript paths test on their own
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      for (const name of ["goto", "reload", "goBack", "goForward"] as Navigation[]) {
        const navigate = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page[Navigation]>;
        (page as unknown as Record<Navigation, unknown>)[name] = async (...args: unknown[]) => {
          const response = await navigate(...args);
          await page.waitForFunction(hydratedOrStatic, null, { timeout: 15_000 }).catch(() => {});
          return response;
        };
      }
    }
    await use(page);
  },
  shop: [
    async ({ shopEnv }, use, workerInfo) => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), `shop-e2e-w${workerInfo.workerIndex}-`));
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
          // each test sends its own client address (extraHTTPHeaders above)
          TRUST_PROXY: "true",
          // password hashes at the test-run cost (scrypt N = 2^12, not 2^17): the seed's accounts and
          // every UI login hash (docs/decisions/065); production refuses it
          PASSWORD_HASH_COST: "quick",
          ...shopEnv,
        },
        stdio: ["ignore", log, log],
      });
      try {
        await waitForHealth(url, child);
      } catch (error) {
        await stop(child);
        fs.closeSync(log);
        const output = fs.readFileSync(logFile, "utf8");
        console.error(`shop server output (${logFile}):\n${output}`);
        throw error;
      }
      // the helpers (outbox, URLs built outside a fixture) read these in this worker process
      process.env.E2E_DATA_DIR = dataDir;
      process.env.E2E_PORT = String(port);
      await use({ url, dataDir });
      await stop(child);
      fs.closeSync(log);
      await rm(dataDir, { recursive: true, force: true });
    },
    { scope: "worker", auto: true, timeout: HEALTH_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ shop }, use) => use(shop.url),
});

export type * from "@playwright/test";
export { expect } from "@playwright/test";
