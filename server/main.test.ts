import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { JOB_KINDS } from "./areas/jobs/job-kinds";
import { createJobQueue } from "./areas/jobs/job-queue";
import { openDatabase } from "./db/client";
import { jobs, mailOutbox } from "./db/schema";
import { pgliteTemplate } from "./test/database";
import { freePort } from "./test/free-port";
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

// The graceful shutdown (docs/decisions/071) of a real process: a request still uploading its body
// and a job still running (its SMTP server never answers) when SIGTERM arrives.
describe("the running shop's shutdown", { timeout: 90_000 }, () => {
  it("says 503 on readiness at once, finishes the request in flight, hands the job back and exits 0", async () => {
    expect(fs.existsSync("build/server/index.js"), "run `npm run build` first").toBe(true);
    const dataDir = fs.mkdtempSync(path.join(tmp, "shutdown-"));

    // the job, queued before the start: one e-mail to deliver
    // (a copy of the run's migrated template: migrating a new PGlite folder takes seconds)
    const prepared = await openDatabase({
      databaseUrl: null,
      dbDir: path.join(dataDir, "db"),
      loadDataDir: pgliteTemplate(),
    });
    await prepared.migrate();
    const [outbox] = await prepared.db
      .insert(mailOutbox)
      .values({ to: "klientka@example.com", subject: "Zamówienie", text: "Dziękujemy", template: "test" })
      .returning({ id: mailOutbox.id });
    const jobId = await createJobQueue(prepared.db).enqueue(JOB_KINDS.mailDeliver, { outboxId: outbox?.id });
    await prepared.close();
    // an SMTP server that accepts the connection and never greets: the delivery runs until cut
    let deliveryStarted: () => void = () => {};
    const smtpConnected = new Promise<void>((resolve) => {
      deliveryStarted = resolve;
    });
    const smtp = net.createServer((socket) => {
      socket.on("error", () => {});
      deliveryStarted();
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: {
        ...process.env,
        DATABASE_URL: "",
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        SMTP_URL: `smtp://127.0.0.1:${(smtp.address() as net.AddressInfo).port}`,
        JOB_CONCURRENCY: "1",
        JOB_POLL_SECONDS: "0.2",
        SHUTDOWN_DELAY_SECONDS: "1",
        SHUTDOWN_GRACE_SECONDS: "2",
      },
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    const exitCode = new Promise<number | null>((resolve) => child.on("exit", resolve));
    const ready = () =>
      fetch(`${base}/api/health/ready`).then(
        async (response) => ({ status: response.status, body: await response.json() }),
        () => null,
      );
    let upload: net.Socket | null = null;
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const answer = await ready();
        if (answer?.status === 200) {
          expect(answer.body.checks).toEqual({
            database: "ok",
            migrations: "ok",
            jobWorker: "ok",
            shutdown: "ok",
          });
          break;
        }
        if (Date.now() > deadline) throw new Error(`the shop did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await smtpConnected;

      // a sign-in whose body is half sent: the request is in flight
      const body = JSON.stringify({ email: "nikt@example.com", password: "haslo-testowe-123" });
      upload = net.connect(port, "127.0.0.1");
      // the status line of its answer (the socket stays open for writing: a half-closed one is aborted)
      const answered = new Promise<string>((resolve) => {
        let answer = "";
        upload?.on("data", (chunk) => {
          answer += chunk;
          if (answer.includes("\r\n")) resolve(answer);
        });
        upload?.on("close", () => resolve(answer));
      });
      await new Promise<void>((resolve) => upload?.once("connect", () => resolve()));
      upload.write(
        `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));

      child.kill("SIGTERM");
      let unready: { status: number; body: { checks: Record<string, string> } } | null = null;
      while (!unready) {
        const probe = await ready();
        if (probe?.status === 503) unready = probe;
        else await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(unready.body.checks).toEqual({
        database: "ok",
        migrations: "ok",
        jobWorker: "fail",
        shutdown: "fail",
      });

      upload.write(body.slice(10));
      expect(await answered, output).toMatch(/^HTTP\/1\.1 (401|404) /);
      expect(await exitCode).toBe(0);
    } finally {
      upload?.destroy();
      child.kill("SIGKILL");
      smtp.close();
    }
    // not left to its lease (five minutes): queued again, for another instance to take at once
    const after = await openDatabase({ databaseUrl: null, dbDir: path.join(dataDir, "db") });
    try {
      const [job] = await after.db
        .select()
        .from(jobs)
        .where(eq(jobs.id, jobId ?? 0));
      expect(job).toMatchObject({ status: "queued", lockedBy: null, lockedUntil: null, attempts: 0 });
    } finally {
      await after.close();
    }
  });
});
