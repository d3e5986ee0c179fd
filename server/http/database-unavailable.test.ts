import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { translate } from "../../domain/i18n";
import { buildApp } from "../app";
import { createPool, type Database } from "../db/client";
import * as schema from "../db/schema";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../lib/database-unavailable";
import { FailureError, fail } from "../lib/result";
import { recordFigure } from "../test/figures";
import { testConfig } from "../test/test-config";

// The database going away is not a bug: while PostgreSQL is stopped or restarting every request
// that needs it answers 503 `service-unavailable` (translated, with Retry-After), pages get a small
// translated HTML page, and nothing of it ends the process (docs/reliability.md, issue 7 "Faults").
// The full outage (a real server stopped with `pg_ctl -m immediate` under load and started again)
// is resilience/faults.test.ts.

/** A loopback port nothing listens on: connecting to it is refused at once. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** A PostgreSQL database whose server is gone: the shop's own pool, pointed at a closed port. */
async function unreachableDatabase(): Promise<{ database: Database; pool: pg.Pool }> {
  const pool = createPool(`postgres://postgres@127.0.0.1:${await closedPort()}/postgres`, 2);
  const database: Database = {
    db: drizzle(pool, { schema }),
    kind: "postgres",
    migrate: async () => {},
    close: () => pool.end(),
  };
  return { database, pool };
}

/** What pg really throws, caught from the driver. */
async function caught(action: () => Promise<unknown>): Promise<unknown> {
  try {
    await action();
  } catch (error) {
    return error;
  }
  throw new Error("expected the action to fail");
}

/** A server error as pg builds it from the wire (pg-protocol's DatabaseError). */
function serverError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, "error");
  error.code = code;
  error.severity = "FATAL";
  return error;
}

describe("isDatabaseUnavailable tells a lost database from a bug", () => {
  it("recognises the errors of a stopped, restarting or unreachable server and nothing else", async () => {
    const port = await closedPort();
    const refusedClient = await caught(async () => {
      const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
      await client.connect();
    });
    const { database, pool } = await unreachableDatabase();
    const refusedThroughDrizzle = await caught(() => database.db.select().from(schema.users).limit(1));
    const refusedInTransaction = await caught(() =>
      database.db.transaction(async (tx) => tx.select().from(schema.users).limit(1)),
    );
    await pool.end();

    const unavailable: Record<string, unknown> = {
      "connection refused (pg.Client.connect)": refusedClient,
      "connection refused through Drizzle (DrizzleQueryError with the cause)": refusedThroughDrizzle,
      "connection refused opening a transaction": refusedInTransaction,
      "57P01 terminating connection due to administrator command (pg_ctl -m fast/immediate)": serverError(
        "57P01",
        "terminating connection due to administrator command",
      ),
      "57P03 the database system is starting up": serverError("57P03", "the database system is starting up"),
      "08006 connection failure": serverError("08006", "connection failure"),
      "Drizzle-wrapped 57P01": Object.assign(new Error("Failed query: select 1"), {
        cause: serverError("57P01", "terminating connection due to administrator command"),
      }),
      "pg: Connection terminated unexpectedly": new Error("Connection terminated unexpectedly"),
      "pg: Client has encountered a connection error and is not queryable": new Error(
        "Client has encountered a connection error and is not queryable",
      ),
      "pg-pool: timeout exceeded when trying to connect": new Error(
        "timeout exceeded when trying to connect",
      ),
      "AggregateError of refused attempts (localhost: ::1 and 127.0.0.1)": Object.assign(
        new AggregateError([
          Object.assign(new Error("connect ECONNREFUSED ::1:5432"), { code: "ECONNREFUSED" }),
          Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
        ]),
        { message: "" },
      ),
    };
    const bugs: Record<string, unknown> = {
      "23505 unique violation": serverError(
        "23505",
        'duplicate key value violates unique constraint "users_email"',
      ),
      "40001 serialization failure": serverError("40001", "could not serialize access"),
      "42P01 undefined table": serverError("42P01", 'relation "nope" does not exist'),
      "Drizzle-wrapped unique violation": Object.assign(new Error("Failed query: insert …"), {
        cause: serverError("23505", "duplicate key value"),
      }),
      "a plain Error": new Error("something broke"),
      "a ZodError": new ZodError([]),
      "an expected failure": new FailureError(fail("not-found")),
      "a string": "ECONNREFUSED",
      null: null,
    };
    const missed = Object.entries(unavailable).filter(([, error]) => !isDatabaseUnavailable(error));
    const wrong = Object.entries(bugs).filter(([, error]) => isDatabaseUnavailable(error));
    recordFigure({
      suite: "faults",
      tried: `isDatabaseUnavailable on ${Object.keys(unavailable).length} connection errors and ${Object.keys(bugs).length} other errors`,
      result: `${Object.keys(unavailable).length - missed.length} recognised, ${wrong.length} false alarms`,
      held: missed.length === 0 && wrong.length === 0,
    });
    expect(missed.map(([name]) => name)).toEqual([]);
    expect(wrong.map(([name]) => name)).toEqual([]);
  });
});

describe("while the database is out of reach", () => {
  let app: FastifyInstance;
  let database: Database;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-db-down-"));

  beforeAll(async () => {
    ({ database } = await unreachableDatabase());
    app = await buildApp(testConfig({ DATA_DIR: dataDir }), database, { web: false, logger: false });
    // a page request that fails before React Router (the load context reads the session's user)
    app.get("/sklep", async () => {
      await database.db.select().from(schema.sessions).limit(1);
      return "never";
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("the API answers 503 service-unavailable with the translated message and Retry-After", async () => {
    const response = await app.inject({ method: "GET", url: "/api/shops/products" });
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe(String(RETRY_AFTER_SECONDS));
    const body = response.json();
    expect(body).toMatchObject({
      statusCode: 503,
      code: "service-unavailable",
      messageKey: "errors.serviceUnavailable",
      message: translate("en", "errors.serviceUnavailable"),
    });
    // the client shows the key's text in the shopper's language
    expect(translate("pl", body.messageKey)).toBe(
      "Usługa jest chwilowo niedostępna, spróbuj ponownie później",
    );
    // nothing of the driver's error reaches the client
    expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|select/i);
  });

  it("a page answers a translated HTML page with 503 (Polish by default, English with the lang cookie)", async () => {
    const accept = "text/html,application/xhtml+xml";
    const polish = await app.inject({ method: "GET", url: "/sklep", headers: { accept } });
    expect(polish.statusCode).toBe(503);
    expect(polish.headers["retry-after"]).toBe(String(RETRY_AFTER_SECONDS));
    expect(polish.headers["content-type"]).toMatch(/^text\/html/);
    expect(polish.body).toContain('<html lang="pl">');
    expect(polish.body).toContain(translate("pl", "errors.serviceUnavailable"));

    const english = await app.inject({
      method: "GET",
      url: "/sklep",
      headers: { accept, cookie: "lang=en" },
    });
    expect(english.statusCode).toBe(503);
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain(translate("en", "errors.serviceUnavailable"));
    // self-contained: no script, no external asset
    expect(english.body).not.toMatch(/<script|<link|src=/i);
  });

  it("the process still answers /api/health, with 503 and the database's state", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "unavailable", database: "postgres" });
  });

  it("is alive but not ready: /api/health/ready names the database (docs/decisions/071)", async () => {
    expect((await app.inject({ method: "GET", url: "/api/health/live" })).statusCode).toBe(200);
    const ready = await app.inject({ method: "GET", url: "/api/health/ready" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: "unavailable",
      checks: { database: "fail", migrations: "unknown", jobWorker: "off", shutdown: "ok" },
    });
    // no host, port or user of the connection string
    expect(ready.body).not.toMatch(/127\.0\.0\.1|postgres:/);
  });
});

// On a real server (CI's PostgreSQL pass): a connection cut while a client is checked out of the
// pool — in a transaction, between two queries — emits 'error' on that client; with no listener
// Node ends the process (here: the test worker). PGlite has no connections to cut.
describe.runIf(process.env.DATABASE_URL)("a connection cut by the server", () => {
  it("inside a transaction fails that transaction as unavailable, the process lives on and the pool recovers", async () => {
    const url = process.env.DATABASE_URL as string;
    const pool = createPool(url, 2);
    const db = drizzle(pool, { schema });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const error = await caught(() =>
        db.transaction(async (tx) => {
          const result = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
          const pid = result.rows[0]?.pid;
          // the server ends this connection while the transaction holds it between two queries
          await admin.query("select pg_terminate_backend($1)", [pid]);
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.execute(sql`select 1`);
        }),
      );
      expect(isDatabaseUnavailable(error)).toBe(true);
      // the pool dropped the dead client and opens a fresh one
      const again = await db.execute<{ one: number }>(sql`select 1 as one`);
      expect(again.rows[0]?.one).toBe(1);
      recordFigure({
        suite: "faults",
        tried: "the server terminates a pooled connection inside a transaction",
        result: "the transaction failed as unavailable, the process lived, the next query succeeded",
        held: true,
      });
    } finally {
      await admin.end();
      await pool.end();
    }
  });
});
