import type { Config } from "../../config";
import { createDemoProvider } from "./demo";
import type { PaymentProvider } from "./payment-provider";
import { createPaynowProvider, type PaynowOptions } from "./paynow";

// The one place that picks a payment adapter (PAYMENT_PROVIDER). See docs/decisions/012-payments.md.

export type { DemoDecisionStatus, DemoNotificationInput } from "./demo";
export {
  createDemoProvider,
  DEMO_PAYMENT_ID,
  DEMO_REFUND_ID,
  demoNotification,
  demoPaymentId,
  demoRefundId,
} from "./demo";
export type {
  CreatedPayment,
  CreatedRefund,
  CreatePaymentRequest,
  CreateRefundRequest,
  NotificationResult,
  PaymentNotification,
  PaymentProvider,
  PaymentStatus,
  ProviderErrorDetails,
  RefundReason,
  RefundStatus,
} from "./payment-provider";
export {
  FINAL_REFUND_STATUSES,
  PaymentProviderError,
  REFUND_REASONS,
  REFUND_STATUSES,
} from "./payment-provider";
export type { PaynowOptions, PaynowSettings } from "./paynow";
export {
  createPaynowProvider,
  mapPaynowStatus,
  PAYNOW_DEFAULT_TIMEOUT_MS,
  PAYNOW_IDEMPOTENCY_KEY_MAX,
} from "./paynow";

export function createPaymentProvider(config: Config, options: PaynowOptions = {}): PaymentProvider {
  const payments = config.payments;
  switch (payments.provider) {
    case "demo":
      return createDemoProvider(payments.demoSecret);
    case "paynow":
      return createPaynowProvider(
        { apiUrl: payments.apiUrl, apiKey: payments.apiKey, signatureKey: payments.signatureKey },
        options,
      );
  }
}
