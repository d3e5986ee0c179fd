import fs from "node:fs";
import path from "node:path";

// The built-app tests (vitest.config.ts, project "built-app") serve the pages of build/. A build
// older than the code it was made from tests yesterday's shop and passes or fails for the wrong
// reason, so the project refuses to start: the build entry must be newer than every source file
// the build is made of (web/, domain/, server/ — tests aside — and the build's own configuration).

const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCES = ["web", "domain", "server"];
const CONFIG_FILES = ["vite.config.ts", "react-router.config.ts", "package-lock.json"];

function isSource(file: string): boolean {
  return /\.(tsx?|css|json)$/.test(file) && !/\.test\.tsx?$/.test(file);
}

/** The newest source file and its time, walking `dir`. */
function newest(dir: string, found: { file: string; ms: number }): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && entry.name !== "test") newest(full, found);
    } else if (isSource(entry.name)) {
      const ms = fs.statSync(full).mtimeMs;
      if (ms > found.ms) Object.assign(found, { file: full, ms });
    }
  }
}

/** Why build/ cannot be used for the built-app tests, or null when it is fresh. */
export function staleBuild(root = ROOT): string | null {
  const entry = path.join(root, "build/server/index.js");
  if (!fs.existsSync(entry))
    return `${path.relative(root, entry)} is missing: run \`npm run build\` first (npm test does)`;
  const built = fs.statSync(entry).mtimeMs;
  const found = { file: "", ms: 0 };
  for (const dir of SOURCES) newest(path.join(root, dir), found);
  for (const file of CONFIG_FILES) {
    const full = path.join(root, file);
    if (fs.existsSync(full) && fs.statSync(full).mtimeMs > found.ms)
      Object.assign(found, { file: full, ms: fs.statSync(full).mtimeMs });
  }
  if (found.ms > built) {
    return `build/ is older than ${path.relative(root, found.file)}: run \`npm run build\` again (npm test does)`;
  }
  return null;
}

export default function setup(): void {
  const stale = staleBuild();
  if (stale) throw new Error(stale);
}
