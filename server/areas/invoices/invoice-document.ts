import { eq } from "drizzle-orm";
import { buildInvoiceDocument, type InvoiceDocument, type InvoiceSellerInput } from "../../../domain/invoice";
import type { Order } from "../../../domain/types";
import type { Db } from "../../db/client";
import { invoices, orders } from "../../db/schema";

// An invoice as a document (domain/invoice.ts), drawn from the stored order and the invoice's fixed
// number and date: what the PDF shows (invoices.service.ts) and what goes to KSeF as FA(3)
// (server/areas/ksef). One place, so the two never differ.

export type InvoiceRow = typeof invoices.$inferSelect;

/** The document of an invoice whose order has been read. */
export function invoiceDocumentOf(
  invoice: InvoiceRow,
  order: Order,
  paidAt: Date | null,
  seller: InvoiceSellerInput,
): InvoiceDocument {
  return buildInvoiceDocument({
    order,
    seller,
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    saleDate: paidAt ?? invoice.issuedAt,
  });
}

/** The document of an invoice by its id (null when it or its order is gone). */
export async function loadInvoiceDocument(
  db: Db,
  seller: InvoiceSellerInput,
  getOrder: (orderId: number) => Promise<Order | null>,
  invoiceId: number,
): Promise<{ document: InvoiceDocument; invoice: InvoiceRow } | null> {
  const [row] = await db
    .select({ invoice: invoices, paidAt: orders.paidAt })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(invoices.id, invoiceId));
  if (!row) return null;
  const order = await getOrder(row.invoice.orderId);
  if (!order) return null;
  return { document: invoiceDocumentOf(row.invoice, order, row.paidAt, seller), invoice: row.invoice };
}
