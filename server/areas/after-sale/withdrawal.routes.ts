import type { FastifyInstance, FastifyReply } from "fastify";
import { withdrawalStatementSchema } from "../../../domain/validation/after-sale";
import { urlIdParamsSchema } from "../../../domain/validation/common";
import { apiRoute } from "../../http/api-route";
import { neverCached } from "../../http/never-cached";
import { sendPdf } from "../../http/pdf-reply";
import { FailureError } from "../../lib/result";
import { caseSubmissionHandler } from "./case-order";
import { GUEST_PDF, guestOrderQuery } from "./guest-pdf";
import { withdrawalReceiptReply } from "./withdrawal.replies";

// The shopper's withdrawal function over the API (issue 27, docs/decisions/066): send a statement
// (a guest names the order by number and its e-mail, a signed-in customer their own order's number)
// and read a statement's PDF. Thin: parse, call one service function, shape the reply.

export async function withdrawalRoutes(app: FastifyInstance): Promise<void> {
  const { withdrawals } = app.services;

  // statements and their PDFs are a person's data: never cached
  neverCached(app);

  app.post(
    "/after-sale/withdrawals",
    apiRoute({
      summary:
        "Withdraw from the contract: the statement (guest: orderNumber + the order's e-mail); the same submissionKey answers the first statement",
      tag: "orders",
      access: "owner",
      body: withdrawalStatementSchema,
      status: 201,
      response: withdrawalReceiptReply,
      errors: [
        "order/not-found",
        "after-sale/withdrawal-period-ended",
        "after-sale/withdrawal-unavailable",
        "after-sale/too-many-units",
        "rate-limited",
      ],
    }),
    caseSubmissionHandler((input) => withdrawals.withdraw(input)),
  );

  app.get(
    "/after-sale/withdrawals/:id/statement.pdf",
    apiRoute({
      ...GUEST_PDF,
      summary:
        "A withdrawal statement as PDF (guest: ?orderNumber=&email= of its order; the customer; staff)",
    }),
    async (request, reply: FastifyReply) => {
      const { id } = urlIdParamsSchema.parse(request.params);
      const query = guestOrderQuery.parse(request.query);
      const result = await withdrawals.statementPdf(id, {
        user: request.user,
        orderNumber: query.orderNumber,
        email: query.email,
        ip: request.ip,
      });
      if (!result.ok) throw new FailureError(result);
      return sendPdf(reply, result.value);
    },
  );
}
