import { beforeAll, describe, expect, it } from "vitest";
import type { PublicUser } from "../../../domain/types";
import { startApi } from "../../test/api";
import { kitForFile } from "../../test/kit-for-file";
import { createUser } from "./accounts.fixtures";
import { USERS_PAGE_SIZE } from "./accounts.service";

// The staff users list searches and pages in the database (not every account loaded per page view):
// name or e-mail, accents and case ignored, LIKE's wildcards taken literally, admins only.

const kit = kitForFile(() => startApi({ name: "user-search" }));

let admin: PublicUser;
let moderator: PublicUser;

beforeAll(async () => {
  const { accounts } = kit.app.services;
  const adminRow = await createUser(kit.database.db, { roles: ["admin", "user"], email: "szef@example.com" });
  const moderatorRow = await createUser(kit.database.db, { roles: ["shop-moderator", "user"] });
  const found = await accounts.getUser(
    { _id: adminRow.id, roles: ["admin", "user"] } as PublicUser,
    adminRow.id,
  );
  if (!found.ok) throw new Error("no admin");
  admin = found.value;
  const foundModerator = await accounts.getUser(admin, moderatorRow.id);
  if (!foundModerator.ok) throw new Error("no moderator");
  moderator = foundModerator.value;
  await createUser(kit.database.db, { displayName: "Łucja Żółć", email: "lucja@example.com" });
  await createUser(kit.database.db, { displayName: "Procent", email: "sto_100%@example.com" });
  for (let i = 0; i < USERS_PAGE_SIZE + 5; i++)
    await createUser(kit.database.db, { displayName: `Klientka ${i}` });
});

describe("searchUsers", () => {
  it("finds by name with accents and case ignored, and by e-mail", async () => {
    const { accounts } = kit.app.services;
    for (const search of ["łucja", "LUCJA", "żółć", "zolc", "lucja@example"]) {
      const result = await accounts.searchUsers(admin, { search, page: 1 });
      expect(result.ok && result.value.items.map((user) => user.email)).toEqual(["lucja@example.com"]);
    }
  });

  it("takes % and _ literally", async () => {
    const result = await kit.app.services.accounts.searchUsers(admin, { search: "_100%", page: 1 });
    expect(result.ok && result.value.items.map((user) => user.email)).toEqual(["sto_100%@example.com"]);
    const none = await kit.app.services.accounts.searchUsers(admin, { search: "%", page: 1 });
    expect(none.ok && none.value.total).toBe(1);
  });

  it("pages newest first; a page past the end is the last page", async () => {
    const { accounts } = kit.app.services;
    const first = await accounts.searchUsers(admin, { search: "Klientka", page: 1 });
    if (!first.ok) throw new Error("refused");
    expect(first.value.total).toBe(USERS_PAGE_SIZE + 5);
    expect(first.value.pages).toBe(2);
    expect(first.value.items).toHaveLength(USERS_PAGE_SIZE);
    expect(first.value.items[0]?.displayName).toBe(`Klientka ${USERS_PAGE_SIZE + 4}`);
    const last = await accounts.searchUsers(admin, { search: "Klientka", page: 99 });
    expect(last.ok && [last.value.page, last.value.items.length]).toEqual([2, 5]);
  });

  it("is for admins only, like getUser", async () => {
    const { accounts } = kit.app.services;
    expect(await accounts.searchUsers(moderator, { search: "", page: 1 })).toMatchObject({ ok: false });
    expect(await accounts.searchUsers(null, { search: "", page: 1 })).toMatchObject({
      ok: false,
      code: "unauthorized",
    });
    expect(await accounts.getUser(moderator, admin._id)).toMatchObject({ ok: false });
    expect(await accounts.getUser(admin, 2 ** 40)).toMatchObject({ ok: false, code: "auth/user-not-found" });
  });
});
