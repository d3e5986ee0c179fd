import { createHash, createHmac, timingSafeEqual } from "node:crypto";

// Paynow signatures (INTEGRATIONS.md §1), pure functions. The adapter signs its requests with
// them, verifies notifications with them, and the fake Paynow server in server/test checks them.

/** Query parameters as Paynow signs them: each name with one or more string values. */
export type PaynowParameters = Record<string, string | readonly string[]>;

/**
 * JSON like PHP `json_encode($value, JSON_UNESCAPED_SLASHES)`: compact, slashes as they are, and
 * every character outside ASCII escaped as `\uXXXX` (lower-case hex, UTF-16 code units, so an
 * emoji becomes a surrogate pair). Node's JSON.stringify already matches PHP for quotes,
 * backslashes and control characters; only the non-ASCII escaping differs. Sending this exact
 * string as the body means the bytes we sign are the bytes Paynow's PHP side would produce.
 */
export function asciiJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError("asciiJson: the value has no JSON form");
  return json.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function hmacSha256Base64(key: string, data: string | Uint8Array): string {
  return createHmac("sha256", key).update(data).digest("base64");
}

/**
 * The v3 request signature (SDK `SignatureCalculator::generateV3`):
 * base64(HMAC-SHA256(signatureKey, JSON {"headers":{"Api-Key","Idempotency-Key"},"parameters":{name:[values]},"body":"<raw body>"})).
 * `body` is the exact request body string, "" for GET. Parameters are sorted by name (as the
 * official Postman collection does); every value becomes an array of strings.
 */
export function paynowV3RequestSignature(input: {
  apiKey: string;
  signatureKey: string;
  idempotencyKey: string;
  parameters?: PaynowParameters;
  body: string;
}): string {
  const parameters: Record<string, string[]> = {};
  for (const name of Object.keys(input.parameters ?? {}).sort()) {
    const value = input.parameters?.[name];
    if (value === undefined) continue;
    parameters[name] = typeof value === "string" ? [value] : [...value];
  }
  const payload = asciiJson({
    headers: { "Api-Key": input.apiKey, "Idempotency-Key": input.idempotencyKey },
    parameters,
    body: input.body,
  });
  return hmacSha256Base64(input.signatureKey, payload);
}

/** The notification signature: base64(HMAC-SHA256(signatureKey, raw body bytes)). */
export function paynowNotificationSignature(signatureKey: string, rawBody: string | Uint8Array): string {
  return hmacSha256Base64(signatureKey, rawBody);
}

/** The legacy v1/v2 request signature: base64(HMAC-SHA256(signatureKey, body)). Kept for the SDK vector. */
export function paynowV1Signature(signatureKey: string, body: string): string {
  return hmacSha256Base64(signatureKey, body);
}

/**
 * Compares two strings without leaking where they differ, nor their lengths: both are hashed to
 * 32 bytes first, then compared with crypto.timingSafeEqual (which needs equal lengths).
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const digestA = createHash("sha256").update(a, "utf8").digest();
  const digestB = createHash("sha256").update(b, "utf8").digest();
  return timingSafeEqual(digestA, digestB);
}
