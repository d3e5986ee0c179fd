import { eq } from "drizzle-orm";
import { isShopModerator } from "../../../domain/roles";
import type { Order, PublicUser } from "../../../domain/types";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { invoices, orders } from "../../db/schema";
import { renderInvoicePdf } from "../../integrations/invoices/invoice-pdf";
import { fail, ok, type Result } from "../../lib/result";
import { ksefPdfBlock } from "../ksef/ksef-pdf";
import { invoiceDocumentOf } from "./invoice-document";

// The invoice of a paid order as a PDF (GET /api/orders/{orderNumber}/invoice). The number and
// date are fixed when the payment is confirmed (invoice-issue.ts); the document is drawn from
// the stored order each time, so nothing needs file storage and every instance serves it.
// Who may read it: the order's customer, staff, or whoever knows the order number AND its e-mail
// (a guest; the lookup is rate-limited by the route).

export interface InvoiceFile {
  bytes: Uint8Array;
  fileName: string;
}

export interface InvoicesDependencies {
  /** the order as the orders area reads it (orders.queries.ts getById) */
  queries: { getById(orderId: number): Promise<Order | null> };
}

export function createInvoicesService(db: Db, config: Config, deps: InvoicesDependencies) {
  return {
    async pdf(
      orderNumber: string,
      viewer: { user: PublicUser | null; email: string | null },
    ): Promise<Result<InvoiceFile>> {
      const [row] = await db
        .select({
          orderId: orders.id,
          email: orders.email,
          userId: orders.userId,
          paidAt: orders.paidAt,
          invoice: invoices,
        })
        .from(orders)
        .leftJoin(invoices, eq(invoices.orderId, orders.id))
        .where(eq(orders.orderNumber, orderNumber.trim().toUpperCase()));
      if (!row) return fail("order/not-found");
      const allowed =
        (viewer.user !== null && (viewer.user._id === row.userId || isShopModerator(viewer.user))) ||
        (viewer.email !== null && viewer.email.trim().toLowerCase() === row.email.toLowerCase());
      // the same answer as for a missing order: nobody learns which numbers exist
      if (!allowed) return fail("order/not-found");
      if (!row.invoice) return fail("invoice/not-ready");
      const order = await deps.queries.getById(row.orderId);
      if (!order) return fail("order/not-found");
      const document = invoiceDocumentOf(row.invoice, order, row.paidAt, config.seller);
      const ksef = await ksefPdfBlock(db, config, { invoiceId: row.invoice.id }, document.issueDate);
      const bytes = await renderInvoicePdf(document, { ksef });
      return ok({ bytes, fileName: `${row.invoice.number.replaceAll("/", "-")}.pdf` });
    },
  };
}
