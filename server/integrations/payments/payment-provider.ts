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

/**
 * A refund's status, as Paynow names them (docs.paynow.pl v3 refunds; SDK `Model/Refund/Status.php`):
 * NEW accepted (an "awaiting refund" waits here for the shop's balance), PENDING being processed,
 * SUCCESSFUL the money went out, FAILED it did not, CANCELLED it never will (only a NEW one can be
 * cancelled; Paynow cancels an awaiting refund itself after 120 h by default).
 */
export const REFUND_STATUSES = ["NEW", "PENDING", "SUCCESSFUL", "FAILED", "CANCELLED"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** The statuses a refund never leaves: polling stops there. */
export const FINAL_REFUND_STATUSES: readonly RefundStatus[] = ["SUCCESSFUL", "FAILED", "CANCELLED"];

/**
 * Why the money goes back, in Paynow's documented vocabulary (docs.paynow.pl "Create a refund",
 * RefundReason): RMA a complaint (reklamacja), REFUND_BEFORE_14 / REFUND_AFTER_14 a refund before /
 * after 14 days from the purchase, OTHER anything else. Optional: leave it out when unsure.
 */
export const REFUND_REASONS = ["RMA", "REFUND_BEFORE_14", "REFUND_AFTER_14", "OTHER"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export interface CreateRefundRequest {
  /** the provider's payment id the money came with (CreatedPayment.externalId) */
  paymentExternalId: string;
  /** a positive integer, at most what is left of the payment; same currency as the payment */
  amountGrosze: number;
  /** at most 45 characters; the same key returns the same refund (retry with it after a timeout) */
  idempotencyKey: string;
  reason?: RefundReason;
}

export interface CreatedRefund {
  /** the provider's refund id, for getRefundStatus */
  refundId: string;
  status: RefundStatus;
}

/** What the provider said when it answered with an error (kept for staff to read; no secrets in it). */
export interface ProviderErrorDetails {
  /** the HTTP status of the answer */
  httpStatus?: number;
  /** e.g. INSUFFICIENT_BALANCE_FUNDS, VALIDATION_ERROR, NOT_FOUND */
  errorType?: string;
  /** the provider's own message */
  providerMessage?: string;
}

export class PaymentProviderError extends Error {
  readonly httpStatus: number | null;
  readonly errorType: string | null;
  readonly providerMessage: string | null;

  constructor(
    message: string,
    /** "unavailable": timeout, refused connection, 5xx; "rejected": 4xx from the provider */
    readonly kind: "unavailable" | "rejected",
    details: ProviderErrorDetails = {},
  ) {
    super(message);
    this.httpStatus = details.httpStatus ?? null;
    this.errorType = details.errorType ?? null;
    this.providerMessage = details.providerMessage ?? null;
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
  /**
   * Gives `amountGrosze` of a confirmed payment back to the buyer, full or partial (several partial
   * refunds may follow each other up to the payment's amount). Idempotent by `idempotencyKey`: after a
   * timeout ("unavailable") call again with the same key. "rejected" carries the provider's errorType
   * and message (e.g. INSUFFICIENT_BALANCE_FUNDS) for staff.
   */
  createRefund(request: CreateRefundRequest): Promise<CreatedRefund>;
  /** The refund's current status (poll until one of FINAL_REFUND_STATUSES). */
  getRefundStatus(refundId: string): Promise<RefundStatus>;
}
