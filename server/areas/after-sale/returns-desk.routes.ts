import type { FastifyInstance } from "fastify";
import { caseRejectionSchema, goodsReceivedSchema } from "../../../domain/validation/after-sale";
import { urlIdParamsSchema } from "../../../domain/validation/common";
import { apiRoute, STAFF } from "../../http/api-route";
import { neverCached } from "../../http/never-cached";
import { staffRecordSteps } from "../../http/staff-write";
import { unwrap } from "../../lib/result";
import { caseCountsReply, caseIdReply, caseListReply, caseReply } from "./after-sale.replies";
import { caseListQuerySchema } from "./returns-desk.service";

// The staff returns desk's API (issue 27, /konto/sklep/zwroty): the cases list and counter, one
// case, and the steps (goods received, reject, close). Thin: parse, one service call, the reply.

export async function returnsDeskRoutes(app: FastifyInstance): Promise<void> {
  const { returnsDesk } = app.services;

  neverCached(app);

  app.get(
    "/after-sale/cases",
    apiRoute({
      ...STAFF,
      summary: "Withdrawals and complaints, by the desk's filter (filtr), paged (staff)",
      querystring: caseListQuerySchema,
      response: caseListReply,
    }),
    async (request) => returnsDesk.list(caseListQuerySchema.parse(request.query)),
  );

  app.get(
    "/after-sale/cases/counts",
    apiRoute({
      ...STAFF,
      summary: "Open cases and those past their deadline (the dashboard's counter)",
      response: caseCountsReply,
    }),
    async () => returnsDesk.counts(),
  );

  app.get(
    "/after-sale/cases/:id",
    apiRoute({
      ...STAFF,
      summary: "One case: statement, lines, refunds, proposed refund, history (staff)",
      params: urlIdParamsSchema,
      response: caseReply,
      errors: ["not-found"],
    }),
    async (request) => unwrap(await returnsDesk.get(urlIdParamsSchema.parse(request.params).id)),
  );

  /** A step of the desk on one case, through the case's state table. */
  const caseStep = staffRecordSteps({
    params: urlIdParamsSchema,
    response: caseIdReply,
    errors: ["not-found", "after-sale/state-conflict"],
  });

  app.post(
    "/after-sale/cases/:id/received",
    caseStep(
      "Goods received per line, optionally back into stock (staff)",
      goodsReceivedSchema,
      (actor, id, body) => returnsDesk.receiveGoods(actor, id, body),
    ),
  );

  app.post(
    "/after-sale/cases/:id/reject",
    caseStep(
      "Reject a case with a reason shown to the customer (staff)",
      caseRejectionSchema,
      (actor, id, body) => returnsDesk.reject(actor, id, body),
    ),
  );

  app.post(
    "/after-sale/cases/:id/close",
    caseStep("Close a refunded case (staff)", "none", (actor, id) => returnsDesk.close(actor, id)),
  );
}
