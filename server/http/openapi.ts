import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifySchema } from "fastify";
import { ERROR_CODES, type ErrorCode } from "../lib/result";
import type { Access } from "./api-route";
import { type ApiRoute, apiRouteKey, collectApiTable, documentSchema } from "./api-table";

// The OpenAPI 3.1 document of the API (DESIGN.md): the UI at /api/docs, the JSON at /api/docs/json.
// Each route is described by its own declaration (server/http/api-route.ts), read from the table
// derived as routes register (server/http/api-table.ts): summary, access, the zod schemas of body,
// query and path parameters, the success reply's schema where declared, and every failure code the
// route may answer, grouped by HTTP status (server/lib/result.ts ERROR_CODES). The handlers
// validate with the same zod schemas, so Fastify's own validation stays off for documented routes
// (one validation, one error format), and replies are sent as the handlers shape them (the
// response schemas document, they do not serialize).

const ACCESS_TEXT: Record<Access, string> = {
  public: "Anyone.",
  user: "Signed in (session cookie or bearer token).",
  moderator: "Shop staff (shop-moderator, shop-admin, admin); 401 anonymous, 403 'Required moderator role'.",
  admin: "Administrators; 401 anonymous, 403 'Required admin role'.",
  owner: "The order's customer, staff, or a guest with the order number and its e-mail (rate-limited).",
  webhook: "The payment provider; the signature is verified.",
};

const OTHER_BODY_TEXT = {
  "signed-json": " Body: the provider's JSON, read as text (its signature covers the exact bytes).",
  "text/csv": " Body: text/csv.",
  "multipart/form-data": " Body: multipart/form-data.",
  none: "",
} as const;

const noValidation = () => () => true;
const asHandlersSendIt = () => (data: unknown) => JSON.stringify(data);

/** The error body (server/http/errors.ts errorBody) of the given codes. */
function errorSchema(codes: ErrorCode[]): Record<string, unknown> {
  return {
    description: codes.map((code) => `${code}: ${ERROR_CODES[code].message}`).join("; "),
    type: "object",
    required: ["statusCode", "code", "message", "messageKey"],
    properties: {
      statusCode: { type: "integer" },
      code: { type: "string", enum: codes },
      message: { type: "string" },
      messageKey: { type: "string" },
      fields: { type: "object", additionalProperties: { type: "object" } },
      details: { type: "object" },
    },
  };
}

/** The responses of a route: its success and its failures by status. */
function responses(route: ApiRoute): Record<string, Record<string, unknown>> {
  const success =
    route.status === 204 || route.status === 302
      ? { description: route.status === 204 ? "No content" : "Redirect", type: "null" }
      : route.response
        ? { description: "Success", ...documentSchema(route.response, "output") }
        : route.otherResponse === "none"
          ? { description: "Success, empty body", type: "null" }
          : route.otherResponse
            ? { description: "Success", content: { [route.otherResponse]: { schema: { type: "string" } } } }
            : { description: "Success" };
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of route.errors) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return {
    [route.status]: success,
    ...Object.fromEntries([...byStatus].map(([status, codes]) => [status, errorSchema(codes)])),
  };
}

export async function registerOpenApi(app: FastifyInstance, info: { version: string }): Promise<void> {
  collectApiTable(app);
  // after the table's hook, before @fastify/swagger's: its own onRoute hook reads the schema this one attaches
  app.addHook("onRoute", (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== "HEAD");
    const doc = methods.map((method) => app.apiTable[apiRouteKey(method, route.url)]).find(Boolean);
    if (!doc) return;
    const schema: FastifySchema & Record<string, unknown> = {
      ...(route.schema ?? {}),
      summary: doc.summary,
      description: ACCESS_TEXT[doc.access] + (doc.otherBody ? OTHER_BODY_TEXT[doc.otherBody] : ""),
      tags: [doc.tag],
      response: responses(doc),
    };
    if (doc.access === "user" || doc.access === "moderator" || doc.access === "admin") {
      schema.security = [{ session: [] }, { bearer: [] }];
    }
    if (doc.body) schema.body = documentSchema(doc.body);
    if (doc.querystring) schema.querystring = documentSchema(doc.querystring);
    if (doc.params) schema.params = documentSchema(doc.params);
    route.schema = schema;
    route.validatorCompiler = noValidation;
    route.serializerCompiler = asHandlersSendIt;
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Sklep API",
        description:
          "The shop's REST API (SPEC §7). Money is integer grosze; errors are {statusCode, code, message, messageKey, fields?, details?}.",
        version: info.version,
      },
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: "session" },
          bearer: { type: "http", scheme: "bearer" },
        },
      },
    },
    hideUntagged: true,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });
}
