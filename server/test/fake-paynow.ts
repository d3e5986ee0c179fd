import { randomInt } from "node:crypto";
import {
  constantTimeEqual,
  type PaynowParameters,
  paynowNotificationSignature,
  paynowV3RequestSignature,
} from "../integrations/payments/paynow-signature";
import { startLoopbackHttp } from "./loopback-http";

// A local Paynow v3 server for tests (INTEGRATIONS.md §1): a real HTTP server on 127.0.0.1 with a
// free port, checking Api-Key, Signature and Idempotency-Key like the real one, so the adapter is
// tested over real sockets. Knobs simulate a slow, refusing or failing provider.
//
// Refunds (issue 27): POST /v3/payments/{paymentId}/refunds {amount, reason?} → 201 {refundId, status}
// and GET /v3/refunds/{refundId}/status. A refund needs a CONFIRMED payment and at most what is left
// of it (its amount less the refunds not FAILED or CANCELLED); the same Idempotency-Key returns the
// same refund. Each refund walks a script of statuses, NEW → PENDING → SUCCESSFUL by default: the
// first at creation, one step per status read, the last one stays (scriptRefunds sets another, e.g.
// with FAILED). failNextRequests(n, …) makes the next n requests answer 5xx, time out, or lose the
// reply of a refund that was made, so the services can test their retries. Error types: 404
// NOT_FOUND and 400 INSUFFICIENT_BALANCE_FUNDS "Insufficient funds on balance" are Paynow's own (SDK
// tests, INTEGRATIONS.md §1); REFUND_AMOUNT_TOO_LARGE for more than is left is what third-party
// Paynow clients list, and VALIDATION_ERROR for a payment not CONFIRMED is our guess (unconfirmed).

/** Paynow's public sandbox keys (INTEGRATIONS.md §1); any keys can be given instead. */
export const PAYNOW_SANDBOX_API_KEY = "97a55694-5478-43b5-b406-fb49ebfdd2b5";
export const PAYNOW_SANDBOX_SIGNATURE_KEY = "b305b996-bca5-4404-a0b7-2ccea3d2b64b";

export const PAYNOW_PAYMENT_ID = /^[A-Z0-9]{4}(-[A-Z0-9]{3}){3}$/;

export type FakePaynowStatus =
  | "NEW"
  | "PENDING"
  | "CONFIRMED"
  | "REJECTED"
  | "ERROR"
  | "EXPIRED"
  | "ABANDONED"
  | (string & {});

export interface FakePaynowPayment {
  paymentId: string;
  idempotencyKey: string;
  status: FakePaynowStatus;
  /** the parsed create body */
  request: {
    amount: number;
    currency: string;
    externalId: string;
    description: string;
    continueUrl?: string;
    buyer: { email: string; firstName?: string; lastName?: string; locale?: string };
  };
  redirectUrl: string;
}

export type FakePaynowRefundStatus = "NEW" | "PENDING" | "SUCCESSFUL" | "FAILED" | "CANCELLED";

export interface FakePaynowRefund {
  refundId: string;
  paymentId: string;
  idempotencyKey: string;
  amount: number;
  /** as sent; undefined when left out */
  reason: string | undefined;
  status: FakePaynowRefundStatus;
  /** what the next status reads report, one each; when empty the status stays */
  upcoming: FakePaynowRefundStatus[];
}

/**
 * How a request fails: an HTTP status (answered with a Paynow error body, nothing done); "timeout"
 * (nothing done, no answer: the client's own timeout fires); "lost-reply" (the request is done, e.g.
 * the refund is made, but the answer never comes — the case an idempotency key is for).
 */
export type FakePaynowFailure = number | "timeout" | "lost-reply";

export const DEFAULT_REFUND_SCRIPT: readonly FakePaynowRefundStatus[] = ["NEW", "PENDING", "SUCCESSFUL"];

const REFUND_REASONS = ["RMA", "REFUND_BEFORE_14", "REFUND_AFTER_14", "OTHER"];

export interface RecordedPaynowRequest {
  method: string;
  /** path without the query */
  path: string;
  query: Record<string, string[]>;
  /** lower-cased names */
  headers: Record<string, string | undefined>;
  /** the raw body as received */
  body: string;
  /** the status code the fake answered (null when it closed the socket) */
  status: number | null;
}

export interface FakePaynow {
  /** base URL, e.g. http://127.0.0.1:41234 (use as PAYNOW_API_URL) */
  url: string;
  apiKey: string;
  signatureKey: string;
  /** every request, oldest first */
  requests: RecordedPaynowRequest[];
  /** payments by paymentId */
  payments: Map<string, FakePaynowPayment>;
  /** refunds by refundId */
  refunds: Map<string, FakePaynowRefund>;
  /** wait this long before answering each request (0 = at once) */
  setDelay(ms: number): void;
  /** "close": destroy the socket without a reply; "503": answer 503; null: serve normally */
  refuse(mode: "close" | "503" | null): void;
  /** the next request (only) gets this 4xx/5xx with a Paynow error body */
  failNext(status: number, errorType?: string, message?: string): void;
  /** the next `count` requests fail this way (after any failures already queued) */
  failNextRequests(count: number, failure: FakePaynowFailure): void;
  /**
   * The statuses every refund created from now on walks through: the first at creation, one more per
   * status read, the last stays. null: back to DEFAULT_REFUND_SCRIPT.
   */
  scriptRefunds(statuses: readonly FakePaynowRefundStatus[] | null): void;
  /** sets a refund's status now (what the next status read reports, and the ones after) */
  setRefundStatus(refundId: string, status: FakePaynowRefundStatus): void;
  /**
   * The shop's Paynow balance in grosze: a refund above it is refused (400 INSUFFICIENT_BALANCE_FUNDS),
   * each refund made takes its amount off. null (the default): unlimited.
   */
  setBalance(grosze: number | null): void;
  /** what is left to refund of a payment: its amount less the refunds not FAILED or CANCELLED */
  refundable(paymentId: string): number;
  /** changes a payment's status (what GET …/status reports) */
  setStatus(paymentId: string, status: FakePaynowStatus): void;
  /**
   * A notification as Paynow would POST it to the shop: pretty JSON {paymentId, externalId, status,
   * modifiedAt} and its `signature` header (lower-case key). Also sets the payment's status.
   */
  notification(
    paymentId: string,
    status: FakePaynowStatus,
    modifiedAt?: string,
  ): { rawBody: string; headers: { signature: string } };
  close(): Promise<void>;
}

const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

function randomChars(count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) out += ID_CHARS[randomInt(ID_CHARS.length)];
  return out;
}

/** Paynow's id shape, for payments and refunds alike. */
function newPaynowId(): string {
  return `${randomChars(4)}-${randomChars(3)}-${randomChars(3)}-${randomChars(3)}`;
}

function errorBody(statusCode: number, errorType: string, message: string): string {
  return JSON.stringify({ statusCode, errors: [{ errorType, message }] });
}

function validationErrors(body: unknown): string[] {
  const problems: string[] = [];
  if (typeof body !== "object" || body === null) return ["body must be a JSON object"];
  const b = body as Record<string, unknown>;
  if (!Number.isInteger(b.amount) || (b.amount as number) < 100 || (b.amount as number) > 100_000_000) {
    problems.push("amount must be an integer between 100 and 100000000");
  }
  if (!["PLN", "EUR", "USD", "GBP", "CZK"].includes(b.currency as string))
    problems.push("currency is invalid");
  if (typeof b.externalId !== "string" || b.externalId.length === 0 || b.externalId.length > 100) {
    problems.push("externalId is required (at most 100 characters)");
  }
  if (typeof b.description !== "string" || b.description.length === 0 || b.description.length > 255) {
    problems.push("description is required (at most 255 characters)");
  }
  if (b.continueUrl !== undefined && (typeof b.continueUrl !== "string" || b.continueUrl.length > 1000)) {
    problems.push("continueUrl is invalid");
  }
  const buyer = b.buyer as Record<string, unknown> | undefined;
  if (typeof buyer !== "object" || buyer === null) problems.push("buyer is required");
  else if (typeof buyer.email !== "string" || !buyer.email.includes("@") || buyer.email.length > 50) {
    problems.push("buyer.email is required (at most 50 characters)");
  }
  return problems;
}

function failureReply(
  status: number,
  errorType?: string,
  message?: string,
): { status: number; body: string } {
  const type = errorType ?? (status >= 500 ? "INTERNAL_ERROR" : "VALIDATION_ERROR");
  return { status, body: errorBody(status, type, message ?? "Failure") };
}

function refundValidationErrors(body: unknown): string[] {
  if (typeof body !== "object" || body === null) return ["body must be a JSON object"];
  const b = body as Record<string, unknown>;
  const problems: string[] = [];
  if (!Number.isSafeInteger(b.amount) || (b.amount as number) < 1) {
    problems.push("amount must be a positive integer");
  }
  if (b.reason !== undefined && !REFUND_REASONS.includes(b.reason as string)) {
    problems.push("reason is invalid");
  }
  return problems;
}

export async function startFakePaynow(
  options: { apiKey?: string; signatureKey?: string } = {},
): Promise<FakePaynow> {
  const apiKey = options.apiKey ?? PAYNOW_SANDBOX_API_KEY;
  const signatureKey = options.signatureKey ?? PAYNOW_SANDBOX_SIGNATURE_KEY;
  const requests: RecordedPaynowRequest[] = [];
  const payments = new Map<string, FakePaynowPayment>();
  const byIdempotencyKey = new Map<string, string>();
  const refunds = new Map<string, FakePaynowRefund>();
  const refundsByIdempotencyKey = new Map<string, string>();
  let delayMs = 0;
  let refuseMode: "close" | "503" | null = null;
  const failures: { failure: FakePaynowFailure; errorType?: string; message?: string }[] = [];
  let refundScript: readonly FakePaynowRefundStatus[] = DEFAULT_REFUND_SCRIPT;
  let balance: number | null = null;
  let baseUrl = "";

  function refundable(paymentId: string): number {
    const payment = payments.get(paymentId);
    if (!payment) return 0;
    let left = payment.request.amount;
    for (const refund of refunds.values()) {
      if (refund.paymentId !== paymentId) continue;
      if (refund.status === "FAILED" || refund.status === "CANCELLED") continue;
      left -= refund.amount;
    }
    return left;
  }

  function refundReply(refund: FakePaynowRefund): string {
    return JSON.stringify({ refundId: refund.refundId, status: refund.status });
  }

  function createRefund(
    paymentId: string,
    idempotencyKey: string,
    rawBody: string,
  ): { status: number; body: string } {
    const existingId = refundsByIdempotencyKey.get(idempotencyKey);
    const existing = existingId ? refunds.get(existingId) : undefined;
    if (existing) return { status: 201, body: refundReply(existing) };
    const payment = payments.get(paymentId);
    if (!payment) return { status: 404, body: errorBody(404, "NOT_FOUND", "Payment not found") };
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      return { status: 400, body: errorBody(400, "VALIDATION_ERROR", "Body is not valid JSON") };
    }
    const problems = refundValidationErrors(parsed);
    if (problems.length > 0) {
      return { status: 400, body: errorBody(400, "VALIDATION_ERROR", problems.join("; ")) };
    }
    const { amount, reason } = parsed as { amount: number; reason?: string };
    if (payment.status !== "CONFIRMED") {
      return {
        status: 400,
        body: errorBody(400, "VALIDATION_ERROR", "Only a CONFIRMED payment can be refunded"),
      };
    }
    if (amount > refundable(paymentId)) {
      return {
        status: 400,
        body: errorBody(400, "REFUND_AMOUNT_TOO_LARGE", "Refund amount exceeds the amount left to refund"),
      };
    }
    if (balance !== null && amount > balance) {
      return {
        status: 400,
        body: errorBody(400, "INSUFFICIENT_BALANCE_FUNDS", "Insufficient funds on balance"),
      };
    }
    if (balance !== null) balance -= amount;
    const [first = "NEW", ...upcoming] = refundScript;
    const refund: FakePaynowRefund = {
      refundId: newPaynowId(),
      paymentId,
      idempotencyKey,
      amount,
      reason,
      status: first,
      upcoming,
    };
    refunds.set(refund.refundId, refund);
    refundsByIdempotencyKey.set(idempotencyKey, refund.refundId);
    return { status: 201, body: refundReply(refund) };
  }

  function readRefundStatus(refundId: string): { status: number; body: string } {
    const refund = refunds.get(refundId);
    if (!refund) {
      const message = `Could not find status for refund {refundId=${refundId}}`;
      return { status: 404, body: errorBody(404, "NOT_FOUND", message) };
    }
    const next = refund.upcoming.shift();
    if (next) refund.status = next;
    const failureReason = refund.status === "FAILED" ? { failureReason: "OTHER" } : {};
    return { status: 200, body: JSON.stringify({ refundId, status: refund.status, ...failureReason }) };
  }

  function handle(record: RecordedPaynowRequest): { status: number; body: string } {
    if (refuseMode === "503") return failureReply(503, "SERVICE_UNAVAILABLE", "Service unavailable");
    const { headers } = record;
    if (!headers["api-key"] || !constantTimeEqual(headers["api-key"], apiKey)) {
      return { status: 401, body: errorBody(401, "UNAUTHORIZED", "Invalid Api-Key") };
    }
    const idempotencyKey = headers["idempotency-key"];
    if (!idempotencyKey || idempotencyKey.length > 45) {
      return {
        status: 400,
        body: errorBody(400, "VALIDATION_ERROR", "Idempotency-Key is required (at most 45 characters)"),
      };
    }
    const expected = paynowV3RequestSignature({
      apiKey,
      signatureKey,
      idempotencyKey,
      parameters: record.query as PaynowParameters,
      body: record.body,
    });
    if (!headers.signature || !constantTimeEqual(headers.signature, expected)) {
      return { status: 401, body: errorBody(401, "UNAUTHORIZED", "Invalid Signature") };
    }

    if (record.method === "POST" && record.path === "/v3/payments") {
      const existingId = byIdempotencyKey.get(idempotencyKey);
      const existing = existingId ? payments.get(existingId) : undefined;
      if (existing) {
        return {
          status: 201,
          body: JSON.stringify({
            redirectUrl: existing.redirectUrl,
            paymentId: existing.paymentId,
            status: existing.status,
          }),
        };
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(record.body);
      } catch {
        return { status: 400, body: errorBody(400, "VALIDATION_ERROR", "Body is not valid JSON") };
      }
      const problems = validationErrors(parsed);
      if (problems.length > 0) {
        return { status: 400, body: errorBody(400, "VALIDATION_ERROR", problems.join("; ")) };
      }
      const paymentId = newPaynowId();
      const payment: FakePaynowPayment = {
        paymentId,
        idempotencyKey,
        status: "NEW",
        request: parsed as FakePaynowPayment["request"],
        redirectUrl: `${baseUrl}/paywall/${paymentId}`,
      };
      payments.set(paymentId, payment);
      byIdempotencyKey.set(idempotencyKey, paymentId);
      return {
        status: 201,
        body: JSON.stringify({ redirectUrl: payment.redirectUrl, paymentId, status: "NEW" }),
      };
    }

    const refundMatch = /^\/v3\/payments\/([^/]+)\/refunds$/.exec(record.path);
    if (record.method === "POST" && refundMatch) {
      return createRefund(decodeURIComponent(refundMatch[1] ?? ""), idempotencyKey, record.body);
    }

    const refundStatusMatch = /^\/v3\/refunds\/([^/]+)\/status$/.exec(record.path);
    if (record.method === "GET" && refundStatusMatch) {
      return readRefundStatus(decodeURIComponent(refundStatusMatch[1] ?? ""));
    }

    const statusMatch = /^\/v3\/payments\/([^/]+)\/status$/.exec(record.path);
    if (record.method === "GET" && statusMatch) {
      const payment = payments.get(decodeURIComponent(statusMatch[1] ?? ""));
      if (!payment) return { status: 404, body: errorBody(404, "NOT_FOUND", "Payment not found") };
      return { status: 200, body: JSON.stringify({ paymentId: payment.paymentId, status: payment.status }) };
    }

    return { status: 404, body: errorBody(404, "NOT_FOUND", "Not found") };
  }

  const http = await startLoopbackHttp(async (request, response, raw) => {
    const query: Record<string, string[]> = {};
    for (const [name, value] of request.url.searchParams) {
      const values = query[name] ?? [];
      values.push(value);
      query[name] = values;
    }
    const record: RecordedPaynowRequest = {
      method: request.method,
      path: request.url.pathname,
      query,
      headers: request.headers,
      body: request.body,
      status: null,
    };
    requests.push(record);

    await http.pause(delayMs);
    if (response.destroyed) return;
    if (refuseMode === "close") {
      raw.socket.destroy();
      return;
    }
    const queued = refuseMode === "503" ? undefined : failures.shift();
    // "timeout" and "lost-reply" never answer: the socket stays open until the client gives up
    if (queued?.failure === "timeout") return;
    if (queued?.failure === "lost-reply") {
      handle(record);
      return;
    }
    const reply = queued ? failureReply(queued.failure, queued.errorType, queued.message) : handle(record);
    record.status = reply.status;
    response.writeHead(reply.status, { "Content-Type": "application/json" });
    response.end(reply.body);
  });
  baseUrl = http.url;

  return {
    url: baseUrl,
    apiKey,
    signatureKey,
    requests,
    payments,
    setDelay(ms) {
      delayMs = ms;
    },
    refuse(mode) {
      refuseMode = mode;
    },
    refunds,
    failNext(status, errorType, message) {
      failures.push({ failure: status, errorType, message });
    },
    failNextRequests(count, failure) {
      for (let i = 0; i < count; i++) failures.push({ failure });
    },
    scriptRefunds(statuses) {
      if (statuses !== null && statuses.length === 0) throw new Error("fake Paynow: an empty refund script");
      refundScript = statuses ?? DEFAULT_REFUND_SCRIPT;
    },
    setRefundStatus(refundId, status) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`fake Paynow: no refund ${refundId}`);
      refund.status = status;
      refund.upcoming = [];
    },
    setBalance(grosze) {
      balance = grosze;
    },
    refundable,
    setStatus(paymentId, status) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`fake Paynow: no payment ${paymentId}`);
      payment.status = status;
    },
    notification(paymentId, status, modifiedAt = new Date().toISOString().slice(0, 19)) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`fake Paynow: no payment ${paymentId}`);
      payment.status = status;
      const rawBody = JSON.stringify(
        { paymentId, externalId: payment.request.externalId, status, modifiedAt },
        null,
        2,
      );
      return { rawBody, headers: { signature: paynowNotificationSignature(signatureKey, rawBody) } };
    },
    close() {
      return http.close();
    },
  };
}
