import type { FastifyInstance } from "fastify";
import { bulkApplySchema, bulkPreviewSchema } from "../../../domain/validation/product-bulk";
import { apiRoute, STAFF } from "../../http/api-route";
import { staffWrite } from "../../http/staff-write";
import { unwrap } from "../../lib/result";
import { bulkAppliedReply, bulkPreviewReply } from "./product-bulk.replies";

// Bulk edits of the staff product list (issue 30, docs/decisions/074): the preview (no writes) and
// the apply (one transaction, one audit entry per product). Shop moderators only; never cached.

const SELECTION_ERRORS = ["validation", "bulk/unknown-ids", "product-bulk/too-many"] as const;

export async function productBulkRoutes(app: FastifyInstance): Promise<void> {
  const { productBulk } = app.services;

  app.post(
    "/staff/products/bulk/preview",
    apiRoute({
      ...STAFF,
      summary:
        "Preview a bulk edit of products (price, promotional price, a flag, a category): writes nothing",
      body: bulkPreviewSchema,
      response: bulkPreviewReply,
      errors: SELECTION_ERRORS,
    }),
    async (request) => unwrap(await productBulk.preview(bulkPreviewSchema.parse(request.body))),
  );

  app.post(
    "/staff/products/bulk/apply",
    staffWrite(
      {
        summary: "Apply a previewed bulk edit: all products in one transaction, or none (stale or refused)",
        body: bulkApplySchema,
        response: bulkAppliedReply,
        errors: [...SELECTION_ERRORS, "product-bulk/stale-preview", "product-bulk/refused"],
      },
      (actor, body) => productBulk.apply(actor, bulkApplySchema.parse(body)),
    ),
  );
}
