import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { refundRequestSchema } from "../../../domain/validation/after-sale";
import { urlIdParamsSchema } from "../../../domain/validation/common";
import { apiRoute, STAFF } from "../../http/api-route";
import { neverCached } from "../../http/never-cached";
import { sendPdf } from "../../http/pdf-reply";
import { staffRecordWrite } from "../../http/staff-write";
import { fail, unwrap } from "../../lib/result";
import { orderRefundsReply, refundReply } from "./after-sale.replies";
import { correctingInvoicePdf } from "./correcting-invoice";
import { GUEST_PDF, guestOrderQuery } from "./guest-pdf";

// Refunds (issue 27, docs/decisions/066): an order's refunds and what may be sent, "Zwróć pieniądze"
// (a refund row and its job: the money leaves in the background), one refund's state (the desk
// polls it), and a correcting invoice's PDF for its owner, a guest naming the order, or staff.
const proposalQuery = z.object({ reason: z.enum(["refund-owed", "cancel"]).optional() });

export async function refundsRoutes(app: FastifyInstance): Promise<void> {
  const { refunds, orders, db, config } = app.services;

  neverCached(app);

  app.get(
    "/after-sale/orders/:id/refunds",
    apiRoute({
      ...STAFF,
      summary: "An order's refunds and what may still be sent (reason: refund-owed or cancel)",
      params: urlIdParamsSchema,
      querystring: proposalQuery,
      response: orderRefundsReply,
      errors: ["order/not-found"],
    }),
    async (request) => {
      const { id } = urlIdParamsSchema.parse(request.params);
      const { reason } = proposalQuery.parse(request.query);
      const proposal = unwrap(
        await refunds.propose({ orderId: id, caseId: null, reason: reason ?? "refund-owed" }),
      );
      return { refunds: await refunds.listForOrder(id), proposal };
    },
  );

  app.post(
    "/after-sale/orders/:id/refunds",
    staffRecordWrite(
      {
        summary: "Refund money through the payment provider: the refund is sent in the background (staff)",
        params: urlIdParamsSchema,
        body: refundRequestSchema,
        status: 201,
        response: refundReply,
        errors: ["order/not-found", "not-found", "refund/no-payment", "after-sale/state-conflict"],
      },
      (actor, orderId, body) => refunds.startRefund(actor, orderId, body),
    ),
  );

  app.get(
    "/after-sale/refunds/:id",
    apiRoute({
      ...STAFF,
      summary: "One refund's state and the provider's error, if any (staff)",
      params: urlIdParamsSchema,
      response: refundReply,
      errors: ["not-found"],
    }),
    async (request) => unwrap(await refunds.get(urlIdParamsSchema.parse(request.params).id)),
  );

  app.get(
    "/after-sale/corrections/:id/pdf",
    apiRoute({ ...GUEST_PDF, summary: "A correcting invoice's PDF (guest: ?orderNumber=&email=)" }),
    async (request, reply: FastifyReply) => {
      const { id } = urlIdParamsSchema.parse(request.params);
      const { orderNumber, email } = guestOrderQuery.parse(request.query);
      // a guest's number + e-mail go through the rate-limited lookup, like the invoice's
      if (orderNumber || email) {
        const allowed = await orders.lookup(orderNumber ?? "", email ?? "", request.ip);
        if (!allowed.ok && allowed.code === "rate-limited") unwrap(allowed);
        if (!allowed.ok && !request.user) unwrap(fail("not-found"));
      }
      const file = unwrap(
        await correctingInvoicePdf(db, config, id, {
          user: request.user,
          orderNumber: orderNumber ?? null,
          email: email ?? null,
        }),
      );
      return sendPdf(reply, file);
    },
  );
}
