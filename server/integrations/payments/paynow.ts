import { randomUUID } from "node:crypto";
import { z } from "zod";
import {
  type CreatedPayment,
  type CreatedRefund,
  type CreatePaymentRequest,
  type CreateRefundRequest,
  type NotificationResult,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentStatus,
  type ProviderErrorDetails,
  REFUND_STATUSES,
  type RefundStatus,
} from "./payment-provider";
import {
  asciiJson,
  constantTimeEqual,
  type PaynowParameters,
  paynowNotificationSignature,
  paynowV3RequestSignature,
} from "./paynow-signature";

// Paynow (mBank) API v3 adapter (INTEGRATIONS.md §1). Tested against server/test/fake-paynow.ts.
// Payments: POST /v3/payments, GET /v3/payments/{id}/status, signed notifications. Refunds (issue 27):
// POST /v3/payments/{paymentId}/refunds {amount, reason?} → 201 {refundId, status}, then
// GET /v3/refunds/{refundId}/status until final; every call goes through the one signed `call` below
// (Api-Key, v3 Signature, Idempotency-Key), so refunds are signed exactly like payments. Paynow
// answers the same refund for the same Idempotency-Key, so a create that timed out is retried with
// its key, never with a new one. A 4xx keeps Paynow's errorType and message on the error (e.g.
// INSUFFICIENT_BALANCE_FUNDS: the shop's Paynow balance cannot cover it) for staff to read.

export interface PaynowSettings {
  /** e.g. https://api.sandbox.paynow.pl (no trailing slash needed) */
  apiUrl: string;
  apiKey: string;
  signatureKey: string;
}

export interface PaynowOptions {
  /** injectable for tests; defaults to the global fetch */
  fetch?: typeof fetch;
  /** per request, covering the connection and reading the reply; default 15 s */
  timeoutMs?: number;
}

export const PAYNOW_DEFAULT_TIMEOUT_MS = 15_000;
/** Paynow refuses longer Idempotency-Key values. */
export const PAYNOW_IDEMPOTENCY_KEY_MAX = 45;

/** Refuses ("rejected", before any network) an Idempotency-Key Paynow would refuse. */
export function checkIdempotencyKey(idempotencyKey: string): void {
  if (idempotencyKey.length === 0 || idempotencyKey.length > PAYNOW_IDEMPOTENCY_KEY_MAX) {
    throw new PaymentProviderError(
      `Idempotency-Key must have 1 to ${PAYNOW_IDEMPOTENCY_KEY_MAX} characters`,
      "rejected",
    );
  }
}

/**
 * Paynow's payment status → ours. PAYMENT_NEW/PENDING/CONFIRMED are "PAYMENT_" + Paynow's status;
 * every failed end (rejected, error, expired, abandoned, cancelled) is PAYMENT_ERROR, from which the
 * shopper may retry. WAITING_FOR_CONFIRMATION (SDK enum: the money waits for the merchant's
 * confirmation) is still "in progress", so PAYMENT_PENDING. Anything else: null (malformed).
 */
export function mapPaynowStatus(status: string): PaymentStatus | null {
  switch (status) {
    case "NEW":
      return "PAYMENT_NEW";
    case "PENDING":
    case "WAITING_FOR_CONFIRMATION":
      return "PAYMENT_PENDING";
    case "CONFIRMED":
      return "PAYMENT_CONFIRMED";
    case "REJECTED":
    case "ERROR":
    case "EXPIRED":
    case "ABANDONED":
    case "CANCELLED":
      return "PAYMENT_ERROR";
    default:
      return null;
  }
}

/** A header by name, whatever its case (the interface promises lower-cased keys; be lenient anyway). */
export function headerValue(headers: Record<string, string | undefined>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const exact = headers[wanted];
  if (exact !== undefined) return exact;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
}

const createdSchema = z.object({
  paymentId: z.string().min(1),
  redirectUrl: z.string().min(1),
  status: z.string(),
});

const statusSchema = z.object({ paymentId: z.string().optional(), status: z.string() });

const refundSchema = z.object({ refundId: z.string().min(1), status: z.enum(REFUND_STATUSES) });
// the status reply also carries refundId and, when FAILED, failureReason; only the status is read
const refundStatusSchema = z.object({ status: z.enum(REFUND_STATUSES) });

const errorBodySchema = z.object({
  statusCode: z.number().optional(),
  errors: z.array(z.object({ errorType: z.string().optional(), message: z.string().optional() })).optional(),
});

const notificationSchema = z.object({
  paymentId: z.string().min(1),
  // The SDK's own sample notification has no externalId, so it is optional.
  externalId: z.string().min(1).optional(),
  status: z.string(),
  modifiedAt: z.string().optional(),
});

/** The error for a non-2xx answer: a message for the log and Paynow's first error, kept on the error. */
function errorOf(status: number, text: string, kind: "unavailable" | "rejected"): PaymentProviderError {
  const details: ProviderErrorDetails = { httpStatus: status };
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    const first = parsed.success ? parsed.data.errors?.[0] : undefined;
    if (first) {
      details.errorType = first.errorType;
      details.providerMessage = first.message;
      const message = `Paynow replied ${status} ${first.errorType ?? ""}: ${first.message ?? ""}`.trim();
      return new PaymentProviderError(message, kind, details);
    }
  } catch {
    // not JSON: fall through
  }
  return new PaymentProviderError(`Paynow replied ${status}`, kind, details);
}

export function createPaynowProvider(settings: PaynowSettings, options: PaynowOptions = {}): PaymentProvider {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? PAYNOW_DEFAULT_TIMEOUT_MS;
  const apiUrl = settings.apiUrl.replace(/\/+$/, "");

  /** One signed v3 call; resolves with the parsed 2xx JSON, throws PaymentProviderError otherwise. */
  async function call(request: {
    method: "GET" | "POST";
    path: string;
    parameters?: Record<string, string>;
    body?: string;
    idempotencyKey: string;
  }): Promise<unknown> {
    const body = request.body ?? "";
    const parameters: PaynowParameters = request.parameters ?? {};
    const query = new URLSearchParams(request.parameters ?? {}).toString();
    const url = `${apiUrl}${request.path}${query ? `?${query}` : ""}`;
    const headers: Record<string, string> = {
      "Api-Key": settings.apiKey,
      Signature: paynowV3RequestSignature({
        apiKey: settings.apiKey,
        signatureKey: settings.signatureKey,
        idempotencyKey: request.idempotencyKey,
        parameters,
        body,
      }),
      "Idempotency-Key": request.idempotencyKey,
      Accept: "application/json",
    };
    if (request.body !== undefined) headers["Content-Type"] = "application/json";

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await doFetch(url, {
        method: request.method,
        headers,
        body: request.body,
        signal: controller.signal,
        redirect: "error",
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      if (controller.signal.aborted) {
        throw new PaymentProviderError(`Paynow did not answer within ${timeoutMs} ms`, "unavailable");
      }
      const reason = error instanceof Error ? error.message : String(error);
      throw new PaymentProviderError(`Paynow could not be reached: ${reason}`, "unavailable");
    } finally {
      clearTimeout(timer);
    }

    if (status >= 200 && status < 300) {
      try {
        return JSON.parse(text);
      } catch {
        throw new PaymentProviderError(
          `Paynow replied ${status} with a body that is not JSON`,
          "unavailable",
        );
      }
    }
    // 4xx: Paynow refused this request (bad key, signature, data); repeating it will not help.
    // 5xx (and anything else): the provider is in trouble; the shopper may try again later.
    throw errorOf(status, text, status >= 400 && status < 500 ? "rejected" : "unavailable");
  }

  /** A status read: Idempotency-Key is required on every v3 call, GETs included; a fresh one per read. */
  function signedGet(path: string): Promise<unknown> {
    return call({ method: "GET", path, idempotencyKey: randomUUID() });
  }

  return {
    name: "paynow",

    async createPayment(request: CreatePaymentRequest): Promise<CreatedPayment> {
      checkIdempotencyKey(request.idempotencyKey);
      // The notification URL is deliberately NOT in the body: Paynow takes it from the shop's
      // configuration in the merchant panel (or PATCH /v3/configuration/shop/urls), so
      // `request.notificationUrl` is what the operator must enter there (README, ADR 012).
      const body = asciiJson({
        amount: request.amountGrosze,
        currency: request.currency,
        externalId: request.orderNumber,
        description: request.description,
        continueUrl: request.continueUrl,
        buyer: {
          email: request.buyer.email,
          firstName: request.buyer.firstName,
          lastName: request.buyer.lastName,
          locale: request.buyer.locale,
        },
      });
      const reply = await call({
        method: "POST",
        path: "/v3/payments",
        body,
        idempotencyKey: request.idempotencyKey,
      });
      const parsed = createdSchema.safeParse(reply);
      const status = parsed.success ? mapPaynowStatus(parsed.data.status) : null;
      if (!parsed.success || status === null) {
        throw new PaymentProviderError("Paynow replied with an unexpected payment body", "unavailable");
      }
      return { externalId: parsed.data.paymentId, redirectUrl: parsed.data.redirectUrl, status };
    },

    async getPaymentStatus(externalId: string): Promise<PaymentStatus> {
      const reply = await signedGet(`/v3/payments/${encodeURIComponent(externalId)}/status`);
      const parsed = statusSchema.safeParse(reply);
      const status = parsed.success ? mapPaynowStatus(parsed.data.status) : null;
      if (status === null) {
        throw new PaymentProviderError("Paynow replied with an unknown payment status", "unavailable");
      }
      return status;
    },

    async createRefund(request: CreateRefundRequest): Promise<CreatedRefund> {
      checkIdempotencyKey(request.idempotencyKey);
      // `reason` is left out of the body when not given (JSON drops undefined)
      const body = asciiJson({ amount: request.amountGrosze, reason: request.reason });
      const reply = await call({
        method: "POST",
        path: `/v3/payments/${encodeURIComponent(request.paymentExternalId)}/refunds`,
        body,
        idempotencyKey: request.idempotencyKey,
      });
      const parsed = refundSchema.safeParse(reply);
      if (!parsed.success) {
        throw new PaymentProviderError("Paynow replied with an unexpected refund body", "unavailable");
      }
      return { refundId: parsed.data.refundId, status: parsed.data.status };
    },

    async getRefundStatus(refundId: string): Promise<RefundStatus> {
      const reply = await signedGet(`/v3/refunds/${encodeURIComponent(refundId)}/status`);
      const parsed = refundStatusSchema.safeParse(reply);
      if (!parsed.success) {
        throw new PaymentProviderError("Paynow replied with an unknown refund status", "unavailable");
      }
      return parsed.data.status;
    },

    verifyNotification(rawBody: string, headers: Record<string, string | undefined>): NotificationResult {
      const signature = headerValue(headers, "signature");
      if (!signature) return { ok: false, reason: "bad-signature" };
      const expected = paynowNotificationSignature(settings.signatureKey, rawBody);
      if (!constantTimeEqual(signature, expected)) return { ok: false, reason: "bad-signature" };
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return { ok: false, reason: "malformed" };
      }
      const parsed = notificationSchema.safeParse(json);
      if (!parsed.success) return { ok: false, reason: "malformed" };
      const status = mapPaynowStatus(parsed.data.status);
      if (status === null) return { ok: false, reason: "malformed" };
      return {
        ok: true,
        notification: {
          externalId: parsed.data.paymentId,
          orderNumber: parsed.data.externalId ?? null,
          status,
          providerStatus: parsed.data.status,
          // Paynow's notification carries no amount: the service trusts the amount it registered.
          amountGrosze: null,
          currency: null,
          modifiedAt: parsed.data.modifiedAt ?? null,
        },
      };
    },
  };
}
