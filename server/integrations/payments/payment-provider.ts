// One interface for every payment gateway (DESIGN.md "Integrations"). The orders/payments
// services talk only to this; `createPaymentProvider(config)` picks the adapter by PAYMENT_PROVIDER.

/** Our payment statuses: the order gets the same status (SPEC §4). */
export type PaymentStatus = "PAYMENT_NEW" | "PAYMENT_PENDING" | "PAYMENT_CONFIRMED" | "PAYMENT_ERROR";

export interface CreatePaymentRequest {
  /** our order number (Paynow externalId) */
  orderNumber: string;
  amountGrosze: number;
  currency: "PLN";
  /** e.g. "Zamówienie ABCD-1234" */
  description: string;
  buyer: { email: string; firstName?: string; lastName?: string; locale: "pl-PL" | "en-GB" };
  /** where the gateway sends the shopper back: /gotowe?orderNumber=…&email=… (absolute) */
  continueUrl: string;
  /** where the gateway posts notifications (absolute) */
  notificationUrl: string;
  /** at most 45 characters; the same key returns the same payment */
  idempotencyKey: string;
}

export interface CreatedPayment {
  /** the provider's payment id (Paynow paymentId) */
  externalId: string;
  /** where the browser goes to pay */
  redirectUrl: string;
  status: PaymentStatus;
}

/** A verified notification, already mapped to our statuses. */
export interface PaymentNotification {
  externalId: string;
  /** our order number, when the provider sends it back (Paynow externalId) */
  orderNumber: string | null;
  status: PaymentStatus;
  /** the provider's own status, for the log */
  providerStatus: string;
  /** amount and currency when the notification carries them (the demo bank does; Paynow does not) */
  amountGrosze: number | null;
  currency: string | null;
  modifiedAt: string | null;
}

export type NotificationResult =
  | { ok: true; notification: PaymentNotification }
  | { ok: false; reason: "bad-signature" | "malformed" };

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    /** "unavailable": timeout, refused connection, 5xx; "rejected": 4xx from the provider */
    readonly kind: "unavailable" | "rejected",
  ) {
    super(message);
  }
}

export interface PaymentProvider {
  readonly name: "demo" | "paynow";
  /** Registers a payment; throws PaymentProviderError when the provider is down or refuses. */
  createPayment(request: CreatePaymentRequest): Promise<CreatedPayment>;
  /** The current status as the provider sees it (for polling / reconciliation). */
  getPaymentStatus(externalId: string): Promise<PaymentStatus>;
  /**
   * Verifies a notification: `rawBody` exactly as received, `headers` lower-cased. Signatures are
   * compared in constant time.
   */
  verifyNotification(rawBody: string, headers: Record<string, string | undefined>): NotificationResult;
}
