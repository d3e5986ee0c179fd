// Adds up the JSON reports of Vitest and Playwright written during a CI run and
// prints "N passed, N failed". Exits 1 when anything failed, nothing ran, or an expected
// report named on the command line is missing.
import fs from "node:fs";
import path from "node:path";

const [dir, ...expected] = process.argv.slice(2);
let passed = 0;
let failed = 0;
for (const name of expected) {
  if (!fs.existsSync(path.join(dir, `${name}.json`))) {
    console.log(`${name}.json: missing (that run did not finish), counted as 1 failed`);
    failed += 1;
  }
}
for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  if (!file.endsWith(".json")) continue;
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  if (report.stats && "expected" in report.stats) {
    // Playwright
    passed += report.stats.expected;
    failed += report.stats.unexpected + (report.stats.flaky ?? 0);
    if ((report.errors ?? []).length > 0) failed += report.errors.length;
  } else {
    // Vitest
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTests ?? 0);
    if (report.success === false && (report.numFailedTests ?? 0) === 0) failed += 1;
  }
  console.log(`${file}: running total ${passed} passed, ${failed} failed`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
