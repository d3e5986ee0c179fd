import type { Config } from "../../config";
import { createDemoProvider } from "./demo";
import type { PaymentProvider } from "./payment-provider";
import { createPaynowProvider, type PaynowOptions } from "./paynow";

// The one place that picks a payment adapter (PAYMENT_PROVIDER). See docs/decisions/012-payments.md.

export type { DemoDecisionStatus, DemoNotificationInput } from "./demo";
export { createDemoProvider, demoNotification, demoPaymentId } from "./demo";
export type {
  CreatedPayment,
  CreatePaymentRequest,
  NotificationResult,
  PaymentNotification,
  PaymentProvider,
  PaymentStatus,
} from "./payment-provider";
export { PaymentProviderError } from "./payment-provider";
export type { PaynowOptions, PaynowSettings } from "./paynow";
export { createPaynowProvider, mapPaynowStatus, PAYNOW_DEFAULT_TIMEOUT_MS } from "./paynow";

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
