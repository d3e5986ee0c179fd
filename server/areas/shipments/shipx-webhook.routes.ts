import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { apiRoute, WEBHOOK } from "../../http/api-route";
import { errorBody } from "../../http/errors";
import { neverCached } from "../../http/never-cached";
import { receiveShipxWebhook } from "./shipx-webhook";

// InPost ShipX webhooks (issue 29): POST /api/shipments/shipx/webhook?token=<INPOST_WEBHOOK_SECRET>, the
// URL to enter in Manager Paczek. ShipX signs nothing, so the URL's secret is the proof (checked before
// the body is read; `token=` values are hidden in log lines). This scope reads JSON as text, so its
// size is checked before it is parsed. Thin: parse, call one function, shape the reply.

const webhookQuery = z.object({ token: z.string().max(1_000).optional() });

export async function shipxWebhookRoutes(app: FastifyInstance): Promise<void> {
  const { shipments, config } = app.services;
  neverCached(app);
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    "/shipments/shipx/webhook",
    apiRoute({
      summary:
        "InPost ShipX webhooks (the URL's ?token= is the secret; 202 accepted, also for a shipment not ours)",
      tag: "orders",
      ...WEBHOOK,
      querystring: webhookQuery,
      // not-found: no secret or the wrong one (or webhooks off); validation: a body that is no ShipX webhook
      errors: ["not-found", "validation"],
    }),
    async (request, reply) => {
      const { token } = webhookQuery.parse(request.query);
      const result = await receiveShipxWebhook(
        { secret: config.shipping.webhookSecret, statusArrived: shipments.statusArrived },
        request.log,
        token,
        typeof request.body === "string" ? request.body : "",
      );
      if (!result.ok) return reply.status(errorBody(result).statusCode).send(errorBody(result));
      return reply.status(202).send();
    },
  );
}
