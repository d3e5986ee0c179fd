import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PRODUCTION_READY } from "./test/production-env";

// Start-up failures end with one clear line and exit code 1, not a stack trace.

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "shop-main-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function start(
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: {
        ...process.env,
        DATABASE_URL: "",
        SEED_DEMO: "false",
        LOG_LEVEL: "silent",
        DATA_DIR: tmp,
        ...env,
      },
    });
    let stderr = "";
    let stdout = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

const lines = (text: string) => text.trim().split("\n").filter(Boolean);

// each case starts the real server process (PGlite migrations included): generous on a busy machine
describe("start-up with bad configuration", { timeout: 90_000 }, () => {
  it("stops on an unparsable DATABASE_URL with one line", async () => {
    const result = await start({ DATABASE_URL: "postgres//nope" });
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toEqual([
      "✖ Invalid configuration: DATABASE_URL must be a URL like postgres://user:password@host:5432/database",
    ]);
  });

  it("stops a production start told to seed the demo shop with one line", async () => {
    const result = await start({ ...PRODUCTION_READY, SEED_DEMO: "true" });
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toHaveLength(1);
    expect(result.stderr).toMatch(/^✖ Invalid configuration: SEED_DEMO=true creates demo accounts/);
  });

  it("stops when the PostgreSQL server cannot be reached", async () => {
    const result = await start({ DATABASE_URL: "postgres://nobody@127.0.0.1:1/shop" });
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toHaveLength(1);
    expect(result.stderr).toMatch(/^✖ Cannot connect to the database at DATABASE_URL \(127\.0\.0\.1:1\)/);
  });

  it("stops when the port is in use", async () => {
    expect(fs.existsSync("build/server/index.js"), "run `npm run build` first").toBe(true);
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const result = await start({ PORT: String(port), HOST: "127.0.0.1" });
      expect(result.code).toBe(1);
      expect(lines(result.stderr)).toEqual([
        `✖ Port ${port} on 127.0.0.1 is already in use; set PORT to a free port.`,
      ]);
    } finally {
      blocker.close();
    }
  });
});

describe("the running shop's log", { timeout: 90_000 }, () => {
  it("writes request lines (gathered in chunks) and writes what waits when stopped", async () => {
    expect(fs.existsSync("build/server/index.js"), "run `npm run build` first").toBe(true);
    const free = net.createServer();
    await new Promise<void>((resolve) => free.listen(0, "127.0.0.1", resolve));
    const port = (free.address() as net.AddressInfo).port;
    await new Promise((resolve) => free.close(resolve));
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: {
        ...process.env,
        DATABASE_URL: "",
        SEED_DEMO: "false",
        LOG_LEVEL: "info",
        DATA_DIR: fs.mkdtempSync(path.join(tmp, "log-")),
        PORT: String(port),
        HOST: "127.0.0.1",
      },
    });
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const ok = await fetch(`http://127.0.0.1:${port}/api/health?probe=log`).then(
          (response) => response.ok,
          () => false,
        );
        if (ok) break;
        if (Date.now() > deadline) throw new Error(`the shop did not start:\n${stdout}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
    const requestLines = lines(stdout)
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } });
    expect(requestLines.some((line) => line.req?.url === "/api/health?probe=log")).toBe(true);
  });
});
