import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { staleBuild } from "./fresh-build";

// The built-app project's guard: no build, or a build older than a source file, stops the run.

let root = "";

function write(file: string, at: number): void {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, "x");
  fs.utimesSync(full, at / 1000, at / 1000);
}

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("staleBuild", () => {
  const t0 = Date.parse("2026-11-27T10:00:00Z");

  it("names a missing build, then a source newer than the build, and passes a fresh build", () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "fresh-build-"));
    for (const dir of ["web", "domain", "server"]) fs.mkdirSync(path.join(root, dir));
    write("web/routes/home.tsx", t0);
    expect(staleBuild(root)).toMatch(/build\/server\/index\.js is missing/);
    write("build/server/index.js", t0 + 1_000);
    expect(staleBuild(root)).toBeNull();
    write("domain/pricing.ts", t0 + 2_000);
    expect(staleBuild(root)).toMatch(/older than domain\/pricing\.ts/);
  });

  it("ignores tests and test support: they are not part of the build", () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "fresh-build-"));
    for (const dir of ["web", "domain", "server"]) fs.mkdirSync(path.join(root, dir));
    write("build/server/index.js", t0);
    write("server/app.test.ts", t0 + 1_000);
    write("server/test/database.ts", t0 + 1_000);
    expect(staleBuild(root)).toBeNull();
  });
});
