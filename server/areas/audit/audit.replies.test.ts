import { describe, expect, it } from "vitest";
import { kitForFile } from "../../test/kit-for-file";
import { expectDeclaredReply } from "../../test/reply-check";
import { startStaffApi } from "../../test/staff-api";
import { bearer, createSignedInUser } from "../accounts/accounts.fixtures";

// The real reply of GET /api/audit matches what its declaration gives (audit.replies.ts): a page
// with a create (no record before) and an update (the record before and after).

const kit = kitForFile(startStaffApi);

describe("audit replies", () => {
  it("a page of the log answers what it declares", async () => {
    const created = await kit.call("moderator", "POST", "/api/shops/categories", { title: "Zapisane" });
    await kit.call("moderator", "PUT", `/api/shops/categories/${created.json()._id}`, { title: "Zmienione" });
    const admin = await createSignedInUser(kit.database.db, { roles: ["admin", "user"] });
    const page = await kit.app.inject({ url: "/api/audit?entity=category", headers: bearer(admin.token) });
    expect(page.json().items.map((item: { action: string }) => item.action)).toEqual([
      "category.update",
      "category.create",
    ]);
    expectDeclaredReply(kit.app, "GET /api/audit", page);
  });
});
