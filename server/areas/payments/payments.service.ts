import type { Result } from "../../http/errors";
import type { PaymentStatus } from "../../integrations/payments/payment-provider";

// CONTRACT STUB — the lead implements this file. Signatures are final.

export interface DemoPaymentView {
  externalId: string;
  orderNumber: string;
  email: string;
  amountGrosze: number;
  status: PaymentStatus;
}

export function createPaymentsServiceStub() {
  return {
    /** A new payment for an order in PAYMENT_ERROR (or still unpaid): the redirect URL. Failures: order/not-found, conflict. */
    async retry(_orderNumber: string, _email: string): Promise<Result<{ redirectUrl: string }>> {
      throw new Error("not implemented yet");
    },
    /** The demo bank page's data, or null for an unknown payment. */
    async demoPayment(_externalId: string): Promise<DemoPaymentView | null> {
      throw new Error("not implemented yet");
    },
    /**
     * The demo bank's buttons: sends a signed notification (CONFIRMED or REJECTED) through the
     * same handler as the webhook, then returns where the shopper goes: /gotowe?orderNumber=…&email=…
     */
    async demoDecide(_externalId: string, _decision: "pay" | "reject"): Promise<Result<{ returnUrl: string }>> {
      throw new Error("not implemented yet");
    },
  };
}
