import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test as base, type Page } from "@playwright/test";
import { TEMPLATE_ENV } from "./seeded-template";
import { SHOP_START_TIMEOUT_MS, startShopServer } from "./shop-server";

// Every Playwright worker runs its own shop: a server on a free loopback port with its own data folder
// (embedded database, outbox, uploads), a copy of the demo shop seeded once by the global setup. The specs change the seeded shop (banners, categories, slides,
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
    (window as { __e2eReactCommitted?: boolean }).__e2eReactCommitted === true ||
    document.querySelector('script[type="text/x-module-after-picture"]') === null
  );
}

/**
 * Waits until a page that a click loaded as a new document (a link outside the app's client routes,
 * a form posted without JavaScript's help) has hydrated: only goto, reload, goBack and goForward
 * wait by themselves, and a click before hydration ends is a no-JavaScript click.
 */
export async function waitForHydrated(page: Page): Promise<void> {
  await page.waitForFunction(hydratedOrStatic, null, { timeout: 15_000 });
}

/**
 * Tells the test when React has committed the hydrated page (the event handlers work from then on):
 * React calls the developer tools' hook after every commit, production builds included. Waiting only
 * for React Router's router object (created just before hydration starts) let a click land while the
 * page was still hydrating on a busy machine, and a button with no form behind it did nothing.
 */
function installCommitFlag(): void {
  const flags = window as unknown as {
    __e2eReactCommitted?: boolean;
    __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown;
  };
  if (flags.__REACT_DEVTOOLS_GLOBAL_HOOK__) return;
  flags.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberRoot: () => {
      flags.__e2eReactCommitted = true;
    },
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
  };
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
      await page.addInitScript(installCommitFlag);
      for (const name of ["goto", "reload", "goBack", "goForward"] as Navigation[]) {
        const navigate = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page[Navigation]>;
        (page as unknown as Record<Navigation, unknown>)[name] = async (...args: unknown[]) => {
          const response = await navigate(...args);
          // a test that asks to go on before the page is complete (a script held back on purpose) is not
          // made to wait for a hydration that cannot happen yet
          const options = args.find((arg) => typeof arg === "object" && arg !== null) as
            | { waitUntil?: string }
            | undefined;
          if (options?.waitUntil === "domcontentloaded" || options?.waitUntil === "commit") return response;
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
      // a copy of the demo shop seeded once by the global setup (e2e/support/seeded-template.ts)
      const template = process.env[TEMPLATE_ENV];
      if (!template)
        throw new Error(`${TEMPLATE_ENV} is not set: playwright.config.ts runs the global setup`);
      await cp(template, dataDir, { recursive: true });
      const server = await startShopServer(dataDir, shopEnv);
      // the helpers (outbox, URLs built outside a fixture) read these in this worker process
      process.env.E2E_DATA_DIR = dataDir;
      process.env.E2E_PORT = String(server.port);
      await use({ url: server.url, dataDir });
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
    { scope: "worker", auto: true, timeout: SHOP_START_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ shop }, use) => use(shop.url),
});

export type * from "@playwright/test";
export { expect } from "@playwright/test";
