import type { FastifyInstance } from "fastify";
import { caseRejectionSchema, goodsReceivedSchema } from "../../../domain/validation/after-sale";
import { urlIdParamsSchema } from "../../../domain/validation/common";
import { apiRoute, STAFF } from "../../http/api-route";
import { signedInUser } from "../../http/auth";
import { unwrap } from "../../lib/result";
import { caseCountsReply, caseIdReply, caseListReply, caseReply } from "./after-sale.replies";
import { caseListQuerySchema } from "./returns-desk.service";

// The staff returns desk's API (issue 27, /konto/sklep/zwroty): the cases list and counter, one
// case, and the steps (goods received, reject, close). Thin: parse, one service call, the reply.

export async function returnsDeskRoutes(app: FastifyInstance): Promise<void> {
  const { returnsDesk } = app.services;

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

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

  app.post(
    "/after-sale/cases/:id/received",
    apiRoute({
      ...STAFF,
      summary: "Goods received per line, optionally back into stock (staff)",
      params: urlIdParamsSchema,
      body: goodsReceivedSchema,
      response: caseIdReply,
      errors: ["not-found", "after-sale/state-conflict"],
    }),
    async (request) => {
      const { id } = urlIdParamsSchema.parse(request.params);
      return unwrap(await returnsDesk.receiveGoods(signedInUser(request), id, request.body));
    },
  );

  app.post(
    "/after-sale/cases/:id/reject",
    apiRoute({
      ...STAFF,
      summary: "Reject a case with a reason shown to the customer (staff)",
      params: urlIdParamsSchema,
      body: caseRejectionSchema,
      response: caseIdReply,
      errors: ["not-found", "after-sale/state-conflict"],
    }),
    async (request) => {
      const { id } = urlIdParamsSchema.parse(request.params);
      return unwrap(await returnsDesk.reject(signedInUser(request), id, request.body));
    },
  );

  app.post(
    "/after-sale/cases/:id/close",
    apiRoute({
      ...STAFF,
      summary: "Close a refunded case (staff)",
      params: urlIdParamsSchema,
      body: "none",
      response: caseIdReply,
      errors: ["not-found", "after-sale/state-conflict"],
    }),
    async (request) => {
      const { id } = urlIdParamsSchema.parse(request.params);
      return unwrap(await returnsDesk.close(signedInUser(request), id));
    },
  );
}
