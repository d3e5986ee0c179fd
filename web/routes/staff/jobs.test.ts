import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../server/app";
import { createUser } from "../../../server/areas/accounts/accounts.fixtures";
import { toPublicUser } from "../../../server/areas/accounts/accounts.mapper";
import { jobs } from "../../../server/db/schema";
import { createTestDatabase, type TestDatabase } from "../../../server/test/database";
import { testConfig } from "../../../server/test/test-config";
import { testWebContext } from "../../../server/test/web-context";
import { action, loader } from "./jobs";

// /konto/sklep/zadania in-process: admins get the dead letter and "Ponów" queues a job again with a
// success message; another job is refused with the error's message; shop moderators are refused.

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "jobs-page-")) });
  app = await buildApp(config, database, { web: false, logger: false });
});
afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const PAGE = "http://localhost/konto/sklep/zadania";

async function contextOf(roles: ("admin" | "shop-moderator" | "user")[]) {
  return testWebContext(app.services, { user: toPublicUser(await createUser(database.db, { roles })) });
}

async function outcome(run: () => Promise<unknown>): Promise<{ status: number; value: unknown }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, value };
  if (value && typeof value === "object" && "init" in value) {
    return { status: (value as { init: ResponseInit | null }).init?.status ?? 200, value };
  }
  return { status: 200, value };
}

function retryRequest(id: number | string): Request {
  return new Request(PAGE, { method: "POST", body: new URLSearchParams({ id: String(id) }) });
}

describe("the staff jobs page", () => {
  it("lists the dead letter for an admin, and Ponów queues the job again with a success message", async () => {
    const [dead] = await database.db
      .insert(jobs)
      .values({
        kind: "mail.deliver",
        payload: { outboxId: 1 },
        status: "failed",
        attempts: 8,
        lastError: "451",
      })
      .returning();
    const admin = await contextOf(["admin", "user"]);
    const listed = await loader({ context: admin, request: new Request(PAGE), params: {} } as never);
    expect(listed.failed.map((job) => job._id)).toContain(dead?.id);

    const answer = await action({
      context: admin,
      request: retryRequest(dead?.id ?? 0),
      params: {},
    } as never);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/konto/sklep/zadania");
    expect(decodeURIComponent(answer.headers.get("set-cookie") ?? "")).toContain("staff.jobs.retried");
    const [row] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, dead?.id ?? 0));
    expect(row).toMatchObject({ status: "queued", attempts: 0 });

    // a second Ponów finds nothing dead: the refusal's message
    const again = await action({ context: admin, request: retryRequest(dead?.id ?? 0), params: {} } as never);
    expect(decodeURIComponent(again.headers.get("set-cookie") ?? "")).toContain("errors.job/not-retryable");
  });

  it("pages the dead letter in the database, newest first, 20 a page (?strona=)", async () => {
    const admin = await contextOf(["admin", "user"]);
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
    const inserted = await database.db
      .insert(jobs)
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          kind: "mail.deliver",
          payload: {},
          status: "failed" as const,
          attempts: 8,
          lastError: `dead ${i}`,
          updatedAt: at(i),
        })),
      )
      .returning({ id: jobs.id });
    const listed = (strona: string) =>
      loader({ context: admin, request: new Request(`${PAGE}?strona=${strona}`), params: {} } as never);
    const first = await listed("1");
    const [dead] = await database.db.select({ n: count() }).from(jobs).where(eq(jobs.status, "failed"));
    expect([first.page, first.pages, first.total, first.failed.length]).toEqual([1, 2, dead?.n, 20]);
    const second = await listed("2");
    expect([second.page, second.failed.length]).toEqual([2, (dead?.n ?? 0) - 20]);
    const ids = [...first.failed, ...second.failed].map((job) => job._id);
    expect(new Set(ids).size).toBe(dead?.n);
    // the oldest of these (the earliest change) is last
    expect(ids.at(-1)).toBe(inserted[0]?.id);
    expect((await listed("99")).page).toBe(2);
  });

  it("refuses a shop moderator with the admin-role answer", async () => {
    const moderator = await contextOf(["shop-moderator", "user"]);
    expect(
      (await outcome(() => loader({ context: moderator, request: new Request(PAGE), params: {} } as never)))
        .status,
    ).toBe(403);
    expect(
      (await outcome(() => action({ context: moderator, request: retryRequest(1), params: {} } as never)))
        .status,
    ).toBe(403);
  });
});
