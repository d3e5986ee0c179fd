import path from "node:path";
import { defineConfig } from "@playwright/test";

// End-to-end tests drive the system Chromium (never a downloaded browser) against the real server.
// Every worker starts its own server on a free loopback port with a fresh data folder (the `shop`
// fixture of e2e/support/test.ts, which also sets each test's baseURL): the specs change the seeded
// shop, so workers never share one. Tests inside a file run in order in one worker (fullyParallel
// false) and share its server. PLAYWRIGHT_WORKERS overrides the default of 2 (the CI machine has 2 cores).

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
  workers: Number(process.env.PLAYWRIGHT_WORKERS) || 2,
  // one retry in CI: a test that passes only on its retry is named by .ci/summary.mjs as flaky
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.TEST_REPORT_DIR
    ? [["list"], ["json", { outputFile: path.join(process.env.TEST_REPORT_DIR, "e2e.json") }]]
    : "list",
  timeout: 30_000,
  use: {
    locale: "pl-PL",
    // a failed test keeps its trace (actions, DOM snapshots, network, console) but not the screencast: recording
    // the screencast for every test cost a quarter of the e2e time (docs/decisions/026)
    trace: { mode: "retain-on-failure", screenshots: false },
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
});
