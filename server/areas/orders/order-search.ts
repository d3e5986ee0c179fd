import { type SQL, sql } from "drizzle-orm";
import { containsPattern } from "../../db/list-page";
import { orderItems, orders } from "../../db/schema";

// The staff orders list's one search box (issue 29): a part of the order number, the buyer's or the
// recipient's name, the e-mail, the phone (digits only, so "600 100 200" finds "+48600100200"), a
// product title in the order, or the shipment (tracking) number — case-insensitive, combined with
// the other filters by AND. Plain ILIKE on PostgreSQL and PGlite alike; no index: a shop's orders
// are read newest first and this scan over a few thousand rows costs milliseconds (an index would
// not serve the OR with the product-title subquery anyway).

/** The most characters searched (the list's form and query schema cut there). */
export const ORDER_SEARCH_MAX = 100;

/** The condition matching `search` in any of the fields above; undefined for an empty search. */
export function orderSearchCondition(search: string | undefined): SQL | undefined {
  const text = search?.trim().slice(0, ORDER_SEARCH_MAX);
  if (!text) return undefined;
  const pattern = containsPattern(text);
  const matches: SQL[] = [
    sql`${orders.orderNumber} ilike ${pattern}`,
    sql`${orders.email} ilike ${pattern}`,
    sql`(${orders.recipient}->>'displayName') ilike ${pattern}`,
    sql`(${orders.invoiceData}->>'displayName') ilike ${pattern}`,
    sql`${orders.shipmentNumber} ilike ${pattern}`,
    sql`exists (select 1 from ${orderItems} oi where oi.order_id = ${orders.id} and oi.product_title ilike ${pattern})`,
  ];
  const digits = text.replace(/\D/g, "");
  // a phone is searched by its digits once the text has a few and is mostly digits
  if (digits.length >= 3 && digits.length >= text.replace(/\s/g, "").length - 1) {
    matches.push(sql`regexp_replace(${orders.recipient}->>'phone', '[^0-9]', '', 'g') like ${`%${digits}%`}`);
  }
  return sql`(${sql.join(matches, sql` or `)})`;
}
