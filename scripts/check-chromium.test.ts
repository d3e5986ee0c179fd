import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { chromiumProblem, INSTALL_COMMAND } from "./check-chromium";

// A newcomer's `npm test` stops at once without Chromium (issue 31), naming the one command that
// installs it; with Chromium where the Playwright config looks, it says nothing.

const only = (present: string) => (file: string) => file === present;

describe("check-chromium", () => {
  it("passes silently with /usr/bin/chromium, or with CHROMIUM_PATH naming one that is there", () => {
    expect(chromiumProblem({}, only("/usr/bin/chromium"))).toBeNull();
    expect(chromiumProblem({ CHROMIUM_PATH: "/opt/chrome/chrome" }, only("/opt/chrome/chrome"))).toBeNull();
    // an empty CHROMIUM_PATH is unset (playwright.config.ts reads it the same way)
    expect(chromiumProblem({ CHROMIUM_PATH: "" }, only("/usr/bin/chromium"))).toBeNull();
  });

  it("stops without it, naming the path and the command that installs it", () => {
    const problem = chromiumProblem({}, () => false);
    expect(problem).toContain("no Chromium at /usr/bin/chromium");
    expect(problem).toContain(INSTALL_COMMAND);
    expect(INSTALL_COMMAND).toBe("sudo apt-get install chromium");
    const elsewhere = chromiumProblem({ CHROMIUM_PATH: "/opt/nothing" }, only("/usr/bin/chromium"));
    expect(elsewhere).toContain("CHROMIUM_PATH=/opt/nothing is not an executable file");
  });

  it("runs first in `npm test`, before the build and the unit tests", () => {
    const scripts = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts as Record<string, string>;
    expect(scripts.test).toMatch(/^tsx scripts\/check-chromium\.ts && npm run build && /);
    expect(scripts["test:e2e"]).toMatch(/^tsx scripts\/check-chromium\.ts && /);
  });
});
