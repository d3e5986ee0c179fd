// What a log line must never hold (issue 24 item 7; docs/decisions/027): a link's token, an e-mail
// address, or an order's key (its number with its e-mail, as /gotowe and /zamowienie take them). Every
// line pino writes passes through `redactSecrets` (server/app.ts), whatever wrote it: the request
// lines with their URLs, a refused request's warning, an error whose message quotes a query's values.

/** Query parameters whose values are secrets, or keys to something (an order, an account). */
const SECRET_PARAMETER = /([?&;](?:token|email|orderNumber|password)=)[^&#\s"\\]*/gi;

/** Anything that looks like an e-mail address, its "@" written out or percent-encoded. */
const EMAIL = /[\w.%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/gi;

export const REDACTED = "[redacted]";

export function redactSecrets(line: string): string {
  let redacted = line;
  if (redacted.includes("=")) redacted = redacted.replace(SECRET_PARAMETER, `$1${REDACTED}`);
  if (redacted.includes("@") || /%40/i.test(redacted)) redacted = redacted.replace(EMAIL, REDACTED);
  return redacted;
}
