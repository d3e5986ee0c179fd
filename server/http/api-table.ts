import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { ErrorCode } from "../lib/result";
import type { Access, ApiRouteSpec, ApiTag, OtherBody, OtherReply } from "./api-route";

// The table of every /api route, DERIVED from the registered routes (docs/decisions/060): an
// onRoute hook reads each route's declaration (server/http/api-route.ts, `config.api`) as Fastify
// registers it. The OpenAPI document and the tests (role matrix, bad input, SQL injection, mass
// assignment, response cache) read this table; nothing is declared here.

export type { Access };

/** One registered /api route and its declaration, as the document and the tests read it. */
export interface ApiRoute {
  method: string;
  /** the full path, e.g. /api/orders/:id */
  url: string;
  summary: string;
  tag: ApiTag;
  access: Access;
  /** the JSON body's zod schema */
  body?: z.ZodType;
  /** what the route reads as its body when no zod schema parses it */
  otherBody?: OtherBody;
  querystring?: z.ZodType;
  params?: z.ZodType;
  /** the success reply's zod schema */
  response?: z.ZodType;
  /** the content type of a success that is not JSON ("none": an empty body) */
  otherResponse?: OtherReply;
  status: number;
  /** every failure code the route may answer (declared and implied), alphabetically */
  errors: ErrorCode[];
}

declare module "fastify" {
  interface FastifyInstance {
    /** every registered /api route by apiRouteKey (filled as routes are registered) */
    apiTable: Readonly<Record<string, ApiRoute>>;
    /** /api routes registered without a declaration (a test keeps this empty) */
    undocumentedApiRoutes: string[];
  }
}

/** The key of a route in the table, e.g. "GET /api/orders/:id". */
export function apiRouteKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The failure codes a declaration implies: its schemas, its access level, the CSRF rule for writes. */
function impliedErrors(method: string, spec: ApiRouteSpec): ErrorCode[] {
  const codes: ErrorCode[] = [];
  const parsed = typeof spec.body === "object" || spec.querystring || spec.params;
  if (parsed) codes.push("validation");
  if (spec.access === "user" || spec.access === "moderator" || spec.access === "admin") {
    codes.push("unauthorized");
  }
  if (spec.access === "moderator") codes.push("forbidden-moderator");
  if (spec.access === "admin") codes.push("forbidden-admin");
  // security-headers.ts: a write from another site; webhooks are signed instead
  if (WRITES.has(method) && spec.access !== "webhook") codes.push("csrf/cross-origin");
  return codes;
}

function toApiRoute(method: string, url: string, spec: ApiRouteSpec): ApiRoute {
  const { body, response, errors = [], status = 200, ...rest } = spec;
  return {
    ...rest,
    method,
    url,
    status,
    ...(typeof body === "object" ? { body } : body ? { otherBody: body } : {}),
    ...(typeof response === "object" ? { response } : response ? { otherResponse: response } : {}),
    errors: [...new Set([...impliedErrors(method, spec), ...errors])].sort(),
  };
}

const isApiPath = (url: string) => url === "/api" || url.startsWith("/api/");

/**
 * Collects the table as routes are registered (before any route): `app.apiTable` and, for a
 * route under /api without a declaration, `app.undocumentedApiRoutes`.
 */
export function collectApiTable(app: FastifyInstance): void {
  const table: Record<string, ApiRoute> = {};
  const undocumented: string[] = [];
  app.decorate("apiTable", table);
  app.decorate("undocumentedApiRoutes", undocumented);
  app.addHook("onRoute", (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== "HEAD");
    if (!isApiPath(route.url) || route.url.startsWith("/api/docs") || methods.length === 0) return;
    const spec = route.config?.api;
    if (!spec) {
      undocumented.push(apiRouteKey(methods.join(","), route.url));
      return;
    }
    for (const method of methods) {
      table[apiRouteKey(method, route.url)] = toApiRoute(method.toUpperCase(), route.url, spec);
    }
  });
}

/** A zod schema as JSON Schema for the document: what a client sends ("input") or receives ("output"). */
export function documentSchema(schema: z.ZodType, io: "input" | "output" = "input"): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
  }) as Record<string, unknown>;
  return rest;
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);
const ACCESS_LEVELS: ReadonlySet<string> = new Set<Access>([
  "public",
  "user",
  "moderator",
  "admin",
  "owner",
  "webhook",
]);

/** The keys of an object schema (z.object), or null for any other schema. */
function objectKeys(schema: z.ZodType): string[] | null {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : null;
}

/**
 * What the declarations miss: a route without one, a path parameter without its schema (or a
 * params schema naming others), a POST/PUT/PATCH that does not say what body it reads.
 */
export function declarationProblems(app: FastifyInstance): string[] {
  const problems = app.undocumentedApiRoutes.map((key) => `${key}: no declaration (apiRoute)`);
  for (const [key, route] of Object.entries(app.apiTable)) {
    if (!ACCESS_LEVELS.has(route.access)) problems.push(`${key}: no access level`);
    if (!route.summary?.trim()) problems.push(`${key}: no summary`);
    const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? "").sort();
    const declared = route.params ? objectKeys(route.params) : [];
    if (declared === null) problems.push(`${key}: params is not an object schema`);
    else if (declared.join() !== names.join()) {
      problems.push(`${key}: path parameters [${names}] but params schema [${declared}]`);
    }
    if (BODY_METHODS.has(route.method) && !route.body && !route.otherBody) {
      problems.push(`${key}: no body declared (a zod schema, or "none", "text/csv", …)`);
    }
  }
  return problems;
}

/** Routes that do not say what a success answers: no reply schema, no content type, not a 204 or 302. */
export function undeclaredReplies(app: FastifyInstance): string[] {
  return Object.entries(app.apiTable)
    .filter(
      ([, route]) => !route.response && !route.otherResponse && route.status !== 204 && route.status !== 302,
    )
    .map(([key]) => key)
    .sort();
}
