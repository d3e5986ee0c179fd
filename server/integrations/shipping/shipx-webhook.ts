import { z } from "zod";
import { constantTimeEqual } from "../payments/paynow-signature";

// ShipX webhooks (issue 29; INTEGRATIONS.md §3): InPost POSTs {action?, payload:{shipment_id, status,
// tracking_number}} to the URL set in Manager Paczek. The body carries NO signature, so the URL is the
// secret: the shop's webhook URL holds INPOST_WEBHOOK_SECRET and a request without it is refused before
// its body is read. Put the secret in the query as `?token=<secret>` rather than in the path: request
// log lines hide `token=` values (server/lib/redact.ts), a path segment would be logged as it is. The
// brief's IP allowlist (91.216.25.0/24) is unconfirmed [3P/U] and wrong behind a proxy, so it is not
// checked; anyone who learns the URL could send statuses, so the service should treat a webhook as a
// hint (e.g. confirm with a GET of the shipment) where a forged status would do harm.
//
// Parsing is strict about shape and size (a shipment id, a status name, a tracking number, each
// bounded) and lenient about the rest: unknown fields are ignored, `action` is optional, and `status`
// or `tracking_number` may be missing (a confirmation may carry only the number), not both.

/** A webhook body is a few hundred bytes; anything past this is refused unread. */
export const SHIPX_WEBHOOK_MAX_BYTES = 16 * 1024;

export interface ShipxWebhookEvent {
  /** e.g. "shipment_status_changed"; null when absent */
  action: string | null;
  /** the ShipX shipment id (CarrierShipment.id) */
  shipmentId: string;
  /** ShipX status name, e.g. "delivered"; null when the webhook carries none */
  status: string | null;
  trackingNumber: string | null;
}

export type ShipxWebhookResult =
  | { ok: true; event: ShipxWebhookEvent }
  | { ok: false; reason: "bad-secret" | "too-large" | "malformed" };

const webhookSchema = z.object({
  action: z.string().max(100).nullish(),
  payload: z
    .object({
      shipment_id: z.union([
        z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
        z.string().regex(/^[0-9A-Za-z_-]{1,64}$/),
      ]),
      status: z
        .string()
        .regex(/^[a-z][a-z0-9_]{0,63}$/)
        .nullish(),
      tracking_number: z
        .string()
        .regex(/^[0-9A-Za-z]{1,64}$/)
        .nullish(),
    })
    .refine((payload) => payload.status || payload.tracking_number, "status or tracking_number"),
});

/** The secret the request carries against INPOST_WEBHOOK_SECRET, in constant time; no secret set: never. */
export function shipxWebhookSecretMatches(
  given: string | null | undefined,
  expected: string | null,
): boolean {
  if (!expected || typeof given !== "string" || given.length === 0 || given.length > 1_000) return false;
  return constantTimeEqual(given, expected);
}

/**
 * Checks the secret, then the body: the raw JSON text (preferred: its size is checked before it is
 * parsed) or the body a JSON parser already made of it.
 */
export function parseShipxWebhook(input: {
  secret: string | null | undefined;
  expectedSecret: string | null;
  body: unknown;
}): ShipxWebhookResult {
  if (!shipxWebhookSecretMatches(input.secret, input.expectedSecret))
    return { ok: false, reason: "bad-secret" };
  let json: unknown = input.body;
  if (typeof input.body === "string") {
    if (Buffer.byteLength(input.body, "utf8") > SHIPX_WEBHOOK_MAX_BYTES)
      return { ok: false, reason: "too-large" };
    try {
      json = JSON.parse(input.body);
    } catch {
      return { ok: false, reason: "malformed" };
    }
  } else {
    const text = JSON.stringify(input.body ?? null);
    if (Buffer.byteLength(text, "utf8") > SHIPX_WEBHOOK_MAX_BYTES) return { ok: false, reason: "too-large" };
  }
  const parsed = webhookSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: "malformed" };
  const { action, payload } = parsed.data;
  return {
    ok: true,
    event: {
      action: action ?? null,
      shipmentId: String(payload.shipment_id),
      status: payload.status ?? null,
      trackingNumber: payload.tracking_number ?? null,
    },
  };
}
