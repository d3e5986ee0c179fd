import { and, eq } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { orders, payments } from "../../db/schema";
import { demoNotification } from "../../integrations/payments/demo";
import type { PaymentStatus } from "../../integrations/payments/payment-provider";
import { fail, ok, type Result } from "../../lib/result";
import { CLOSED_PAYMENT_STATUS } from "./open-payments";
import { resultUrlOf } from "./result-url";

// The demo bank (docs/decisions/012): its page shows a payment, its buttons send a signed
// notification through the same verification and handling as a real provider's webhook.

export interface DemoPaymentView {
  externalId: string;
  orderNumber: string;
  email: string;
  amountGrosze: number;
  status: PaymentStatus;
  /** closed when its order was canceled: it can no longer be paid */
  closed: boolean;
}

export interface DemoBankDependencies {
  /** the webhook's handling (payment-notifications.ts) */
  handleNotification(
    providerName: string,
    rawBody: string,
    headers: Record<string, string | undefined>,
  ): Promise<Result<void>>;
}

export function createDemoBank(db: Db, config: Config, deps: DemoBankDependencies) {
  /** The demo bank page's data, or null for an unknown payment (or when the demo bank is off). */
  async function demoPayment(externalId: string): Promise<DemoPaymentView | null> {
    if (config.payments.provider !== "demo") return null;
    const [row] = await db
      .select({
        externalId: payments.externalId,
        status: payments.status,
        amountGrosze: payments.amountGrosze,
        orderNumber: orders.orderNumber,
        email: orders.email,
        orderStatus: orders.status,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.provider, "demo"), eq(payments.externalId, externalId)));
    if (!row) return null;
    const { orderStatus, ...payment } = row;
    const closed = payment.status === CLOSED_PAYMENT_STATUS || orderStatus === "CANCELED";
    // a closed payment is never shown as payable
    const status = (
      payment.status === CLOSED_PAYMENT_STATUS ? "PAYMENT_ERROR" : payment.status
    ) as PaymentStatus;
    return { ...payment, status, closed };
  }

  /**
   * The demo bank's buttons: a signed notification (CONFIRMED or REJECTED) through the same
   * verification and handling as the webhook, then where the shopper goes.
   */
  async function demoDecide(
    externalId: string,
    decision: "pay" | "reject",
  ): Promise<Result<{ returnUrl: string }>> {
    if (config.payments.provider !== "demo") return fail("not-found");
    const payment = await demoPayment(externalId);
    if (!payment) return fail("not-found");
    // the order was canceled: the bank takes no money for it
    if (payment.closed) return fail("payment/closed");
    const signed = demoNotification(config.payments.demoSecret, {
      externalId,
      orderNumber: payment.orderNumber,
      status: decision === "pay" ? "CONFIRMED" : "REJECTED",
      amountGrosze: payment.amountGrosze,
      currency: "PLN",
    });
    const handled = await deps.handleNotification("demo", signed.rawBody, signed.headers);
    if (!handled.ok) return handled;
    return ok({ returnUrl: resultUrlOf(payment) });
  }

  return { demoPayment, demoDecide };
}
