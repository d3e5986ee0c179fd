import type { Config } from "../../config";
import type { Carrier } from "./carrier";
import { createShipxCarrier, type ShipxOptions } from "./shipx-carrier";

// The one place that picks a carrier (issue 29): InPost ShipX when INPOST_SHIPX_TOKEN and
// INPOST_ORGANIZATION_ID are set (config.shipping.shipx), otherwise the demo carrier, which runs the
// whole path offline. `options` reach the ShipX adapter only (a test's fetch, a shorter timeout).

export type {
  Carrier,
  CarrierShipment,
  CarrierStatusTitle,
  ParcelSize,
  ShipmentRequest,
} from "./carrier";
export { CarrierRefusedError, CarrierUnavailableError } from "./carrier";
export type { ShipxOptions, ShipxSettings } from "./shipx-carrier";
export { createShipxCarrier, SHIPX_DEFAULT_TIMEOUT_MS, SHIPX_STATUSES_TTL_MS } from "./shipx-carrier";
export type { ShipxWebhookEvent, ShipxWebhookResult } from "./shipx-webhook";
export { parseShipxWebhook, SHIPX_WEBHOOK_MAX_BYTES, shipxWebhookSecretMatches } from "./shipx-webhook";

export function createCarrier(config: Pick<Config, "shipping">, options: ShipxOptions = {}): Carrier {
  const { shipx, sender } = config.shipping;
  if (shipx) return createShipxCarrier({ ...shipx, sender }, options);
  // TODO(integrator: demo carrier): the demo carrier is built on branch h-shipments
  // (server/integrations/shipping/demo-carrier.ts); import it and return it here.
  throw new Error("createCarrier: the demo carrier (branch h-shipments) is not merged yet");
}
