import { describe, expect, it } from "vitest";
import {
  can,
  isAdmin,
  isApproved,
  isLoggedIn,
  isRole,
  isShopModerator,
  PERMISSIONS,
  type Permission,
  REQUIRED_ADMIN_ROLE,
  REQUIRED_MODERATOR_ROLE,
  requiredRoleMessage,
  type UserLike,
} from "./roles";

const as = (...roles: string[]): UserLike => ({ roles, approved: true });

describe("role checks", () => {
  it.each<[string, UserLike, boolean, boolean, boolean]>([
    // name, user, loggedIn, shopModerator, admin
    ["anonymous", null, false, false, false],
    ["undefined", undefined, false, false, false],
    ["customer", as("user"), true, false, false],
    ["no roles", as(), true, false, false],
    ["shop-moderator", as("user", "shop-moderator"), true, true, false],
    ["shop-admin implies moderator", as("shop-admin"), true, true, false],
    ["admin implies moderator", as("admin"), true, true, true],
    ["generic moderator is not shop staff", as("moderator"), true, false, false],
    ["unknown role", as("superuser"), true, false, false],
  ])("%s", (_name, user, loggedIn, shopModerator, admin) => {
    expect(isLoggedIn(user)).toBe(loggedIn);
    expect(isShopModerator(user)).toBe(shopModerator);
    expect(isAdmin(user)).toBe(admin);
  });
});

describe("isApproved", () => {
  it.each<[UserLike, boolean]>([
    [{ roles: ["user"], approved: true }, true],
    [{ roles: ["user"], approved: false }, false],
    [{ roles: ["admin"], approved: null }, false],
    [{ roles: ["user"] }, false],
    [null, false],
  ])("%j -> %s", (user, approved) => {
    expect(isApproved(user)).toBe(approved);
  });
});

describe("can", () => {
  it.each<[string[], Permission, boolean]>([
    [["shop-moderator"], "orders:manage", true],
    [["shop-moderator"], "catalog:write", true],
    [["shop-moderator"], "coupons:manage", true],
    [["shop-moderator"], "content:write", true],
    [["shop-moderator"], "users:manage", false],
    [["shop-moderator"], "roles:assign", false],
    [["shop-admin"], "orders:manage", true],
    [["shop-admin"], "users:manage", false],
    [["admin"], "users:manage", true],
    [["admin"], "roles:assign", true],
    [["admin"], "orders:manage", true],
    [["moderator"], "content:write", true],
    [["moderator"], "gallery:write", true],
    [["moderator"], "orders:manage", false],
    [["moderator"], "catalog:write", false],
    [["user"], "orders:manage", false],
    [["user"], "content:write", false],
    [["admin"], "pages:protect", true],
    [["shop-admin"], "pages:protect", false],
    [["shop-moderator"], "pages:protect", false],
    [["moderator"], "pages:protect", false],
  ])("%j %s -> %s", (roles, permission, allowed) => {
    expect(can(as(...roles), permission)).toBe(allowed);
  });

  it("anonymous can nothing", () => {
    for (const permission of Object.keys(PERMISSIONS) as Permission[])
      expect(can(null, permission)).toBe(false);
  });

  it("admin can everything", () => {
    for (const permission of Object.keys(PERMISSIONS) as Permission[])
      expect(can(as("admin"), permission)).toBe(true);
  });
});

describe("requiredRoleMessage", () => {
  it.each<[Permission, string]>([
    ["orders:manage", REQUIRED_MODERATOR_ROLE],
    ["content:write", REQUIRED_MODERATOR_ROLE],
    ["users:manage", REQUIRED_ADMIN_ROLE],
    ["roles:assign", REQUIRED_ADMIN_ROLE],
    ["pages:protect", REQUIRED_ADMIN_ROLE],
  ])("%s -> %s", (permission, message) => {
    expect(requiredRoleMessage(permission)).toBe(message);
  });

  it("uses the exact server texts", () => {
    expect(REQUIRED_MODERATOR_ROLE).toBe("Required moderator role");
    expect(REQUIRED_ADMIN_ROLE).toBe("Required admin role");
  });
});

describe("isRole", () => {
  it.each<[unknown, boolean]>([
    ["admin", true],
    ["shop-admin", true],
    ["user", true],
    ["root", false],
    [1, false],
  ])("%j -> %s", (value, ok) => {
    expect(isRole(value)).toBe(ok);
  });
});
