import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { urlIdParamsSchema } from "../../../domain/validation/common";
import { orderNoteSchema } from "../../../domain/validation/order-note";
import { apiRoute, STAFF } from "../../http/api-route";
import { neverCached } from "../../http/never-cached";
import { staffRecordWrite } from "../../http/staff-write";
import { unwrap } from "../../lib/result";
import { XLSX_CONTENT_TYPE } from "../../lib/xlsx";
import { customerKeySchema, customerPageQuerySchema } from "./order-customers";
import { customerReply, orderNoteReply } from "./order-desk.replies";
import { ordersExportQuerySchema } from "./orders-export";

// The order desk's API (issue 29), staff only: an order's internal notes (read, add: audited), a
// customer's page (their orders and total spend), the accountant's export as CSV or XLSX. Thin:
// parse, call one service function, shape the reply.

const customerParams = z.object({ key: customerKeySchema });

export async function orderDeskRoutes(app: FastifyInstance): Promise<void> {
  const { orderNotes, customers, ordersExport } = app.services;
  neverCached(app);

  app.get(
    "/orders/:id/notes",
    apiRoute({
      ...STAFF,
      summary: "An order's internal notes, newest first (never shown to the customer)",
      params: urlIdParamsSchema,
      response: z.array(orderNoteReply),
    }),
    async (request) => orderNotes.list(urlIdParamsSchema.parse(request.params).id),
  );

  app.post(
    "/orders/:id/notes",
    staffRecordWrite(
      {
        summary: "Add an internal note to an order (audited as order.note)",
        params: urlIdParamsSchema,
        body: orderNoteSchema,
        status: 201,
        response: orderNoteReply,
        errors: ["order/not-found"],
      },
      (actor, id, body) => orderNotes.add(actor, id, body),
    ),
  );

  app.get(
    "/customers/:key",
    apiRoute({
      ...STAFF,
      summary: "A customer (key: account id, or z + one of a guest's order ids): orders and total spend",
      params: customerParams,
      querystring: customerPageQuerySchema,
      response: customerReply,
      errors: ["not-found"],
    }),
    async (request) =>
      unwrap(
        await customers.view(
          customerParams.parse(request.params).key,
          customerPageQuerySchema.parse(request.query).page,
        ),
      ),
  );

  for (const format of ["csv", "xlsx"] as const) {
    app.get(
      `/orders/export.${format}`,
      apiRoute({
        ...STAFF,
        summary: `The orders paid from od to do (Warsaw days) for the accountant, as ${format.toUpperCase()}`,
        querystring: ordersExportQuerySchema,
        response: format === "csv" ? "text/csv" : XLSX_CONTENT_TYPE,
      }),
      async (request, reply) => {
        const file = unwrap(await ordersExport.file(format, request.query));
        return reply
          .type(file.contentType)
          .header("content-disposition", `attachment; filename="${file.fileName}"`)
          .header("cache-control", "no-store")
          .send(typeof file.body === "string" ? file.body : Buffer.from(file.body));
      },
    );
  }
}
