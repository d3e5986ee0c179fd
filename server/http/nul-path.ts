import type { FastifyInstance } from "fastify";
import { fail } from "../lib/result";
import { sendEarlyRefusal } from "./early-refusal";

// A path with an encoded U+0000 ("%00") names nothing: PostgreSQL text cannot hold the character,
// so a route parameter or the catch-all page lookup (/%00, /bramka-demo/%00) that reached a query
// with it failed with 500 and logged the SQL (issue 24 item 8). Every such request is answered 404
// before any route runs, API and pages alike; the query string's values are each field's schema's
// business (textSchema refuses U+0000).

const ENCODED_NUL = "%00";

export function registerNulPathGuard(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    const query = request.url.indexOf("?");
    const path = query === -1 ? request.url : request.url.slice(0, query);
    if (!path.includes(ENCODED_NUL) && !path.includes("\u0000")) return;
    return sendEarlyRefusal(request, reply, 404, fail("not-found"));
  });
}
