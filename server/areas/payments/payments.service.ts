import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { PaymentProvider } from "../../integrations/payments/payment-provider";
import { createDemoBank } from "./demo-bank";
import {
  createPaymentNotifications,
  type OrderEvent,
  type SettleOrderPayment,
} from "./payment-notifications";
import { createPaymentStart, type NewOrderPayment } from "./payment-start";

// Payments of orders, the gateway side (docs/decisions/058): starting a payment with the provider
// (payment-start.ts), verifying and applying its notifications (payment-notifications.ts), the demo
// bank (demo-bank.ts) and the payments table's open payments (open-payments.ts). It knows nothing of
// the orders area: what an order does when its payment's status changes (confirmed, failed, money
// owed back, not started) is given to it as plain functions by server/services.ts, from
// orders/payment-outcome.ts. Retrying a payment and expiring unpaid orders are the orders area's
// (orders/payment-retry.ts, orders/order-expiry.ts).

export interface PaymentsDependencies {
  provider: PaymentProvider;
  /** the order to pay (a retry), as the orders area reads it; null when there is none */
  orderToPay(orderId: number): Promise<NewOrderPayment | null>;
  /** what the order does when its payment's status changes, in the notification's transaction */
  settle: SettleOrderPayment;
  /** the provider did not start the order's payment: the order is marked so and gives its units back */
  notStarted(orderId: number): Promise<void>;
  /** after a committed status change (e-mails); errors are the callee's to log */
  onOrderEvent(event: OrderEvent, orderId: number): Promise<void>;
  log: { warn(data: object, message: string): void; error(data: object, message: string): void };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export function createPaymentsService(db: Db, config: Config, deps: PaymentsDependencies) {
  const { startPayment, startFirstPayments } = createPaymentStart(db, config, deps);
  const { handleNotification } = createPaymentNotifications(db, deps);
  const { demoPayment, demoDecide } = createDemoBank(db, config, { handleNotification });
  return { startPayment, startFirstPayments, handleNotification, demoPayment, demoDecide };
}
