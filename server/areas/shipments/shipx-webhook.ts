import type { FastifyBaseLogger } from "fastify";
import { parseShipxWebhook } from "../../integrations/shipping/shipx-webhook";
import { fail, ok, type Result } from "../../lib/result";
import type { StatusArrival, StatusArrivalOutcome } from "./carrier-status";

// A ShipX webhook arriving (issue 29, docs/decisions/069): the URL's secret (INPOST_WEBHOOK_SECRET, as
// ?token=) checked in constant time before the body is read (shipx-webhook.ts in integrations: ShipX
// signs nothing, the URL is the secret), then the status goes the one way every carrier status goes
// (carrier-status.ts). A repeated or late status changes nothing; a shipment this shop does not know is
// answered 202 (InPost would only send it again) and logged with its id, never the URL's secret.

export interface ShipxWebhookDeps {
  /** config.shipping.webhookSecret: null = webhooks off (every call refused as not found) */
  secret: string | null;
  statusArrived(arrival: StatusArrival): Promise<StatusArrivalOutcome>;
}

export async function receiveShipxWebhook(
  deps: ShipxWebhookDeps,
  log: Pick<FastifyBaseLogger, "warn">,
  token: string | undefined,
  body: unknown,
): Promise<Result<{ outcome: StatusArrivalOutcome | "no-status" }>> {
  const parsed = parseShipxWebhook({ secret: token, expectedSecret: deps.secret, body });
  if (!parsed.ok) {
    if (parsed.reason === "bad-secret") return fail("not-found");
    log.warn({ reason: parsed.reason }, "ShipX webhook refused");
    return fail("validation");
  }
  const { shipmentId, status } = parsed.event;
  if (!status) return ok({ outcome: "no-status" });
  const outcome = await deps.statusArrived({ carrier: "inpost", shipmentId, status });
  if (outcome === "unknown-shipment" || outcome === "bad-status") {
    log.warn({ shipmentId, status, outcome }, "ShipX webhook ignored");
  }
  return ok({ outcome });
}
