// Adds up the JSON reports of Vitest and Playwright written during a CI run and
// prints "N passed, N failed". Names every failed test (and every Playwright test that
// passed only on its retry), prints the reliability figures table when one was written,
// and exits 1 when anything failed, nothing ran, or an expected report named on the
// command line is missing.
import fs from "node:fs";
import path from "node:path";

const [dir, ...expected] = process.argv.slice(2);
let passed = 0;
let failed = 0;
const failures = [];
const flakes = [];
for (const name of expected) {
  if (!fs.existsSync(path.join(dir, `${name}.json`))) {
    console.log(`${name}.json: missing (that run did not finish), counted as 1 failed`);
    failed += 1;
  }
}

/** Playwright: walks the suites and collects the titles of failed and flaky tests. */
function walkPlaywright(file, suite, titles = []) {
  for (const child of suite.suites ?? []) walkPlaywright(file, child, [...titles, child.title]);
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const name = `${file}: [${test.projectName}] ${[...titles, spec.title].filter(Boolean).join(" › ")}`;
      if (test.status === "unexpected") failures.push(name);
      if (test.status === "flaky") flakes.push(name);
    }
  }
}

for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  if (!file.endsWith(".json")) continue;
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  if (report.stats && "expected" in report.stats) {
    // Playwright: a test that failed and then passed on its one CI retry counts as passed, and is
    // named below as flaky so it gets fixed
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    for (const suite of report.suites ?? []) walkPlaywright(file, suite);
    for (const error of report.errors ?? []) {
      failed += 1;
      failures.push(`${file}: ${String(error.message ?? error).split("\n")[0]}`);
    }
  } else {
    // Vitest
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTests ?? 0);
    if (report.success === false && (report.numFailedTests ?? 0) === 0) {
      failed += 1;
      failures.push(`${file}: the run failed outside a test`);
    }
    for (const result of report.testResults ?? []) {
      for (const test of result.assertionResults ?? []) {
        if (test.status === "failed")
          failures.push(`${file}: ${path.relative(process.cwd(), result.name)} › ${test.fullName}`);
      }
    }
  }
  console.log(`${file}: running total ${passed} passed, ${failed} failed`);
}

const figures = path.join(dir, "figures.jsonl");
if (fs.existsSync(figures)) {
  const { figuresTable, readFigures } = await import("../server/test/figures.ts");
  const rows = readFigures(figures);
  console.log(`\nreliability figures (${rows.length}):\n${figuresTable(rows)}`);
  const broken = rows.filter((row) => !row.held);
  if (broken.length > 0) {
    failed += broken.length;
    for (const row of broken) failures.push(`figure broken: ${row.suite}: ${row.tried} → ${row.result}`);
  }
}
if (flakes.length > 0) console.log(`\npassed only on retry (flaky, fix them):\n  ${flakes.join("\n  ")}`);
if (failures.length > 0) console.log(`\nfailed:\n  ${failures.join("\n  ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
