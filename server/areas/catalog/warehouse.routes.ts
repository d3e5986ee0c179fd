import type { FastifyInstance } from "fastify";
import { stockChangesSchema, warehouseQuerySchema } from "../../../domain/validation/warehouse";
import { STOCK_CSV_FILENAME } from "../../../domain/warehouse";
import { apiRoute, STAFF } from "../../http/api-route";
import { signedInUser } from "../../http/auth";
import { FailureError } from "../../lib/result";
import { stockChangedReply, stockImportedReply, warehouseReply } from "./catalog.replies";

// The warehouse API (issue 6): GET /shops/warehouse (rows with stock levels), PUT /shops/warehouse
// (bulk stock change), GET /shops/warehouse.csv (export) and POST /shops/warehouse/import (a
// text/csv body). Shop moderators only.

export async function warehouseRoutes(app: FastifyInstance): Promise<void> {
  const { warehouse } = app.services;
  app.addContentTypeParser(["text/csv", "text/plain"], { parseAs: "string" }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    "/shops/warehouse",
    apiRoute({
      ...STAFF,
      summary: "Stock of every product without variants and every variant, with its level",
      querystring: warehouseQuerySchema,
      response: warehouseReply,
    }),
    async (request) => {
      return warehouse.list(warehouseQuerySchema.parse(request.query));
    },
  );

  app.put(
    "/shops/warehouse",
    apiRoute({
      ...STAFF,
      summary: "Set the stock of several products/variants in one transaction",
      body: stockChangesSchema,
      response: stockChangedReply,
      errors: ["warehouse/stale-rows"],
    }),
    async (request) => {
      const changes = stockChangesSchema.parse(request.body);
      const result = await warehouse.setStock(signedInUser(request), changes);
      if (!result.ok) throw new FailureError(result);
      return result.value;
    },
  );

  app.get(
    "/shops/warehouse.csv",
    apiRoute({
      ...STAFF,
      summary: "Stock CSV (productId;variantId;title;variant;quantity, UTF-8 with BOM)",
      response: "text/csv",
    }),
    async (_request, reply) => {
      const csv = await warehouse.exportCsv();
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${STOCK_CSV_FILENAME}"`)
        .header("cache-control", "no-store")
        .send(csv);
    },
  );

  app.post(
    "/shops/warehouse/import",
    apiRoute({
      ...STAFF,
      summary: "Import a stock CSV (text/csv); every line checked, all or nothing",
      body: "text/csv",
      response: stockImportedReply,
      errors: ["validation", "warehouse/stale-rows"],
    }),
    async (request) => {
      const text = typeof request.body === "string" ? request.body : "";
      const result = await warehouse.importCsv(signedInUser(request), text);
      if (!result.ok) throw new FailureError(result);
      return result.value;
    },
  );
}
