import { type AppLoadContext, data } from "react-router";
import { isAdmin, isShopModerator } from "../../domain/roles";
import type { PublicUser } from "../../domain/types";
import { ERROR_CODES } from "../../server/http/errors";
import { requireUser } from "./auth.server";

// Guards of the staff routes. Child loaders and actions run in parallel with the layout's, so every
// staff loader and action calls one of these itself (anonymous → login; wrong role → 403 with the
// spec's message). The API behind them checks again.

type Context = AppLoadContext;

/** A shop moderator (shop-moderator, shop-admin or admin). */
export function requireStaff(context: Context, request: Request): PublicUser {
  const user = requireUser(context, request);
  if (!isShopModerator(user)) {
    const entry = ERROR_CODES["forbidden-moderator"];
    throw data({ messageKey: entry.key }, { status: entry.status });
  }
  return user;
}

/** An admin (users, roles, the audit log). */
export function requireStaffAdmin(context: Context, request: Request): PublicUser {
  const user = requireUser(context, request);
  if (!isAdmin(user)) {
    const entry = ERROR_CODES["forbidden-admin"];
    throw data({ messageKey: entry.key }, { status: entry.status });
  }
  return user;
}
