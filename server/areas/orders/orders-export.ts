import { and, asc, eq, gte, isNotNull, lt } from "drizzle-orm";
import { z } from "zod";
import { formatDateTime } from "../../../domain/i18n";
import { buildInvoiceDocument, INVOICE_PAYMENT_METHOD } from "../../../domain/invoice";
import {
  buildExportTable,
  EXPORT_FILE_NAME,
  EXPORT_MAX_DAYS,
  type ExportOrder,
  exportCsv,
} from "../../../domain/orders-export";
import { shopDayEnd, shopDayStart } from "../../../domain/shop-time";
import { isValidDateString } from "../../../domain/validation/common";
import { parseForm } from "../../../domain/validation/errors";
import { MSG } from "../../../domain/validation/messages";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { invoices, orders } from "../../db/schema";
import { fail, ok, type Result } from "../../lib/result";
import { writeXlsx, XLSX_CONTENT_TYPE } from "../../lib/xlsx";
import type { OrderQueries } from "./orders.queries";

// The accountant's export (issue 29): the orders PAID within a range of Warsaw days (by the moment
// the payment was confirmed, the invoice's sale date), as CSV or XLSX (domain/orders-export.ts the
// table, server/lib/xlsx.ts the file). The figures per VAT rate are the invoice's own
// (buildInvoiceDocument: the coupon spread over the lines, the delivery at 23 %), so the export and
// the invoices agree to the grosz. Refunds and correcting invoices are not in it: they are their
// own documents.

const day = z
  .string()
  .trim()
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isValidDateString(value), { error: MSG.invalid });

/** `GET /api/orders/export.{csv,xlsx}` and the staff page's form: od, do (Warsaw days, both included). */
export const ordersExportQuerySchema = z
  .object({ od: day, do: day })
  .refine((query) => query.od <= query.do, { error: MSG.invalid, path: ["do"] })
  .refine((query) => (shopDayStart(query.do) - shopDayStart(query.od)) / 86_400_000 < EXPORT_MAX_DAYS, {
    error: MSG.invalid,
    path: ["do"],
  });

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: string | Uint8Array;
}

/** How many orders are read at once (their lines and statuses come with them). */
const CHUNK = 200;

export function createOrdersExport(
  db: Db,
  config: Config,
  deps: { queries: Pick<OrderQueries, "getManyById"> },
) {
  async function exportOrders(from: string, to: string): Promise<ExportOrder[]> {
    const paid = await db
      .select({
        id: orders.id,
        paidAt: orders.paidAt,
        provider: orders.paymentProvider,
        invoiceNumber: invoices.number,
      })
      .from(orders)
      .leftJoin(invoices, eq(invoices.orderId, orders.id))
      .where(
        and(
          isNotNull(orders.paidAt),
          gte(orders.paidAt, new Date(shopDayStart(from))),
          lt(orders.paidAt, new Date(shopDayEnd(to) + 1)),
        ),
      )
      .orderBy(asc(orders.paidAt), asc(orders.id));
    const rows: ExportOrder[] = [];
    for (let start = 0; start < paid.length; start += CHUNK) {
      const chunk = paid.slice(start, start + CHUNK);
      const found = new Map(
        (await deps.queries.getManyById(chunk.map((row) => row.id))).map((order) => [order._id, order]),
      );
      for (const row of chunk) {
        const order = found.get(row.id);
        if (!order || !row.paidAt) continue;
        const invoice = buildInvoiceDocument({
          order,
          seller: config.seller,
          number: row.invoiceNumber ?? "",
          issuedAt: row.paidAt,
          saleDate: row.paidAt,
        });
        rows.push({
          orderNumber: order.orderNumber,
          orderedAt: formatDateTime("pl", order.createdAt),
          paidAt: formatDateTime("pl", row.paidAt),
          buyer: invoice.buyer.name,
          nip: invoice.buyer.nip ?? "",
          vat: invoice.vatSummary,
          deliveryGrosze: order.delivery.priceGrosze,
          discountGrosze: order.couponDiscountGrosze,
          totalGrosze: order.priceGrosze,
          payment: row.provider ? `${INVOICE_PAYMENT_METHOD} (${row.provider})` : INVOICE_PAYMENT_METHOD,
          invoiceNumber: row.invoiceNumber ?? "",
        });
      }
    }
    return rows;
  }

  return {
    /** GET /orders/export.{format}: the file of the range; failures validation (days, order, at most 366 days). */
    async file(format: "csv" | "xlsx", input: unknown): Promise<Result<ExportFile>> {
      const parsed = parseForm(ordersExportQuerySchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const { od, do: to } = parsed.data;
      const table = buildExportTable(await exportOrders(od, to));
      const fileName = `${EXPORT_FILE_NAME}-${od}-${to}.${format}`;
      if (format === "csv")
        return ok({ fileName, contentType: "text/csv; charset=utf-8", body: exportCsv(table) });
      const body = writeXlsx({
        name: "Zamówienia",
        rows: [table.header, ...table.rows, table.totals],
        boldRows: [table.rows.length + 1],
      });
      return ok({ fileName, contentType: XLSX_CONTENT_TYPE, body });
    },
  };
}
