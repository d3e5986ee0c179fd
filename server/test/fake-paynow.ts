import { randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  constantTimeEqual,
  type PaynowParameters,
  paynowNotificationSignature,
  paynowV3RequestSignature,
} from "../integrations/payments/paynow-signature";

// A local Paynow v3 server for tests (INTEGRATIONS.md §1): a real HTTP server on 127.0.0.1 with a
// free port, checking Api-Key, Signature and Idempotency-Key like the real one, so the adapter is
// tested over real sockets. Knobs simulate a slow, refusing or failing provider.

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
  /** wait this long before answering each request (0 = at once) */
  setDelay(ms: number): void;
  /** "close": destroy the socket without a reply; "503": answer 503; null: serve normally */
  refuse(mode: "close" | "503" | null): void;
  /** the next request (only) gets this 4xx/5xx with a Paynow error body */
  failNext(status: number, errorType?: string, message?: string): void;
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

function newPaymentId(): string {
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

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

export async function startFakePaynow(
  options: { apiKey?: string; signatureKey?: string } = {},
): Promise<FakePaynow> {
  const apiKey = options.apiKey ?? PAYNOW_SANDBOX_API_KEY;
  const signatureKey = options.signatureKey ?? PAYNOW_SANDBOX_SIGNATURE_KEY;
  const requests: RecordedPaynowRequest[] = [];
  const payments = new Map<string, FakePaynowPayment>();
  const byIdempotencyKey = new Map<string, string>();
  const timers = new Set<NodeJS.Timeout>();
  let delayMs = 0;
  let refuseMode: "close" | "503" | null = null;
  let nextFailure: { status: number; errorType: string; message: string } | null = null;
  let baseUrl = "";

  function handle(record: RecordedPaynowRequest): { status: number; body: string } {
    if (nextFailure) {
      const failure = nextFailure;
      nextFailure = null;
      return { status: failure.status, body: errorBody(failure.status, failure.errorType, failure.message) };
    }
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
      const paymentId = newPaymentId();
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

    const statusMatch = /^\/v3\/payments\/([^/]+)\/status$/.exec(record.path);
    if (record.method === "GET" && statusMatch) {
      const payment = payments.get(decodeURIComponent(statusMatch[1] ?? ""));
      if (!payment) return { status: 404, body: errorBody(404, "NOT_FOUND", "Payment not found") };
      return { status: 200, body: JSON.stringify({ paymentId: payment.paymentId, status: payment.status }) };
    }

    return { status: 404, body: errorBody(404, "NOT_FOUND", "Not found") };
  }

  async function onRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const query: Record<string, string[]> = {};
    for (const [name, value] of url.searchParams) {
      const values = query[name] ?? [];
      values.push(value);
      query[name] = values;
    }
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
    }
    const record: RecordedPaynowRequest = {
      method: request.method ?? "GET",
      path: url.pathname,
      query,
      headers,
      body: await readBody(request),
      status: null,
    };
    requests.push(record);

    if (delayMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, delayMs);
        timers.add(timer);
      });
      if (response.destroyed) return;
    }
    if (refuseMode === "close") {
      request.socket.destroy();
      return;
    }
    const reply =
      refuseMode === "503"
        ? { status: 503, body: errorBody(503, "SERVICE_UNAVAILABLE", "Service unavailable") }
        : handle(record);
    record.status = reply.status;
    response.writeHead(reply.status, { "Content-Type": "application/json" });
    response.end(reply.body);
  }

  const server = createServer((request, response) => {
    onRequest(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

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
    failNext(status, errorType = status >= 500 ? "INTERNAL_ERROR" : "VALIDATION_ERROR", message = "Failure") {
      nextFailure = { status, errorType, message };
    },
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
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
