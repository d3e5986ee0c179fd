import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifySchema } from "fastify";
import { API_TABLE, apiRouteKey, documentSchema } from "./api-table";

// The OpenAPI 3.1 document of the API (DESIGN.md): the UI at /api/docs, the JSON at /api/docs/json.
// Routes are described by server/http/api-table.ts; the handlers validate with the same zod schemas,
// so Fastify's own validation stays off for documented bodies (one validation, one error format).

const ACCESS_TEXT = {
  public: "Anyone.",
  user: "Signed in (session cookie or bearer token).",
  moderator: "Shop staff (shop-moderator, shop-admin, admin); 401 anonymous, 403 'Required moderator role'.",
  admin: "Administrators; 401 anonymous, 403 'Required admin role'.",
  owner: "The order's customer, staff, or a guest with the order number and its e-mail (rate-limited).",
  webhook: "The payment provider; the signature is verified.",
} as const;

const noValidation = () => () => true;

declare module "fastify" {
  interface FastifyInstance {
    /** /api routes registered without an entry in API_TABLE (a test keeps this empty) */
    undocumentedApiRoutes: string[];
  }
}

export async function registerOpenApi(app: FastifyInstance, info: { version: string }): Promise<void> {
  const undocumented: string[] = [];
  app.decorate("undocumentedApiRoutes", undocumented);
  // before @fastify/swagger: its own onRoute hook reads the schema this one attaches
  app.addHook("onRoute", (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== "HEAD");
    const doc = methods.map((method) => API_TABLE[apiRouteKey(method, route.url)]).find(Boolean);
    if (!doc) {
      const isApi = route.url === "/api" || route.url.startsWith("/api/");
      if (isApi && !route.url.startsWith("/api/docs") && methods.length > 0) {
        undocumented.push(apiRouteKey(methods.join(","), route.url));
      }
      return;
    }
    const schema: FastifySchema & Record<string, unknown> = {
      ...(route.schema ?? {}),
      summary: doc.summary,
      description: ACCESS_TEXT[doc.access],
      tags: [doc.tag],
    };
    if (doc.access === "user" || doc.access === "moderator" || doc.access === "admin") {
      schema.security = [{ session: [] }, { bearer: [] }];
    }
    if (doc.body) schema.body = documentSchema(doc.body);
    if (doc.querystring) schema.querystring = documentSchema(doc.querystring);
    route.schema = schema;
    if (doc.body || doc.querystring) route.validatorCompiler = noValidation;
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
