import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { apiRoute, WEBHOOK } from "../../http/api-route";
import { errorBody } from "../../http/errors";
import { neverCached } from "../../http/never-cached";

// The payment providers' webhooks (SPEC §7, docs/decisions/012): the raw body is needed for the
// signature, so this scope reads JSON as text. Thin: parse, call one service function, shape the reply.

const providerParam = z.object({ provider: z.string().max(20) });

export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  const { payments } = app.services;

  // A payment's news is never cached.
  neverCached(app);

  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    "/payments/:provider/notifications",
    apiRoute({
      summary: "Payment provider notifications (signed; 202 accepted, 400 bad signature)",
      tag: "payments",
      ...WEBHOOK,
      params: providerParam,
      // not-found: a provider this shop does not use
      errors: ["payment/bad-notification", "not-found"],
    }),
    async (request, reply) => {
      const { provider } = providerParam.parse(request.params);
      const rawBody = typeof request.body === "string" ? request.body : "";
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [
          name.toLowerCase(),
          Array.isArray(value) ? value[0] : value,
        ]),
      );
      const result = await payments.handleNotification(provider, rawBody, headers);
      if (!result.ok) {
        if (result.code === "payment/bad-notification")
          request.log.warn({ provider }, "payment notification refused");
        return reply.status(errorBody(result).statusCode).send(errorBody(result));
      }
      return reply.status(202).send();
    },
  );
}
