import type { Lang } from "../../../domain/i18n";
import type { Order } from "../../../domain/types";
import type { Config } from "../../config";
import type { MailService } from "../mail/mail.service";
import { invoiceUrlOf, resultUrlOf } from "../payments/payments.service";
import { orderEmail } from "./order-emails";
import type { OrderQueries } from "./orders.queries";

// Sends an order's e-mails in the language the order was placed in. Called after the change is
// committed; a failure to write or send is logged and never undoes the order (the outbox row
// records SMTP failures for a later retry).

export type OrderEmailKind = "received" | "paid" | "shipped" | "canceled";

/** The carrier's public tracking page for a shipment number (InPost for both methods). */
export function trackingUrlOf(shipmentNumber: string): string {
  return `https://inpost.pl/sledzenie-przesylek?number=${encodeURIComponent(shipmentNumber)}`;
}

export function createOrderMailer(
  config: Config,
  deps: { mail: MailService; queries: OrderQueries; log: { error(data: object, message: string): void } },
) {
  /** `read`: the order with its language when the caller has just read it (nothing is read again) */
  return async function sendOrderEmail(
    kind: OrderEmailKind,
    orderId: number,
    read?: { order: Order; lang: string },
  ): Promise<void> {
    let order: Order | null = null;
    try {
      const found = read ?? (await deps.queries.getByIdWithLang(orderId));
      if (!found) return;
      order = found.order;
      const lang: Lang = found.lang === "en" ? "en" : "pl";
      const absolute = (path: string) => `${config.publicUrl}${path}`;
      await deps.mail.send(
        orderEmail(kind, order, {
          lang,
          orderUrl: absolute(resultUrlOf(order).replace("/gotowe", "/zamowienie")),
          trackingUrl: order.shipmentNumber ? trackingUrlOf(order.shipmentNumber) : null,
          invoiceUrl: order.invoiceUrl ? absolute(invoiceUrlOf(order)) : null,
        }),
      );
    } catch (error) {
      deps.log.error({ err: error, orderId, kind }, "order e-mail not sent");
    }
  };
}
