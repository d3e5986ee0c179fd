// How long the shop keeps an idle keep-alive connection open (Node closes it then; Fastify's default,
// said here so the proxy can be held to it). The proxy in front must give up on an idle connection
// sooner (deploy/shop.caddy: `transport http { keepalive }`): a request it sends on a connection the
// shop is closing at that moment fails, and a POST is not sent again (ADR 082).
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;
