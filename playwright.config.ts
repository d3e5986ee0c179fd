import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// End-to-end tests drive the system Chromium (never a downloaded browser) against
// the real server, started here on a free loopback port with a fresh data folder.

function freePort(): string {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }).trim();
}

// Evaluated again in every worker: the environment carries the first choice over.
process.env.E2E_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `shop-e2e-${process.pid}-${Date.now()}`);
const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // analytics never reach Google from a test: e2e/consent.spec.ts answers gtag.js with a stub
  // (page.route runs before name resolution); any other request to these hosts fails locally
  "--host-resolver-rules=MAP *.googletagmanager.com ~NOTFOUND, MAP *.google-analytics.com ~NOTFOUND, MAP *.analytics.google.com ~NOTFOUND",
];

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  // one retry in CI: a test that passes only on its retry is named by .ci/summary.mjs as flaky
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.TEST_REPORT_DIR
    ? [["list"], ["json", { outputFile: path.join(process.env.TEST_REPORT_DIR, "e2e.json") }]]
    : "list",
  timeout: 30_000,
  use: {
    baseURL,
    locale: "pl-PL",
    trace: "retain-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
  },
  projects: [
    { name: "desktop", use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } },
    {
      name: "phone",
      use: { browserName: "chromium", viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
      // The staff area's long editing flows run on the desktop only (staff work on a tablet or a
      // desktop; CI time): on the phone the staff shell, orders and users specs cover the layout.
      testIgnore: [
        "**/staff-journey.spec.ts",
        "**/staff-products.spec.ts",
        "**/staff-warehouse.spec.ts",
        "**/staff-taxonomy.spec.ts",
        "**/staff-content.spec.ts",
        "**/staff-gallery.spec.ts",
      ],
    },
  ],
  webServer: {
    command: "npx tsx server/main.ts",
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: port,
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      // analytics are configured, so the consent spec can see them load only after accepting
      GA_MEASUREMENT_IDS: "G-TEST123",
    },
  },
});
