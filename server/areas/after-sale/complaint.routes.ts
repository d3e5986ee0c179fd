import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { complaintAnswerSchema, complaintRequestSchema } from "../../../domain/validation/after-sale";
import { apiRoute, STAFF } from "../../http/api-route";
import { signedInUser } from "../../http/auth";
import { FailureError, unwrap } from "../../lib/result";
import { caseIdReply } from "./after-sale.replies";
import { requestLang } from "./case-order";
import { complaintReceiptReply } from "./complaint.replies";

// Complaints over the API (issue 27, docs/decisions/066): a shopper's complaint (a guest names the
// order by number and its e-mail) and the staff answer. Thin: parse, one service call, the reply.

const caseParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export async function complaintRoutes(app: FastifyInstance): Promise<void> {
  const { complaints } = app.services;

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.post(
    "/after-sale/complaints",
    apiRoute({
      summary:
        "Make a complaint about a paid order (guest: orderNumber + the order's e-mail); the same submissionKey answers the first complaint",
      tag: "orders",
      access: "owner",
      body: complaintRequestSchema,
      status: 201,
      response: complaintReceiptReply,
      errors: [
        "order/not-found",
        "after-sale/complaint-unavailable",
        "after-sale/too-many-units",
        "rate-limited",
      ],
    }),
    async (request, reply) => {
      const result = await complaints.complain({
        body: request.body,
        user: request.user,
        ip: request.ip,
        lang: requestLang(request),
      });
      if (!result.ok) throw new FailureError(result);
      return reply.status(result.value.replayed ? 200 : 201).send(result.value);
    },
  );

  app.post(
    "/after-sale/cases/:id/answer",
    apiRoute({
      ...STAFF,
      summary: "Answer a complaint: accepted or rejected, the message e-mailed to the customer (staff)",
      params: caseParam,
      body: complaintAnswerSchema,
      response: caseIdReply,
      errors: ["not-found", "after-sale/state-conflict"],
    }),
    async (request) => {
      const { id } = caseParam.parse(request.params);
      return unwrap(await complaints.answer(signedInUser(request), id, request.body));
    },
  );
}
