import type { FastifyInstance } from "fastify";

/** Every answer of this plugin's routes is a person's or the shop's private data: never cached. */
export function neverCached(app: FastifyInstance): void {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
}
