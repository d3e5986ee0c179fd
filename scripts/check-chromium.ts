import fs from "node:fs";
import { pathToFileURL } from "node:url";

// Run first by `npm test` (package.json): the browser tests drive the system Chromium
// (playwright.config.ts: CHROMIUM_PATH, else /usr/bin/chromium), never a downloaded one. Without it
// the run stops here at once with the command that installs it, instead of after the build and the
// unit tests.

export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";
export const INSTALL_COMMAND = "sudo apt-get install chromium";

/** The Chromium the Playwright config launches: CHROMIUM_PATH when set, else /usr/bin/chromium. */
export function chromiumPath(env: Record<string, string | undefined>): string {
  return env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
}

/** What is wrong, in a few lines for the terminal, or null when that Chromium is there to run. */
export function chromiumProblem(
  env: Record<string, string | undefined>,
  isExecutable: (file: string) => boolean,
): string | null {
  const file = chromiumPath(env);
  if (isExecutable(file)) return null;
  const where = env.CHROMIUM_PATH
    ? `CHROMIUM_PATH=${file} is not an executable file`
    : `there is no Chromium at ${DEFAULT_CHROMIUM_PATH}`;
  return [
    `✖ npm test runs its browser tests in the system Chromium, and ${where}.`,
    `  Install it (Debian, Ubuntu):  ${INSTALL_COMMAND}`,
    "  or set CHROMIUM_PATH to a Chromium or Chrome binary you have.",
  ].join("\n");
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const problem = chromiumProblem(process.env, isExecutable);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
