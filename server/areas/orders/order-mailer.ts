import type { Lang } from "../../../domain/i18n";
import type { Order } from "../../../domain/types";
import { withdrawalUrlOf } from "../../../domain/withdrawal-links";
import type { Config } from "../../config";
import { invoiceUrlOf } from "../invoices/invoice-url";
import { paidEmailWaitsForKsef } from "../ksef/ksef-queue";
import type { MailService } from "../mail/mail.service";
import { resultUrlOf } from "../payments/result-url";
import { orderEmail, refundOwedEmail } from "./order-emails";
import type { OrderQueries } from "./orders.queries";

// Sends an order's e-mails in the language the order was placed in. Called after the change is
// committed; a failure to write or send is logged and never undoes the order (the outbox row
// records SMTP failures for a later retry).

/** The staff area's order pages (web/lib/staff-paths.ts STAFF_SECTIONS.orders). */
export const STAFF_ORDERS_PATH = "/konto/sklep/zamowienia";

export type OrderEmailKind = "received" | "paid" | "shipped" | "canceled" | "expired";

/** The carrier's public tracking page for a shipment number (InPost for both methods). */
export function trackingUrlOf(shipmentNumber: string): string {
  return `https://inpost.pl/sledzenie-przesylek?number=${encodeURIComponent(shipmentNumber)}`;
}

export function createOrderMailer(
  config: Config,
  deps: { mail: MailService; queries: OrderQueries; log: { error(data: object, message: string): void } },
) {
  const absolute = (path: string) => `${config.publicUrl}${path}`;

  /** The e-mail of one event of an order as read (in the order's language). */
  function compose(
    kind: OrderEmailKind,
    found: { order: Order; lang: string },
    ksef?: { number: string | null },
  ) {
    const { order } = found;
    const lang: Lang = found.lang === "en" ? "en" : "pl";
    return orderEmail(kind, order, {
      lang,
      shopName: config.shopName,
      orderUrl: absolute(resultUrlOf(order).replace("/gotowe", "/zamowienie")),
      trackingUrl: order.shipmentNumber ? trackingUrlOf(order.shipmentNumber) : null,
      invoiceUrl: order.invoiceUrl ? absolute(invoiceUrlOf(order)) : null,
      withdrawalUrl: absolute(withdrawalUrlOf(order)),
      ksef,
    });
  }

  /** `read`: the order with its language when the caller has just read it (nothing is read again) */
  async function sendOrderEmail(
    kind: OrderEmailKind,
    orderId: number,
    read?: { order: Order; lang: string },
  ): Promise<void> {
    try {
      const found = read ?? (await deps.queries.getByIdWithLang(orderId));
      if (!found) return;
      // an invoice on its way to KSeF: the KSeF area sends this e-mail once the number is known
      // (or its wait is over), through paidWithKsef below (docs/decisions/068)
      if (kind === "paid" && paidEmailWaitsForKsef(config, found.order)) return;
      await deps.mail.send(compose(kind, found));
    } catch (error) {
      deps.log.error({ err: error, orderId, kind }, "order e-mail not sent");
    }
  }

  /** The same e-mail of several orders just read (a batch): their outbox rows in one statement. */
  async function sendOrderEmails(
    kind: OrderEmailKind,
    reads: { order: Order; lang: string }[],
  ): Promise<void> {
    const messages: { orderId: number; message: ReturnType<typeof compose> }[] = [];
    for (const read of reads) {
      try {
        messages.push({ orderId: read.order._id, message: compose(kind, read) });
      } catch (error) {
        deps.log.error({ err: error, orderId: read.order._id, kind }, "order e-mail not sent");
      }
    }
    try {
      const sent = await deps.mail.sendMany(messages.map((entry) => entry.message));
      sent.forEach((result, i) => {
        if (result instanceof Error)
          deps.log.error({ err: result, orderId: messages[i]?.orderId, kind }, "order e-mail not sent");
      });
    } catch (error) {
      for (const { orderId } of messages)
        deps.log.error({ err: error, orderId, kind }, "order e-mail not sent");
    }
  }

  /**
   * Tells the shop (ADMIN_EMAIL) that money arrived for an order that cannot take it (issue 24), in
   * Polish, with the link to the order in the staff area. Best effort, like the customer's e-mails.
   */
  async function sendRefundOwed(orderId: number): Promise<void> {
    try {
      const order = await deps.queries.getById(orderId);
      if (!order) return;
      await deps.mail.send(
        refundOwedEmail(order, {
          to: config.admin.email,
          lang: "pl",
          staffOrderUrl: absolute(`${STAFF_ORDERS_PATH}/${order._id}`),
        }),
      );
    } catch (error) {
      deps.log.error({ err: error, orderId, kind: "refund-owed" }, "order e-mail not sent");
    }
  }

  /** The "paid" e-mail of an order whose invoice went to KSeF: with its KSeF number, or saying it will follow. */
  async function sendPaidWithKsef(orderId: number, ksefNumber: string | null): Promise<void> {
    try {
      const found = await deps.queries.getByIdWithLang(orderId);
      if (!found) return;
      await deps.mail.send(compose("paid", found, { number: ksefNumber }));
    } catch (error) {
      deps.log.error({ err: error, orderId, kind: "paid" }, "order e-mail not sent");
    }
  }

  return Object.assign(sendOrderEmail, {
    many: sendOrderEmails,
    refundOwed: sendRefundOwed,
    paidWithKsef: sendPaidWithKsef,
  });
}
