import path from "node:path";
import { defineConfig } from "vitest/config";

// Vitest runs without the React Router plugin: unit tests for domain/ and
// in-process API tests for server/ (each test file gets a fresh database).
// CI sets TEST_REPORT_DIR to collect a JSON report for its summary line.
const reportDir = process.env.TEST_REPORT_DIR;
const reportName = process.env.TEST_REPORT_NAME ?? "vitest";

export default defineConfig({
  test: {
    include: ["domain/**/*.test.ts", "server/**/*.test.ts", "web/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // migrates one embedded database per run; each file's fresh database is a copy of it
    globalSetup: ["server/test/pglite-template.ts"],
    // two workers on the 2-core CI machine (Vitest's default leaves one core idle): the tests wait on
    // PGlite, scrypt and sockets as much as they compute
    maxWorkers: 2,
    reporters: reportDir ? ["default", "json"] : ["default"],
    outputFile: reportDir ? { json: path.join(reportDir, `${reportName}.json`) } : undefined,
  },
});
