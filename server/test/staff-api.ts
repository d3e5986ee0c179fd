import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import { expect, it } from "vitest";
import type { BuildAppOptions } from "../app";
import { bearer, createSignedInUser } from "../areas/accounts/accounts.fixtures";
import { type CatalogFixtures, insertCatalogFixtures } from "../areas/catalog/catalog.fixtures";
import { auditLog } from "../db/schema";
import type { RateLimits } from "../lib/rate-limit";
import { type ApiKit, startApi } from "./api";

// The setup the staff write tests share (catalog, content, coupons): the API kit (api.ts) with a
// shop moderator and a plain customer signed in, a way to call the API as either (or anonymously),
// and the audit entries of a record or of an action.

export type Caller = "anonymous" | "user" | "moderator";
export type Method = "GET" | "POST" | "PUT" | "DELETE";

const inject = (app: FastifyInstance, options: InjectOptions) => app.inject(options);
export type InjectReply = Awaited<ReturnType<typeof inject>>;

export interface StaffApiKit extends ApiKit {
  moderator: { id: number; email: string };
  call(who: Caller, method: Method, url: string, payload?: unknown): Promise<InjectReply>;
  /** the caller's bearer headers (none for anonymous), for a request `call` cannot make (a multipart upload) */
  headersOf(who: Caller): Record<string, string>;
  auditOf(entity: string, entityId: number): Promise<(typeof auditLog.$inferSelect)[]>;
  /** the newest audit entry of an action, e.g. "category.create" */
  lastAudit(action: string): Promise<typeof auditLog.$inferSelect | undefined>;
}

export async function startStaffApi(
  options: {
    rateLimits?: Partial<RateLimits>;
    /** settings on top of testConfig()'s (api.ts ApiOptions.env) */
    env?: Record<string, string | undefined>;
    /** buildApp's options (api.ts ApiOptions.app) */
    app?: Partial<BuildAppOptions>;
  } = {},
): Promise<StaffApiKit> {
  const api = await startApi({ env: options.env, app: { rateLimits: options.rateLimits, ...options.app } });
  const { database, app } = api;
  const moderator = await createSignedInUser(database.db, { roles: ["shop-moderator", "user"] });
  const user = await createSignedInUser(database.db, { roles: ["user"] });
  const tokens: Record<Caller, string | null> = {
    anonymous: null,
    user: user.token,
    moderator: moderator.token,
  };
  return {
    ...api,
    moderator: { id: moderator.id, email: moderator.email },
    headersOf(who) {
      const token = tokens[who];
      return token ? bearer(token) : {};
    },
    call(who, method, url, payload) {
      const token = tokens[who];
      return inject(app, {
        method,
        url,
        headers: token ? bearer(token) : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    },
    auditOf(entity, entityId) {
      return database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
        .orderBy(desc(auditLog.id));
    },
    async lastAudit(action) {
      const [entry] = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, action))
        .orderBy(desc(auditLog.id))
        .limit(1);
      return entry;
    },
  };
}

/** The staff API kit on a database that holds the catalog fixtures (catalog.fixtures.ts) as of now. */
export async function startCatalogStaffApi(): Promise<StaffApiKit & { fx: CatalogFixtures }> {
  const kit = await startStaffApi();
  return { ...kit, fx: await insertCatalogFixtures(kit.database.db, new Date()) };
}

/** kit.call as one caller, e.g. `const asModerator = callsAs(kit, "moderator")` */
export function callsAs(kit: StaffApiKit, who: Caller) {
  return (method: Method, url: string, payload?: unknown) => kit.call(who, method, url, payload);
}

/**
 * Each call answers anonymous callers 401 and customers 403 forbidden-moderator ('Required moderator
 * role'); `body()` makes the payload of a POST or PUT.
 */
export async function expectStaffOnly(
  kit: StaffApiKit,
  calls: readonly (readonly [Method, string])[],
  body: () => unknown,
): Promise<void> {
  for (const [method, url] of calls) {
    const payload = method === "POST" || method === "PUT" ? body() : undefined;
    const anonymous = await kit.call("anonymous", method, url, payload);
    const user = await kit.call("user", method, url, payload);
    expect({ anonymous: anonymous.statusCode, user: user.statusCode, userCode: user.json().code }).toEqual({
      anonymous: 401,
      user: 403,
      userCode: "forbidden-moderator",
    });
  }
}

/** The three writes of a staff-kept collection: POST to it, PUT and DELETE of the record `id`. */
export function writesTo(collection: string, id: number): [Method, string][] {
  return [
    ["POST", collection],
    ["PUT", `${collection}/${id}`],
    ["DELETE", `${collection}/${id}`],
  ];
}

export type StaffWrite = [method: "POST" | "PUT" | "DELETE", url: string, payload: unknown];

/**
 * One test a write: an anonymous caller gets 401, a customer 403 'Required moderator role', and
 * neither changes what `snapshot` reads (the write's rows).
 */
export function itRefusesAllButStaff(
  kit: StaffApiKit,
  calls: StaffWrite[],
  snapshot: () => Promise<unknown>,
): void {
  it.each(calls)("%s %s: anonymous 401, a customer 403", async (method, url, payload) => {
    const before = await snapshot();
    const anonymous = await kit.call("anonymous", method, url, payload);
    expect(anonymous.statusCode).toBe(401);
    const customer = await kit.call("user", method, url, payload);
    expect(customer.statusCode).toBe(403);
    expect(customer.json().message).toBe("Required moderator role");
    expect(await snapshot()).toEqual(before);
  });
}

export const XSS_HTML =
  '<p onclick="alert(1)">Tekst <strong>gruby</strong><script>alert("x")</script>' +
  '<img src="javascript:alert(1)" onerror="alert(2)"><a href="javascript:alert(3)">link</a>' +
  '<iframe src="https://evil.example"></iframe><span style="color:red">kolor</span></p>';

/** What a sanitised XSS_HTML must not contain. */
export const XSS_LEFTOVERS = [/<script/i, /onclick/i, /onerror/i, /javascript:/i, /<iframe/i, /style=/i];
