import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, jobs } from "../../db/schema";
import { startApi } from "../../test/api";
import { kitForFile } from "../../test/kit-for-file";
import { bearer, createSignedInUser } from "../accounts/accounts.fixtures";

// The staff's view of the job queue: admins list the dead letter and retry a job ("Ponów"), the
// retry is audited; shop moderators and customers are refused.

const kit = kitForFile(() => startApi({ name: "jobs-routes" }));

let admin: { token: string; id: number };
let moderatorToken: string;

beforeAll(async () => {
  admin = await createSignedInUser(kit.database.db, { roles: ["admin", "user"] });
  moderatorToken = (await createSignedInUser(kit.database.db, { roles: ["shop-moderator", "user"] })).token;
});

async function deadJob(kind: string, singletonKey: string | null = null): Promise<number> {
  const [row] = await kit.database.db
    .insert(jobs)
    .values({
      kind,
      payload: { outboxId: 1 },
      status: "failed",
      attempts: 8,
      lastError: "451 4.3.0 <[e-mail]>: mailbox busy",
      singletonKey,
    })
    .returning({ id: jobs.id });
  return row?.id ?? 0;
}

describe("staff: failed jobs", () => {
  it("admins see the dead letter with kind, attempts and error, and not the payload", async () => {
    const id = await deadJob("mail.deliver");
    const response = await kit.app.inject({ method: "GET", url: "/api/jobs", headers: bearer(admin.token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json();
    const listed = body.failed.find((job: { _id: number }) => job._id === id);
    expect(listed).toMatchObject({
      kind: "mail.deliver",
      status: "failed",
      attempts: 8,
      lastError: "451 4.3.0 <[e-mail]>: mailbox busy",
    });
    expect(listed).not.toHaveProperty("payload");
  });

  it("an admin's retry queues the job again with fresh attempts and is audited; a second retry is refused", async () => {
    const id = await deadJob("mail.deliver");
    const response = await kit.app.inject({
      method: "POST",
      url: `/api/jobs/${id}/retry`,
      headers: bearer(admin.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: id, status: "queued", attempts: 0 });
    const [row] = await kit.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: "queued", attempts: 0 });
    const [entry] = await kit.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "job.retry"), eq(auditLog.entityId, String(id))));
    expect(entry).toMatchObject({ actorId: admin.id, entity: "job" });
    expect(entry?.before).toEqual({ status: "failed", attempts: 8 });
    expect(entry?.after).toEqual({ status: "queued", attempts: 0 });

    const again = await kit.app.inject({
      method: "POST",
      url: `/api/jobs/${id}/retry`,
      headers: bearer(admin.token),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "job/not-retryable", messageKey: "errors.job/not-retryable" });
    const unknown = await kit.app.inject({
      method: "POST",
      url: "/api/jobs/999999/retry",
      headers: bearer(admin.token),
    });
    expect(unknown.statusCode).toBe(409);
  });

  it("a dead periodic job whose replacement is already queued is not queued twice", async () => {
    await kit.database.db
      .insert(jobs)
      .values({ kind: "orders.expire-unpaid", singletonKey: "orders.expire-unpaid" });
    const id = await deadJob("orders.expire-unpaid", "orders.expire-unpaid");
    const response = await kit.app.inject({
      method: "POST",
      url: `/api/jobs/${id}/retry`,
      headers: bearer(admin.token),
    });
    expect(response.statusCode).toBe(409);
    const [row] = await kit.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row?.status).toBe("failed");
  });

  it("shop moderators and anonymous callers are refused", async () => {
    const id = await deadJob("mail.deliver");
    for (const [method, url] of [
      ["GET", "/api/jobs"],
      ["POST", `/api/jobs/${id}/retry`],
    ] as const) {
      const moderator = await kit.app.inject({ method, url, headers: bearer(moderatorToken) });
      expect(moderator.statusCode).toBe(403);
      expect(moderator.json().code).toBe("forbidden-admin");
      expect((await kit.app.inject({ method, url })).statusCode).toBe(401);
    }
    const [row] = await kit.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row?.status).toBe("failed");
  });
});
