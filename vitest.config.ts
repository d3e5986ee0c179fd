import path from "node:path";
import { defineConfig } from "vitest/config";

// Vitest runs without the React Router plugin, in three projects (`--project <name>` runs one):
// - unit: no database (domain/, web/ and scripts/ helpers, and SERVER_WITHOUT_DATABASE below);
// - db: in-process API and service tests on a real database (each test file gets a fresh one: a
//   copy of a template migrated once per run, in PGlite or, with DATABASE_URL, on that server);
// - built-app: tests of the pages build/ renders, served in-process; they refuse a build older than
//   the code (server/test/fresh-build.ts). With DATABASE_URL (the PostgreSQL pass) only those whose
//   outcome can depend on the database engine run (BUILT_APP_ON_POSTGRES; docs/decisions/065).
// CI sets TEST_REPORT_DIR to collect a JSON report for its summary line.
const reportDir = process.env.TEST_REPORT_DIR;
const reportName = process.env.TEST_REPORT_NAME ?? "vitest";

/** the tests that need build/ (the pages, their headers and weights, the started server) */
const BUILT_APP = [
  "server/http/body-limits.test.ts",
  "server/http/compression.test.ts",
  "server/http/english-pages.test.ts",
  "server/http/database-down-page.test.ts",
  "server/http/images-and-caching.test.ts",
  "server/http/nul-path.test.ts",
  "server/http/response-cache.test.ts",
  "server/main.test.ts",
  "server/perf/page-weight.test.ts",
  "server/perf/query-budget.test.ts",
  "web/bundle-budgets.test.ts",
];
/**
 * the built-app tests the PostgreSQL pass runs: the query budget and the response cache's invalidation
 * (both say what differs on PostgreSQL). The others assert headers, limits, compression, weights and
 * start-up, the same whatever the engine (main.test.ts and database-down-page.test.ts never use the
 * test database; the pages' queries run on PostgreSQL in query-budget.test.ts and the db project).
 */
const BUILT_APP_ON_POSTGRES = ["server/http/response-cache.test.ts", "server/perf/query-budget.test.ts"];
/**
 * db tests whose outcome cannot depend on DATABASE_URL: the PostgreSQL pass leaves them out
 * (pglite-template.test.ts compares a PGlite template with a migrated PGlite database)
 */
const PGLITE_ONLY = ["server/test/pglite-template.test.ts"];
/** tests outside server/ that use a database */
const DB_ELSEWHERE = [
  "scripts/backup-restore.test.ts",
  "web/lib/cart-action.test.ts",
  "web/routes/staff/jobs.test.ts",
  "web/routes/staff/lists.test.ts",
  "web/routes/staff/order-desk.test.ts",
  "web/routes/staff/returns-case.test.ts",
  "web/routes/after-sale/complaint.test.ts",
  "web/routes/back-in-stock/back-in-stock-pages.test.ts",
];
/**
 * tests under server/ that never open a database (the integrations' clients, fakes and documents,
 * pure helpers): in the unit project, so the PostgreSQL pass does not run them a second time
 */
const SERVER_WITHOUT_DATABASE = [
  "server/integrations/**/*.test.ts",
  "server/lib/log-stream.test.ts",
  "server/lib/random-pool.test.ts",
  "server/lib/redact.test.ts",
  "server/lib/sanitize-html.test.ts",
  "server/test/pdf-qr.test.ts",
];
/** the migrated template each test file's database is copied from (each a no-op in the other mode) */
const TEMPLATES = ["server/test/pglite-template.ts", "server/test/postgres-template.ts"];

export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // two workers on the 2-core CI machine (Vitest's default leaves one core idle): the tests wait on
    // PGlite, scrypt and sockets as much as they compute
    maxWorkers: 2,
    reporters: reportDir ? ["default", "json"] : ["default"],
    outputFile: reportDir ? { json: path.join(reportDir, `${reportName}.json`) } : undefined,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "domain/**/*.test.ts",
            "web/**/*.test.ts",
            "scripts/**/*.test.ts",
            ...SERVER_WITHOUT_DATABASE,
          ],
          exclude: [...BUILT_APP, ...DB_ELSEWHERE],
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          include: ["server/**/*.test.ts", ...DB_ELSEWHERE],
          exclude: [
            ...SERVER_WITHOUT_DATABASE,
            ...(process.env.DATABASE_URL ? [...BUILT_APP, ...PGLITE_ONLY] : BUILT_APP),
          ],
          globalSetup: TEMPLATES,
          // one module graph per worker, not per file: importing the app anew for every file was
          // 40 % of the run (docs/decisions/065); each file still gets its own database and app
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "built-app",
          include: process.env.DATABASE_URL ? BUILT_APP_ON_POSTGRES : BUILT_APP,
          globalSetup: ["server/test/fresh-build.ts", ...TEMPLATES],
          isolate: false,
        },
      },
    ],
  },
});
