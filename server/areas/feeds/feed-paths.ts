// The addresses of the marketplace feeds (docs/decisions/072): served by Fastify outside /api,
// kept by the response cache like the public catalog API (server/http/response-cache/rules.ts).

export const GOOGLE_FEED_PATH = "/feeds/google.xml";
export const CENEO_FEED_PATH = "/feeds/ceneo.xml";

export const FEED_PATHS: readonly string[] = [GOOGLE_FEED_PATH, CENEO_FEED_PATH];
