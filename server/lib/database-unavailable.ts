// Is this error the database being out of reach (server stopped, restarting, connection cut),
// rather than a bug? Such failures answer 503 `service-unavailable` with a translated message and
// the process keeps running; the pg pool reconnects by itself when the server is back.

/** SQLSTATE classes and codes of a lost or refused connection, and Node's socket errors. */
const CONNECTION_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EHOSTUNREACH",
]);
const MESSAGES = [
  "Connection terminated",
  "connection terminated",
  "Client has encountered a connection error",
  "timeout exceeded when trying to connect",
  "the database system is starting up",
  "the database system is shutting down",
  "the database system is in recovery mode",
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 4) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (
    typeof code === "string" &&
    (CONNECTION_SQLSTATES.has(code) || code.startsWith("08") || SOCKET_CODES.has(code))
  )
    return true;
  if (typeof message === "string" && MESSAGES.some((m) => message.includes(m))) return true;
  // Drizzle wraps driver errors ("Failed query: …") with the original as `cause`
  return isDatabaseUnavailable(cause, depth + 1);
}
