import { defineConfig } from "vitest/config";

// Vitest runs without the React Router plugin: unit tests for domain/ and
// in-process API tests for server/ (each test file gets a fresh database).
export default defineConfig({
  test: {
    include: ["domain/**/*.test.ts", "server/**/*.test.ts", "web/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
