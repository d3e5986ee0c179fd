import { describe, expect, it } from "vitest";
import { adminUserUpdateSchema } from "./user";

const base = { displayName: "Jan Nowak", email: "jan@example.pl" };

describe("adminUserUpdateSchema", () => {
  it.each<[string, Record<string, unknown>, boolean]>([
    ["name and e-mail only", {}, true],
    ["with roles and approval", { roles: ["user", "shop-moderator"], approved: true }, true],
    ["unknown role", { roles: ["root"] }, false],
    ["empty roles", { roles: [] }, false],
    ["invalid phone", { phone: "123" }, false],
    ["missing e-mail", { email: "" }, false],
    ["approved must be boolean", { approved: "yes" }, false],
  ])("%s", (_name, patch, ok) => {
    expect(adminUserUpdateSchema.safeParse({ ...base, ...patch }).success).toBe(ok);
  });

  it("removes duplicate roles", () => {
    expect(adminUserUpdateSchema.parse({ ...base, roles: ["user", "user", "admin"] }).roles).toEqual([
      "user",
      "admin",
    ]);
  });
});
