import { type AppLoadContext, data } from "react-router";
import { isAdmin, isShopModerator } from "../../domain/roles";
import { parseIdFromParam } from "../../domain/slug";
import type { PublicUser } from "../../domain/types";
import { ERROR_CODES, type Result } from "../../server/web-door";
import { errorMessageKey, requireUser } from "./auth.server";
import type { FlashInput } from "./flash";
import { redirectWithFlash } from "./flash.server";

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

/**
 * The delete button of a staff list: reads the posted `id` (with intent "delete"), calls `remove` and
 * goes back to the list with the success toast, or with the translated failure ('Error: …').
 */
export async function deleteFromList<T>(
  form: FormData,
  back: string,
  remove: (id: number) => Promise<Result<T>>,
  success: FlashInput | ((removed: T) => FlashInput),
): Promise<Response> {
  const id = parseIdFromParam(String(form.get("id") ?? ""));
  if (id === null || form.get("intent") !== "delete") {
    return redirectWithFlash(back, { type: "error", key: "errors.formContainsErrors" });
  }
  const result = await remove(id);
  if (!result.ok) {
    return redirectWithFlash(back, { type: "error", key: errorMessageKey(result.code), errorPrefix: true });
  }
  return redirectWithFlash(back, typeof success === "function" ? success(result.value) : success);
}
