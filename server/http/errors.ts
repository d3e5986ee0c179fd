import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError } from "zod";
import { fieldErrors } from "../../domain/validation/errors";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../lib/database-unavailable";
import { ERROR_CODES, type ErrorCode, type Failure, FailureError, fail } from "../lib/result";
import { langOfCookieHeader, unavailablePage, wantsHtml } from "./plain-page";

// Expected failures are values with codes (docs/decisions/008-errors.md). This is
// the one place that maps a code to an HTTP status and the spec's message.

export function errorBody(failure: Failure) {
  const entry = ERROR_CODES[failure.code];
  return {
    statusCode: entry.status,
    code: failure.code,
    message: entry.message,
    messageKey: entry.key,
    ...(failure.fields ? { fields: failure.fields } : {}),
    ...(failure.details ? { details: failure.details } : {}),
  };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof FailureError) {
      const body = errorBody(error.failure);
      return reply.status(body.statusCode).send(body);
    }
    if (error instanceof ZodError) {
      const body = errorBody(fail("validation", fieldErrors(error)));
      return reply.status(400).send(body);
    }
    if (isDatabaseUnavailable(error)) {
      // not a bug: PostgreSQL is stopped or restarting; the pool reconnects when it is back
      request.log.warn(
        { code: (error as { code?: unknown }).code, reason: error.message },
        "database unavailable",
      );
      reply
        .status(503)
        .header("Retry-After", String(RETRY_AFTER_SECONDS))
        .header("Cache-Control", "no-store");
      if (wantsHtml(request.url, request.headers.accept)) {
        const lang = langOfCookieHeader(request.headers.cookie);
        return reply.type("text/html; charset=utf-8").send(unavailablePage(lang));
      }
      return reply.send(errorBody(fail("service-unavailable")));
    }
    const status = "statusCode" in error && typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status === 429) return reply.status(429).send(errorBody(fail("rate-limited")));
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type): each says why
      const body = errorBody(fail(clientErrorCode(error, status)));
      return reply.status(status).send({ ...body, statusCode: status });
    }
    request.log.error({ err: error }, "unexpected error");
    return reply.status(500).send(errorBody(fail("internal")));
  });
  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send(errorBody(fail("not-found")));
  });
}

/** The code of one of Fastify's own client errors (its status is kept as Fastify chose it). */
function clientErrorCode(error: FastifyError | Error, status: number): ErrorCode {
  const code = "code" in error ? error.code : undefined;
  if (status === 413 || code === "FST_ERR_CTP_BODY_TOO_LARGE") return "request/too-large";
  if (status === 415 || code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return "request/unsupported-media-type";
  if (code === "FST_ERR_CTP_EMPTY_JSON_BODY" || code === "FST_ERR_CTP_INVALID_JSON_BODY")
    return "request/malformed";
  if (error instanceof SyntaxError) return "request/malformed";
  return "validation";
}
