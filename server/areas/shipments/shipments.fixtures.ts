import type { Db } from "../../db/client";
import {
  type Carrier,
  CarrierRefusedError,
  CarrierUnavailableError,
} from "../../integrations/shipping/carrier";
import { createDemoCarrier } from "../../integrations/shipping/demo-carrier";
import { findDemoShipment } from "./demo-shipments";

// Test fixtures of shipments (issue 29): the demo carrier, refusing or out of reach on command, and
// counting what it was asked to create.

export interface SwitchableCarrier extends Carrier {
  /** the next creates are refused (422 with validation details) while true */
  refuse: boolean;
  /** this many next calls answer "unavailable" (503) */
  unavailable: number;
  created: number;
}

/** The demo carrier reading its records from `db()` (the test's database, once it exists). */
export function switchableDemoCarrier(db: () => Db): SwitchableCarrier {
  const inner = createDemoCarrier({
    sender: ["Pracownia Testowa", "ul. Krawiecka 1", "00-001 Warszawa"],
    find: (id) => findDemoShipment(db(), id),
  });
  const carrier: SwitchableCarrier = {
    kind: "demo",
    refuse: false,
    unavailable: 0,
    created: 0,
    async create(request) {
      if (carrier.unavailable > 0) {
        carrier.unavailable -= 1;
        throw new CarrierUnavailableError("ShipX answered 503", 503, null);
      }
      if (carrier.refuse) {
        throw new CarrierRefusedError("Validation failed", 422, ["receiver.phone: invalid phone number"]);
      }
      carrier.created += 1;
      return inner.create(request);
    },
    get: (id) => inner.get(id),
    label: (id, format) => inner.label(id, format),
    cancel: (id) => inner.cancel(id),
    statuses: () => inner.statuses(),
  };
  return carrier;
}
