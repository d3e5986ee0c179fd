// Roles and permissions (SPEC §6). The spec only fixes the client checks (logged in, shop
// moderator = roles include shop-moderator, approved) and the server messages; the finer
// mapping below is our decision:
//
// - admin: everything (users, roles, shop, content).
// - shop-admin: implies shop-moderator rights (orders, catalog, coupons, content, stats);
//   NOT user management or role assignment (those are admin only, "Required admin role").
// - shop-moderator: orders, catalog, coupons, content, stats.
// - moderator: generic moderator of the creators/games side; gets content (pages, blog, header
//   slides, gallery) but NOT shop rights (orders, catalog, coupons), so isShopModerator is false.
// - user: nothing beyond a customer account.
// - Protecting a page (regulamin, polityka prywatności…) or taking the protection away is admin
//   only: otherwise any content moderator could unprotect and delete it (issue 24).
//
// Approval is a separate check (`isApproved`) used for checkout; `can` looks at roles only, so an
// admin created before approval can still approve accounts.

import type { Role } from "./types";

export const ROLES = [
  "admin",
  "shop-admin",
  "moderator",
  "shop-moderator",
  "user",
] as const satisfies readonly Role[];

export const REQUIRED_MODERATOR_ROLE = "Required moderator role";
export const REQUIRED_ADMIN_ROLE = "Required admin role";

export type UserLike = { roles: readonly string[]; approved?: boolean | null } | null | undefined;

export const PERMISSIONS = {
  "orders:manage": ["admin", "shop-admin", "shop-moderator"],
  "catalog:write": ["admin", "shop-admin", "shop-moderator"],
  "coupons:manage": ["admin", "shop-admin", "shop-moderator"],
  "stats:read": ["admin", "shop-admin", "shop-moderator"],
  "content:write": ["admin", "shop-admin", "shop-moderator", "moderator"],
  "gallery:write": ["admin", "shop-admin", "shop-moderator", "moderator"],
  /** mark a static page protected or unprotect it (a protected page cannot be deleted) */
  "pages:protect": ["admin"],
  "users:manage": ["admin"],
  "roles:assign": ["admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

function hasAnyRole(user: UserLike, roles: readonly Role[]): boolean {
  return !!user && user.roles.some((role) => (roles as readonly string[]).includes(role));
}

export function isLoggedIn(user: UserLike): boolean {
  return !!user;
}

/** Shop staff: shop-moderator, or shop-admin / admin (which imply moderator rights). */
export function isShopModerator(user: UserLike): boolean {
  return hasAnyRole(user, ["shop-moderator", "shop-admin", "admin"]);
}

export function isAdmin(user: UserLike): boolean {
  return hasAnyRole(user, ["admin"]);
}

/** The account was confirmed by an administrator (approved === true). */
export function isApproved(user: UserLike): boolean {
  return user?.approved === true;
}

export function can(user: UserLike, permission: Permission): boolean {
  return hasAnyRole(user, PERMISSIONS[permission]);
}

/** The server message for a refused permission. */
export function requiredRoleMessage(permission: Permission): string {
  const roles: readonly string[] = PERMISSIONS[permission];
  return roles.includes("shop-moderator") || roles.includes("moderator")
    ? REQUIRED_MODERATOR_ROLE
    : REQUIRED_ADMIN_ROLE;
}
