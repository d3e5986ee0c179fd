import type { FastifyInstance } from "fastify";
import { complaintAnswerSchema, complaintRequestSchema } from "../../../domain/validation/after-sale";
import { urlIdParamsSchema } from "../../../domain/validation/common";
import { apiRoute, STAFF } from "../../http/api-route";
import { signedInUser } from "../../http/auth";
import { unwrap } from "../../lib/result";
import { caseIdReply } from "./after-sale.replies";
import { caseSubmissionHandler } from "./case-order";
import { complaintReceiptReply } from "./complaint.replies";

// Complaints over the API (issue 27, docs/decisions/066): a shopper's complaint (a guest names the
// order by number and its e-mail) and the staff answer. Thin: parse, one service call, the reply.

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
    caseSubmissionHandler((input) => complaints.complain(input)),
  );

  app.post(
    "/after-sale/cases/:id/answer",
    apiRoute({
      ...STAFF,
      summary: "Answer a complaint: accepted or rejected, the message e-mailed to the customer (staff)",
      params: urlIdParamsSchema,
      body: complaintAnswerSchema,
      response: caseIdReply,
      errors: ["not-found", "after-sale/state-conflict"],
    }),
    async (request) => {
      const { id } = urlIdParamsSchema.parse(request.params);
      return unwrap(await complaints.answer(signedInUser(request), id, request.body));
    },
  );
}
