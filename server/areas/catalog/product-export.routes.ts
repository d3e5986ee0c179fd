import type { FastifyInstance } from "fastify";
import { PRODUCT_FILE_NAME } from "../../../domain/product-file";
import { apiRoute, STAFF } from "../../http/api-route";
import { XLSX_CONTENT_TYPE } from "../../lib/xlsx";

// The product export (issue 30, docs/decisions/077): the whole catalog as the import's file, CSV or
// XLSX. Shop moderators only; never cached.

export async function productExportRoutes(app: FastifyInstance): Promise<void> {
  const { productExport } = app.services;

  for (const format of ["csv", "xlsx"] as const) {
    app.get(
      `/staff/products/export.${format}`,
      apiRoute({
        ...STAFF,
        summary: `Every product (hidden too) as the product import's ${format.toUpperCase()} file`,
        response: format === "csv" ? "text/csv" : XLSX_CONTENT_TYPE,
      }),
      async (_request, reply) => {
        const body = format === "csv" ? await productExport.csv() : Buffer.from(await productExport.xlsx());
        return reply
          .type(format === "csv" ? "text/csv; charset=utf-8" : XLSX_CONTENT_TYPE)
          .header("content-disposition", `attachment; filename="${PRODUCT_FILE_NAME[format]}"`)
          .header("cache-control", "no-store")
          .send(body);
      },
    );
  }
}
