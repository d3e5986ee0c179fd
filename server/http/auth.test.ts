import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicUser, Role } from "../../domain/types";
import { registerSessionUser, requireAdmin, requireShopModerator, requireUser, signedInUser } from "./auth";
import { registerErrorHandler } from "./errors";

// The guards every staff endpoint reuses, on a bare Fastify app with a fake session lookup.

const user = (id: number, roles: Role[], approved = true): PublicUser => ({
  _id: id,
  roles,
  approved,
  displayName: `User ${id}`,
  email: `user${id}@example.com`,
  phone: null,
  postCode: null,
  city: null,
  street: null,
  nip: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  approvedAt: null,
});

const SESSIONS: Record<string, PublicUser> = {
  ["u".repeat(43)]: user(1, ["user"]),
  ["n".repeat(43)]: user(2, ["user"], false),
  ["m".repeat(43)]: user(3, ["shop-moderator", "user"]),
  ["s".repeat(43)]: user(4, ["shop-admin"]),
  ["g".repeat(43)]: user(5, ["moderator", "user"]),
  ["a".repeat(43)]: user(6, ["admin"]),
};

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  registerSessionUser(app, async (token) => (token ? (SESSIONS[token] ?? null) : null));
  app.get("/user", { preHandler: requireUser }, async (request) => ({ id: signedInUser(request)._id }));
  app.get("/shop", { preHandler: requireShopModerator }, async (request) => ({
    id: signedInUser(request)._id,
  }));
  app.get("/admin", { preHandler: requireAdmin }, async (request) => ({ id: signedInUser(request)._id }));
  app.get("/open", async (request) => ({ user: request.user?._id ?? null }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

const who = {
  anonymous: null,
  garbage: "x".repeat(43),
  user: "u".repeat(43),
  unapproved: "n".repeat(43),
  shopModerator: "m".repeat(43),
  shopAdmin: "s".repeat(43),
  contentModerator: "g".repeat(43),
  admin: "a".repeat(43),
} as const;

const MOD = [403, "forbidden-moderator", "Required moderator role"] as const;
const ADM = [403, "forbidden-admin", "Required admin role"] as const;
const ANON = [401, "unauthorized", "Unauthorized!"] as const;
const OK = [200] as const;

const TABLE: [keyof typeof who, "/user" | "/shop" | "/admin", readonly [number, string?, string?]][] = [
  ["anonymous", "/user", ANON],
  ["anonymous", "/shop", ANON],
  ["anonymous", "/admin", ANON],
  ["garbage", "/shop", ANON],
  ["user", "/user", OK],
  ["user", "/shop", MOD],
  ["user", "/admin", ADM],
  ["unapproved", "/user", OK],
  ["unapproved", "/shop", MOD],
  ["unapproved", "/admin", ADM],
  ["contentModerator", "/shop", MOD],
  ["contentModerator", "/admin", ADM],
  ["shopModerator", "/shop", OK],
  ["shopModerator", "/admin", ADM],
  ["shopAdmin", "/shop", OK],
  ["shopAdmin", "/admin", ADM],
  ["admin", "/user", OK],
  ["admin", "/shop", OK],
  ["admin", "/admin", OK],
];

describe("guards", () => {
  it.each(TABLE)("%s GET %s → %j", async (subject, url, [status, code, message]) => {
    const token = who[subject];
    const byBearer = await app.inject({
      method: "GET",
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const byCookie = await app.inject({
      method: "GET",
      url,
      headers: token ? { cookie: `session=${token}` } : {},
    });
    for (const response of [byBearer, byCookie]) {
      expect(response.statusCode).toBe(status);
      if (code) expect(response.json()).toMatchObject({ code, message });
    }
  });

  it("fills request.user on open routes and leaves it null for anonymous", async () => {
    expect((await app.inject({ url: "/open", headers: { cookie: `session=${who.admin}` } })).json()).toEqual({
      user: 6,
    });
    expect((await app.inject({ url: "/open" })).json()).toEqual({ user: null });
  });
});
