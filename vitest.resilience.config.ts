import path from "node:path";
import { defineConfig } from "vitest/config";

// `npm run test:resilience`: the slow load and fault tests (resilience/), each starting its own
// PostgreSQL cluster and shop processes (resilience/support/), so one file runs at a time. The
// global setup prints the figures table of this run at the end. CI sets TEST_REPORT_DIR for its
// summary line (report: resilience.json), as vitest.config.ts does.
const reportDir = process.env.TEST_REPORT_DIR;
const reportName = process.env.TEST_REPORT_NAME ?? "resilience";

export default defineConfig({
  test: {
    include: ["resilience/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    globalSetup: ["resilience/global-setup.ts"],
    reporters: reportDir ? ["default", "json"] : ["default"],
    outputFile: reportDir ? { json: path.join(reportDir, `${reportName}.json`) } : undefined,
  },
});
