import { STOCK_CSV_FILENAME } from "../../../domain/warehouse";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/warehouse-csv";

// GET /konto/sklep/magazyn/csv: the stock CSV download (productId;variantId;title;variant;quantity,
// UTF-8 with a BOM, `;` — what Excel with Polish settings opens as columns). Shop staff only.

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request);
  const csv = await context.services.warehouse.exportCsv();
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${STOCK_CSV_FILENAME}"`,
      "cache-control": "no-store",
    },
  });
}
