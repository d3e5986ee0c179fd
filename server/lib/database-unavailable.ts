// Is this error the database being out of reach (server stopped, restarting, connection cut),
// rather than a bug? Such failures answer 503 `service-unavailable` with a translated message and
// the process keeps running; the pg pool reconnects by itself when the server is back
// (server/db/client.ts, server/http/errors.ts, docs/reliability.md).

/**
 * SQLSTATEs of a lost or refused connection: class 08 (connection exception), 57P01 admin shutdown
 * (`pg_ctl -m fast|immediate`), 57P02 crash shutdown, 57P03 cannot connect now (starting up,
 * recovering), 53300 too many connections.
 */
const CONNECTION_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
/** Node's socket errors while connecting to or talking with the server. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
/** pg and pg-pool errors that carry no code, and the server's texts when a code was lost. */
const MESSAGES = [
  // pg: "Connection terminated unexpectedly", "Connection terminated due to connection timeout"
  "Connection terminated",
  "Client has encountered a connection error",
  // pg-pool: connectionTimeoutMillis passed while waiting for a client
  "timeout exceeded when trying to connect",
  "terminating connection due to",
  "the database system is starting up",
  "the database system is shutting down",
  "the database system is in recovery mode",
  "the database system is not yet accepting connections",
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === "string") {
    if (CONNECTION_SQLSTATES.has(code) || SOCKET_CODES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof message === "string" && MESSAGES.some((m) => message.includes(m))) return true;
  // Node reports a refused connection to a host name with several addresses (localhost: ::1 and
  // 127.0.0.1) as an AggregateError of the attempts
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  // Drizzle wraps driver errors ("Failed query: …") with the original as `cause`
  return isDatabaseUnavailable(cause, depth + 1);
}

/** The Retry-After (seconds) of every 503 answered while the database is out of reach. */
export const RETRY_AFTER_SECONDS = 5;
