import type { Config } from "../../config";
import type { Carrier } from "./carrier";
import { createDemoCarrier, type DemoCarrierDeps } from "./demo-carrier";
import { createShipxCarrier, type ShipxOptions } from "./shipx-carrier";

// The one place that picks a carrier (issue 29, docs/decisions/069): InPost ShipX when INPOST_SHIPX_TOKEN
// and INPOST_ORGANIZATION_ID are set (config.shipping.shipx), otherwise the demo carrier, which runs the
// whole path offline. `options.demo` is the demo carrier's; the rest reach the ShipX adapter (a test's
// fetch, a shorter timeout). Make one per process: ShipX's status titles are cached in it for a day.

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

/** What the demo carrier needs (its sender and the shop's own record of its shipments), and the ShipX adapter's options. */
export interface CarrierOptions extends ShipxOptions {
  demo: DemoCarrierDeps;
}

export function createCarrier(config: Pick<Config, "shipping">, options: CarrierOptions): Carrier {
  const { shipx, sender } = config.shipping;
  if (shipx) return createShipxCarrier({ ...shipx, sender }, options);
  return createDemoCarrier(options.demo);
}
