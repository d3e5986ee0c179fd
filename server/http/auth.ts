import type { FastifyInstance, FastifyRequest } from "fastify";
import { isAdmin, isShopModerator } from "../../domain/roles";
import type { PublicUser } from "../../domain/types";
import { readSessionToken } from "../areas/accounts/session-cookie";
import { FailureError, fail } from "../lib/result";

// Who is asking, and the role guards every staff endpoint uses (SPEC §6, DESIGN "Roles are enforced on
// the server"). `registerSessionUser` fills `request.user` from the session cookie or bearer token for
// every route under /api; the guards are preHandlers, installed by a route's access level
// (server/http/api-route.ts):
//
//   app.get("/orders", apiRoute({ summary, tag: "orders", access: "moderator" }), handler)
//
// anonymous → 401 `unauthorized`; signed in with the wrong role → 403 `forbidden-moderator`
// ('Required moderator role') or `forbidden-admin` ('Required admin role').

declare module "fastify" {
  interface FastifyRequest {
    /** the signed-in user of this request, or null (see registerSessionUser) */
    user: PublicUser | null;
  }
}

export function registerSessionUser(
  app: FastifyInstance,
  userFromToken: (token: string | null) => Promise<PublicUser | null>,
): void {
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request) => {
    const token = readSessionToken({
      cookie: request.headers.cookie,
      authorization: request.headers.authorization,
    });
    request.user = token ? await userFromToken(token) : null;
  });
}

/** Signed in (any role, approved or not). */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new FailureError(fail("unauthorized"));
}

/** Shop staff: shop-moderator, shop-admin or admin. */
export async function requireShopModerator(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new FailureError(fail("unauthorized"));
  if (!isShopModerator(request.user)) throw new FailureError(fail("forbidden-moderator"));
}

/** Admin only (users and roles). */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new FailureError(fail("unauthorized"));
  if (!isAdmin(request.user)) throw new FailureError(fail("forbidden-admin"));
}

/** The signed-in user of a request behind one of the guards (throws 401 when there is none). */
export function signedInUser(request: FastifyRequest): PublicUser {
  if (!request.user) throw new FailureError(fail("unauthorized"));
  return request.user;
}
