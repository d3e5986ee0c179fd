import { createTranslator } from "../../../domain/i18n";
import { formatPrice } from "../../../domain/money";
import type { Order } from "../../../domain/types";
import type { StockRow } from "../../../domain/warehouse";
import { escapeHtml } from "../../lib/escape-html";
import type { MailMessage } from "../mail/mail.service";
import { type Block, deliveryBlock, linkBlock, paragraph, shopMessage, summaryBlock } from "./order-emails";

// The order desk's e-mails to the shop itself (SHOP_NOTIFY_EMAIL, issue 29), in Polish: a paid
// order (who, what, how much, where to, the link to the staff order page) and the daily low-stock
// digest (each visible product or variant at or below the low level, the link to the warehouse).

export const SHOP_NEW_ORDER_TEMPLATE = "shop-new-order";
export const LOW_STOCK_TEMPLATE = "shop-low-stock";

const t = createTranslator("pl");

/** The shop's e-mail of a paid order. */
export function shopNewOrderEmail(order: Order, options: { to: string; staffOrderUrl: string }): MailMessage {
  const customer = order.recipient.displayName.trim() || order.invoiceData.displayName.trim();
  const subject = t("email.shopNewOrderSubject", {
    orderNumber: order.orderNumber,
    amount: formatPrice(order.priceGrosze),
  });
  const blocks: Block[] = [
    paragraph(t("email.refundOwedGreeting")),
    paragraph(
      t("email.shopNewOrderIntro", {
        orderNumber: order.orderNumber,
        name: customer,
        email: order.email,
        phone: order.recipient.phone,
      }),
    ),
    summaryBlock(t, order, true),
    deliveryBlock(t, order),
    linkBlock(t("email.shopOrderLink"), options.staffOrderUrl, t("email.shopOrderLink")),
  ];
  return shopMessage({ to: options.to, lang: "pl" }, subject, blocks, SHOP_NEW_ORDER_TEMPLATE);
}

/** The digest of the rows at or below the low level (`max` units), for the Warsaw day `day`. */
export function lowStockEmail(
  rows: readonly StockRow[],
  options: { to: string; day: string; max: number; warehouseUrl: string },
): MailMessage {
  const line = (row: StockRow) =>
    `${row.variant ? `${row.title} — ${row.variant}` : row.title}: ${
      row.quantity > 0 ? `${row.quantity} szt.` : t("email.lowStockSoldOut")
    }`;
  const lines = rows.map(line);
  const list: Block = {
    text: lines.map((text) => `- ${text}`).join("\n"),
    html: `<ul>${lines.map((text) => `<li>${escapeHtml(text)}</li>`).join("")}</ul>`,
  };
  const blocks: Block[] = [
    paragraph(t("email.refundOwedGreeting")),
    paragraph(t("email.lowStockIntro", { max: options.max })),
    list,
    linkBlock(t("email.lowStockLink"), options.warehouseUrl, t("email.lowStockLink")),
  ];
  const subject = t("email.lowStockSubject", { date: options.day });
  return shopMessage({ to: options.to, lang: "pl" }, subject, blocks, LOW_STOCK_TEMPLATE);
}
