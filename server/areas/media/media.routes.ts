import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { errorBody } from "../../http/errors";
import { fail } from "../../lib/result";
import { mediaKeyOf } from "./media-key";
import { isNotModified, type MediaGetOptions, type MediaHead, type MediaStorage } from "./media-storage";

// GET and HEAD /media/* from a bucket (MEDIA_STORAGE=s3, docs/decisions/081): the shop streams the
// object, so every instance serves every instance's uploads at the URLs pages already hold, with the
// headers @fastify/static gives the local files (ADR 024): a year, immutable, ETag and Last-Modified,
// 304 for a matching If-None-Match / If-Modified-Since, 206 for one byte range. Only keys of the media
// URL grammar reach the bucket; anything else, and a missing object, is the usual 404 (no cache header).

/** Media names never get other bytes (ADR 024): cached for a year by browsers, Caddy and CDNs. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

function conditionsOf(request: FastifyRequest): MediaGetOptions {
  const ifNoneMatch = request.headers["if-none-match"];
  const since = request.headers["if-modified-since"];
  const ifModifiedSince = since ? new Date(since) : undefined;
  return {
    ...(ifNoneMatch ? { ifNoneMatch: ifNoneMatch.slice(0, 1_000) } : {}),
    ...(ifModifiedSince && !Number.isNaN(ifModifiedSince.getTime()) ? { ifModifiedSince } : {}),
  };
}

function cacheHeaders(reply: FastifyReply, head: MediaHead): FastifyReply {
  reply.header("cache-control", MEDIA_CACHE_CONTROL);
  if (head.etag) reply.header("etag", head.etag);
  if (head.lastModified) reply.header("last-modified", head.lastModified.toUTCString());
  return reply;
}

export function mediaRoutes(storage: MediaStorage) {
  return async (app: FastifyInstance) => {
    app.route({
      method: ["GET", "HEAD"],
      url: "/media/*",
      exposeHeadRoute: false,
      handler: async (request, reply) => {
        const key = mediaKeyOf((request.params as { "*": string })["*"]);
        if (key === null) return reply.callNotFound();
        const conditions = conditionsOf(request);
        try {
          if (request.method === "HEAD") {
            const head = await storage.head(key);
            if (!head) return reply.callNotFound();
            cacheHeaders(reply, head);
            if (isNotModified(head, conditions)) return reply.code(304).send();
            return reply
              .header("content-type", head.contentType)
              .header("content-length", head.length)
              .header("accept-ranges", "bytes")
              .send();
          }
          const range = request.headers.range;
          const result = await storage.get(key, { ...conditions, ...(range ? { range } : {}) });
          switch (result.kind) {
            case "missing":
              return reply.callNotFound();
            case "not-modified":
              return cacheHeaders(reply, result.head).code(304).send();
            case "unsatisfiable-range":
              return reply.code(416).header("content-range", `bytes */${result.head.length}`).send();
            case "object":
              cacheHeaders(reply, result.head)
                .header("content-type", result.head.contentType)
                .header("content-length", result.length)
                .header("accept-ranges", "bytes");
              if (result.range) {
                reply
                  .code(206)
                  .header(
                    "content-range",
                    `bytes ${result.range.first}-${result.range.last}/${result.head.length}`,
                  );
              }
              return reply.send(result.body);
          }
        } catch (error) {
          request.log.warn({ reason: (error as Error).message }, "media storage unavailable");
          return reply
            .code(503)
            .header("cache-control", "no-store")
            .header("retry-after", "5")
            .send(errorBody(fail("service-unavailable")));
        }
      },
    });
  };
}
