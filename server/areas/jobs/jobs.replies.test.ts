import { describe, expect, it } from "vitest";
import { jobs } from "../../db/schema";
import { kitForFile } from "../../test/kit-for-file";
import { expectDeclaredReply } from "../../test/reply-check";
import { startStaffApi } from "../../test/staff-api";
import { bearer, createSignedInUser } from "../accounts/accounts.fixtures";

// The real replies of the staff job routes match what their declarations give (jobs.replies.ts):
// the list with a dead job and a queued one, then the dead job's retry.

const kit = kitForFile(startStaffApi);

describe("job replies", () => {
  it("the list and a retry answer what they declare", async () => {
    const admin = await createSignedInUser(kit.database.db, { roles: ["admin", "user"] });
    const [dead] = await kit.database.db
      .insert(jobs)
      .values([
        {
          kind: "mail.deliver",
          payload: { outboxId: 1 },
          status: "failed",
          attempts: 8,
          lastError: "451 busy",
        },
        { kind: "mail.deliver", payload: { outboxId: 2 }, runAt: new Date(Date.now() + 3_600_000) },
      ])
      .returning({ id: jobs.id });
    const list = await kit.app.inject({ url: "/api/jobs", headers: bearer(admin.token) });
    expect(list.json().failed).toHaveLength(1);
    expect(list.json().recent.length).toBeGreaterThan(0);
    expectDeclaredReply(kit.app, "GET /api/jobs", list);
    expectDeclaredReply(
      kit.app,
      "POST /api/jobs/:id/retry",
      await kit.app.inject({
        method: "POST",
        url: `/api/jobs/${dead?.id}/retry`,
        headers: bearer(admin.token),
      }),
    );
  });
});
