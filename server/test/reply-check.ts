import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

/**
 * A real reply matches what its route declares (server/http/api-route.ts `response`): the success
 * status, and the JSON against the reply schema, the content type of a file or text reply, or an
 * empty body. The schema must name every field the reply sends (nothing undocumented goes out).
 * `key` is the route's table key, e.g. "GET /api/blogs/:id".
 */
export function expectDeclaredReply(
  app: FastifyInstance,
  key: string,
  response: LightMyRequestResponse,
): void {
  const route = app.apiTable[key];
  expect(route, `${key} is not a registered /api route`).toBeDefined();
  expect(response.statusCode, `${key}: ${response.body.slice(0, 300)}`).toBe(route?.status);
  if (route?.otherResponse === "none") {
    expect(response.body, `${key} declares an empty body`).toBe("");
    return;
  }
  if (route?.otherResponse) {
    expect(String(response.headers["content-type"]), key).toContain(route.otherResponse);
    return;
  }
  if (route?.status === 204 || route?.status === 302) return;
  expect(route?.response, `${key} declares no reply schema`).toBeDefined();
  const body = response.json();
  const parsed = route?.response?.safeParse(body);
  expect(parsed?.success, `${key}: ${parsed?.error?.message}`).toBe(true);
  // the schema names every field the reply has: parsing drops nothing (z.object strips unknown keys)
  expect(parsed?.data, `${key}: the reply has fields its schema does not name`).toEqual(body);
}

/**
 * A GET whose query its schema refuses: 400 validation naming `field`, and no cache header (a
 * refusal is never kept).
 */
export function expectRefusedQuery(response: LightMyRequestResponse, field: string): void {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    statusCode: 400,
    code: "validation",
    fields: { [field]: expect.any(Object) },
  });
  expect(response.headers["cache-control"]).toBeUndefined();
}

/** GETs a public read: 200 with the short public cache header (a minute); its JSON. */
export async function publicRead<T>(app: FastifyInstance, url: string): Promise<T> {
  const response = await app.inject({ method: "GET", url });
  expect(response.statusCode).toBe(200);
  expect(response.headers["cache-control"]).toBe("public, max-age=60");
  return response.json<T>();
}
