import type { FastifyInstance } from "fastify";
import { requireUser, signedInUser } from "../../http/auth";

// GET /api/orders/my (SPEC §7): the signed-in customer's orders, newest first.

export async function ordersRoutes(app: FastifyInstance): Promise<void> {
  const { orders } = app.services;

  // A person's orders are never cached.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get("/orders/my", { preHandler: requireUser }, async (request) => {
    return orders.listForUser(signedInUser(request)._id);
  });
}
