import {
  createTranslator,
  formatDateTime,
  type Lang,
  type Translator,
  translateParts,
} from "../../../domain/i18n";
import { formatPrice } from "../../../domain/money";
import { isRefundOwedStatus } from "../../../domain/order-status";
import type { Order } from "../../../domain/types";
import { escapeHtml } from "../../lib/escape-html";
import type { MailMessage } from "../mail/mail.service";
import { emailLayout, htmlLines, htmlLink } from "../mail/mail-html";

// The customer's order e-mails (SPEC §2 order card; issue 5), in Polish or English, text + HTML.
// Pure builders: the orders and payments services call them and pass the result to mail.send.
// - received: the order was created (payment may still be under way)
// - paid: the payment was confirmed (thank-you, the invoice when it exists)
// - shipped: a shipment number was added (number and the carrier's tracking link)
// - canceled: the order was canceled (a clear statement and how to reach the shop)
// - expired: the same, canceled because no payment came in time (why, and that money still taken
//   is returned)
// and, to the shop itself, refundOwedEmail: money arrived that the order cannot take.
// Every kind carries the order summary (lines, delivery, RABAT, Razem), the delivery point or address
// and the link to the order page; received and paid also the processing time.

export type OrderEmailKind = "received" | "paid" | "shipped" | "canceled" | "expired";

export const ORDER_EMAIL_TEMPLATES: Readonly<Record<OrderEmailKind, string>> = {
  received: "order-received",
  paid: "order-paid",
  shipped: "order-shipped",
  canceled: "order-canceled",
  expired: "order-expired",
};

export interface OrderEmailOptions {
  lang: Lang;
  /** the shop's configured name (SHOP_NAME), in the signature */
  shopName: string;
  /** absolute link to the order page: {publicUrl}/zamowienie?orderNumber=…&email=… */
  orderUrl: string;
  /** the carrier's tracking page (shipped) */
  trackingUrl?: string | null;
  /** the invoice download (paid), when it already exists */
  invoiceUrl?: string | null;
  /** the contact page (canceled); defaults to /kontakt on the orderUrl's host */
  contactUrl?: string | null;
  /** absolute link to the withdrawal form of the order (received, paid, shipped; issue 27) */
  withdrawalUrl?: string | null;
  /** paid, an invoice sent to KSeF (docs/decisions/068): its KSeF number, or null while it is on its way */
  ksef?: { number: string | null };
}

/** The e-mails that offer "Odstąp od umowy tutaj" (consumer rights act art. 11a, issue 27). */
const WITHDRAWAL_LINK_KINDS: ReadonlySet<OrderEmailKind> = new Set(["received", "paid", "shipped"]);

const SUBJECT_KEYS = {
  received: "email.orderReceivedSubject",
  paid: "email.orderPaidSubject",
  shipped: "email.orderShippedSubject",
  canceled: "email.orderCanceledSubject",
  expired: "email.orderCanceledSubject",
} as const;

const INTRO_KEYS = {
  received: "email.orderReceivedIntro",
  paid: "email.orderPaidIntro",
  shipped: "email.orderShippedIntro",
  canceled: "email.orderCanceledIntro",
  expired: "email.orderCanceledIntro",
} as const;

/** One paragraph in both forms: `text` for the plain part, `html` already escaped. */
export interface Block {
  text: string;
  html: string;
}

export const paragraph = (text: string): Block => ({ text, html: `<p>${escapeHtml(text)}</p>` });

export function linkBlock(intro: string, url: string, label: string): Block {
  return {
    text: `${intro}\n${url}`,
    html: `<p>${escapeHtml(intro)}<br>${htmlLink(url, label)}</p>`,
  };
}

function contactUrlFor(options: OrderEmailOptions): string {
  if (options.contactUrl) return options.contactUrl;
  try {
    return new URL("/kontakt", options.orderUrl).href;
  } catch {
    return options.orderUrl;
  }
}

function deliveryLabel(t: Translator, order: Order): string {
  const method = t(order.delivery.method === "courier" ? "checkout.courier" : "checkout.parcelLocker");
  return `${t("order.delivery")} (${method})`;
}

export function summaryBlock(t: Translator, order: Order, withProcessingTime: boolean): Block {
  // [label, value, bold]
  const rows: [string, string, boolean][] = [
    [
      deliveryLabel(t, order),
      order.delivery.priceGrosze > 0 ? formatPrice(order.delivery.priceGrosze) : t("cart.freeDelivery"),
      false,
    ],
  ];
  if (order.couponDiscountGrosze > 0) {
    rows.push([
      order.coupon ? t("cart.discountWithCode", { code: order.coupon.code }) : t("order.discount"),
      formatPrice(-order.couponDiscountGrosze),
      false,
    ]);
  }
  rows.push([t("order.totalLine"), formatPrice(order.priceGrosze), true]);
  if (withProcessingTime) {
    rows.push([t("order.processingTime"), t("common.days", { days: order.maxProcessingTime }), false]);
  }

  const lineText = (item: Order["cart"][number]) =>
    `- ${item.productTitle}${item.variantLabel ? ` (${item.variantLabel})` : ""} × ${item.quantity}: ${formatPrice(item.priceGrosze)}`;
  const text = [
    `${t("order.number")}: ${order.orderNumber}`,
    "",
    `${t("order.products")}:`,
    ...order.cart.map(lineText),
    ...rows.map(([label, value]) => `${label}: ${value}`),
  ].join("\n");

  const cell = "padding:6px 8px;border-bottom:1px solid #e5e0dc;vertical-align:top";
  const right = `${cell};text-align:right;white-space:nowrap`;
  const html = [
    `<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(t("order.resultTitle"))}</h2>`,
    `<p style="margin:0 0 8px">${escapeHtml(t("order.number"))}: <strong>${escapeHtml(order.orderNumber)}</strong></p>`,
    '<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px">',
    `<thead><tr><th style="${cell};text-align:left">${escapeHtml(t("cart.product"))}</th>`,
    `<th style="${right}">${escapeHtml(t("order.quantity"))}</th>`,
    `<th style="${right}">${escapeHtml(t("cart.price"))}</th></tr></thead>`,
    "<tbody>",
    ...order.cart.map(
      (item) =>
        `<tr><td style="${cell}">${escapeHtml(item.productTitle)}${
          item.variantLabel
            ? `<br><span style="color:#666666;font-size:13px">${escapeHtml(item.variantLabel)}</span>`
            : ""
        }</td><td style="${right}">${item.quantity}</td><td style="${right}">${escapeHtml(formatPrice(item.priceGrosze))}</td></tr>`,
    ),
    ...rows.map(([label, value, bold]) => {
      const weight = bold ? ";font-weight:bold" : "";
      return `<tr><td colspan="2" style="${cell}${weight}">${escapeHtml(label)}</td><td style="${right}${weight}">${escapeHtml(value)}</td></tr>`;
    }),
    "</tbody></table>",
  ].join("\n");
  return { text, html };
}

export function deliveryBlock(t: Translator, order: Order): Block {
  let title: string;
  let lines: string[];
  if (order.delivery.method === "parcel-locker" && order.deliveryPoint) {
    const point = order.deliveryPoint;
    const number = [point.house_number, point.flat_number].filter(Boolean).join("/");
    title = t("order.pickupPoint");
    lines = [
      point.name && point.name !== point.foreign_access_point_id
        ? `${point.foreign_access_point_id} (${point.name})`
        : point.foreign_access_point_id,
      [point.street, number].filter(Boolean).join(" "),
      `${point.postal_code} ${point.city}`,
    ];
  } else {
    const recipient = order.recipient;
    title = t("email.orderDeliveryAddress");
    lines = [
      recipient.displayName,
      recipient.street,
      `${recipient.postCode} ${recipient.city}`,
      recipient.phone,
    ];
  }
  lines = lines.map((line) => line.trim()).filter((line) => line !== "");
  return {
    text: [`${title}:`, ...lines].join("\n"),
    html: `<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(title)}</h2><p>${lines.map(escapeHtml).join("<br>")}</p>`,
  };
}

function kindBlocks(kind: OrderEmailKind, t: Translator, order: Order, options: OrderEmailOptions): Block[] {
  switch (kind) {
    case "received":
      // the order page offers "Zapłać" until the order's units are held (its reservedUntil)
      return order.reservedUntil
        ? [
            paragraph(
              t("email.orderReceivedPayment", { time: formatDateTime(options.lang, order.reservedUntil) }),
            ),
          ]
        : [];
    case "paid": {
      const invoice = options.invoiceUrl
        ? linkBlock(t("email.orderPaidInvoice"), options.invoiceUrl, t("email.orderInvoiceLink"))
        : paragraph(t("email.orderPaidInvoiceInOrder"));
      const ksef = options.ksef
        ? [
            paragraph(
              options.ksef.number
                ? t("email.orderPaidKsefNumber", { ksefNumber: options.ksef.number })
                : t("email.orderPaidKsefPending"),
            ),
          ]
        : [];
      return [paragraph(t("order.confirmedText")), invoice, ...ksef];
    }
    case "shipped": {
      const blocks: Block[] = [];
      if (order.shipmentNumber) {
        blocks.push({
          text: `${t("order.shipmentNumber")}: ${order.shipmentNumber}`,
          html: `<p>${escapeHtml(t("order.shipmentNumber"))}: <strong>${escapeHtml(order.shipmentNumber)}</strong></p>`,
        });
      }
      if (options.trackingUrl) {
        blocks.push({
          text: `${t("order.trackShipment")}: ${options.trackingUrl}`,
          html: `<p>${htmlLink(options.trackingUrl, t("order.trackShipment"))}</p>`,
        });
      }
      return blocks;
    }
    case "canceled":
      return [contactBlock(t, options)];
    case "expired":
      return [paragraph(t("email.orderExpiredReason")), contactBlock(t, options)];
  }
}

/** "Questions? Write to us: {contactUrl}" with the address as a link. */
function contactBlock(t: Translator, options: OrderEmailOptions): Block {
  const contactUrl = contactUrlFor(options);
  const link = Symbol("contact link");
  const parts = translateParts<symbol>(options.lang, "email.orderCanceledContact", { contactUrl: link });
  return {
    text: t("email.orderCanceledContact", { contactUrl }),
    html: `<p>${parts
      .map((part) => (typeof part === "string" ? escapeHtml(part) : htmlLink(contactUrl, contactUrl)))
      .join("")}</p>`,
  };
}

export const REFUND_OWED_TEMPLATE = "order-refund-owed";

/**
 * The shop's own notice (to ADMIN_EMAIL, issue 24) that money arrived for an order that cannot take
 * it: why (the order's latest refund-owed entry), how much, and the link to the order in the staff area.
 */
export function refundOwedEmail(
  order: Order,
  options: { to: string; lang: Lang; staffOrderUrl: string },
): MailMessage {
  const t = createTranslator(options.lang);
  const reason = order.statuses.filter((entry) => isRefundOwedStatus(entry.status)).at(-1)?.status;
  const subject = t("email.refundOwedSubject", { orderNumber: order.orderNumber });
  const blocks: Block[] = [
    paragraph(t("email.refundOwedGreeting")),
    paragraph(
      t("email.refundOwedIntro", {
        amount: formatPrice(order.priceGrosze),
        orderNumber: order.orderNumber,
        email: order.email,
      }),
    ),
    ...(reason && isRefundOwedStatus(reason) ? [paragraph(t(`email.refundOwedReason.${reason}`))] : []),
    linkBlock(t("email.refundOwedLink"), options.staffOrderUrl, t("email.refundOwedLink")),
  ];
  return shopMessage(options, subject, blocks, REFUND_OWED_TEMPLATE);
}

/** A message to the shop itself: its blocks as text and in the e-mail layout, no signature. */
export function shopMessage(
  options: { to: string; lang: Lang },
  subject: string,
  blocks: readonly Block[],
  template: string,
): MailMessage {
  const text = `${blocks.map((block) => block.text).join("\n\n")}\n`;
  const html = emailLayout({
    lang: options.lang,
    title: subject,
    bodyHtml: blocks.map((block) => block.html).join("\n"),
  });
  return { to: options.to, subject, text, html, template };
}

/** The e-mail of one order event, to the order's e-mail address. */
export function orderEmail(kind: OrderEmailKind, order: Order, options: OrderEmailOptions): MailMessage {
  const t = createTranslator(options.lang);
  const name = order.recipient.displayName.trim() || order.invoiceData.displayName.trim();
  const subject = t(SUBJECT_KEYS[kind], { orderNumber: order.orderNumber });
  const withProcessingTime = kind === "received" || kind === "paid";

  const blocks: Block[] = [
    paragraph(t("email.orderGreeting", { name })),
    paragraph(t(INTRO_KEYS[kind], { orderNumber: order.orderNumber })),
    ...kindBlocks(kind, t, order, options),
    summaryBlock(t, order, withProcessingTime),
    deliveryBlock(t, order),
    linkBlock(t("email.orderViewIntro"), options.orderUrl, t("email.orderViewLink")),
    ...(options.withdrawalUrl && WITHDRAWAL_LINK_KINDS.has(kind)
      ? [linkBlock(t("afterSale.emailWithdrawIntro"), options.withdrawalUrl, t("afterSale.withdrawButton"))]
      : []),
  ];
  const signature = t("email.orderSignature", { shopName: options.shopName });

  const text = `${[...blocks.map((block) => block.text), signature].join("\n\n")}\n`;
  const html = emailLayout({
    lang: options.lang,
    title: subject,
    bodyHtml: [...blocks.map((block) => block.html), `<p>${htmlLines(signature)}</p>`].join("\n"),
  });
  return { to: order.email, subject, text, html, template: ORDER_EMAIL_TEMPLATES[kind] };
}
