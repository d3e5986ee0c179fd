import type { FastifyInstance } from "fastify";
import { fail } from "../lib/result";
import { errorBody } from "./errors";
import { isApiPath } from "./plain-page";

// An unknown /api path is an API answer too: JSON 404 `not-found`, never the web app's HTML page
// (issue 24 item 9). Without the web app Fastify's not-found handler (server/http/errors.ts) answers
// it; with it, the web app's catch-all route would take the path, so the web app's routes answer
// it first (register on the web app's context, before its routes).

export function registerApiNotFound(web: FastifyInstance): void {
  web.addHook("onRequest", async (request, reply) => {
    if (!isApiPath(request.url)) return;
    return reply
      .code(404)
      .header("cache-control", "no-store")
      .send(errorBody(fail("not-found")));
  });
}
