import type { FastifyInstance } from "fastify";
import { urlIdParamsSchema } from "../../../domain/validation/common";
import { createShipmentsSchema, shipmentDocumentsQuerySchema } from "../../../domain/validation/shipment";
import { apiRoute, STAFF } from "../../http/api-route";
import { neverCached } from "../../http/never-cached";
import { sendPdf } from "../../http/pdf-reply";
import { staffRecordSteps, staffWrite } from "../../http/staff-write";
import { unwrap } from "../../lib/result";
import { orderShipmentsReply, shipmentReply, shipmentsCreatedReply } from "./shipments.replies";

// Shipments (issue 29, docs/decisions/069), staff only: create for one order or many (the carrier is
// asked in the background), an order's shipments, cancel, the demo carrier's next status, and the
// labels and packing slips of the orders named (?id=1&id=2…) as one PDF each.

export async function shipmentsRoutes(app: FastifyInstance): Promise<void> {
  const { shipments } = app.services;

  neverCached(app);

  app.post(
    "/shipments",
    staffWrite(
      {
        summary: "Create shipments for paid orders (one or many): created at the carrier in the background",
        body: createShipmentsSchema,
        status: 201,
        response: shipmentsCreatedReply,
        errors: ["order/not-found", "shipment/not-allowed"],
      },
      (actor, body) => shipments.create(actor, body),
    ),
  );

  app.get(
    "/shipments/orders/:id",
    apiRoute({
      ...STAFF,
      summary: "An order's shipments, newest first",
      params: urlIdParamsSchema,
      response: orderShipmentsReply,
    }),
    async (request) => ({
      shipments: await shipments.listForOrder(urlIdParamsSchema.parse(request.params).id),
    }),
  );

  // the steps on an order's active shipment, declared alike
  const step = staffRecordSteps({
    params: urlIdParamsSchema,
    response: shipmentReply,
    errors: ["not-found", "shipment/not-allowed", "shipment/carrier-refused", "shipment/carrier-unavailable"],
  });
  app.post(
    "/shipments/orders/:id/cancel",
    step("Cancel the order's shipment at the carrier, then in the shop", "none", (actor, id) =>
      shipments.cancel(actor, id),
    ),
  );
  app.post(
    "/shipments/orders/:id/demo-next-status",
    step("The demo carrier: the order's shipment moves to its next status", "none", (actor, id) =>
      shipments.advanceDemo(actor, id),
    ),
  );

  app.get(
    "/shipments/labels",
    apiRoute({
      ...STAFF,
      summary: "One PDF of the labels of the orders named (?id=…&format=A6|A4), in that order",
      querystring: shipmentDocumentsQuerySchema,
      response: "application/pdf",
      errors: ["shipment/no-label", "shipment/carrier-refused", "shipment/carrier-unavailable"],
    }),
    async (request, reply) => {
      const query = shipmentDocumentsQuerySchema.parse(request.query);
      return sendPdf(reply, unwrap(await shipments.labels(query.id, query.format ?? "A6")));
    },
  );

  app.get(
    "/shipments/packing-slips",
    apiRoute({
      ...STAFF,
      summary: "One PDF of the packing slips of the orders named (?id=…), in that order",
      querystring: shipmentDocumentsQuerySchema,
      response: "application/pdf",
      errors: ["order/not-found"],
    }),
    async (request, reply) => {
      const query = shipmentDocumentsQuerySchema.parse(request.query);
      return sendPdf(reply, unwrap(await shipments.packingSlips(query.id)));
    },
  );
}
