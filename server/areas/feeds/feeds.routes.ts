import type { FastifyInstance } from "fastify";
import { publicCache } from "../catalog/catalog.routes";
import { CENEO_FEED_PATH, GOOGLE_FEED_PATH } from "./feed-paths";

// GET /feeds/google.xml and /feeds/ceneo.xml (docs/decisions/072): plain Fastify routes beside
// /media, not under /api — they are XML for Merchant Center and Ceneo, not the shop's JSON API, so
// they have no place in its OpenAPI document. The response cache keeps them like the public catalog
// API (ETag, 304, cleared by the change feed); they say `public, max-age=60` as it does.

export const XML_CONTENT_TYPE = "application/xml; charset=utf-8";

export async function feedsRoutes(app: FastifyInstance): Promise<void> {
  const { feeds } = app.services;
  for (const [path, write] of [
    [GOOGLE_FEED_PATH, feeds.google],
    [CENEO_FEED_PATH, feeds.ceneo],
  ] as const) {
    app.get(path, async (_request, reply) => {
      const body = await write();
      publicCache(reply);
      return reply.type(XML_CONTENT_TYPE).send(body);
    });
  }
}
