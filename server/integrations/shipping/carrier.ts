// What the shop asks of a carrier (issue 29): InPost ShipX (shipx-carrier.ts) when INPOST_SHIPX_TOKEN
// and INPOST_ORGANIZATION_ID are set, otherwise the demo carrier (demo-carrier.ts), which makes
// plausible shipments, real PDF labels and statuses advanced by staff, so the whole path runs offline.
// Protocol facts: ../shared/INTEGRATIONS.md §3 (ShipX).

export type ParcelSize = "A" | "B" | "C";

export interface ShipmentRequest {
  /** the order number: ShipX `reference`, printed on the label */
  reference: string;
  receiver: { name: string; companyName: string | null; email: string; phone: string };
  /** a parcel locker (the order's point name, e.g. "KRA010") or a courier to the address */
  delivery:
    | { kind: "locker"; targetPoint: string }
    | {
        kind: "courier";
        address: {
          street: string;
          buildingNumber: string;
          city: string;
          postCode: string;
          countryCode: "PL";
        };
      };
  /** A/B/C = ShipX templates small/medium/large */
  parcelSize: ParcelSize;
}

/** A shipment as the carrier knows it; `trackingNumber` appears some time after creation (poll). */
export interface CarrierShipment {
  /** the carrier's id (ShipX shipment id) */
  id: string;
  /** ShipX status name (created, confirmed, …, delivered; INTEGRATIONS.md §3) */
  status: string;
  trackingNumber: string | null;
}

/** A carrier status with its title in Polish (ShipX /v1/statuses?lang=pl_PL). */
export interface CarrierStatusTitle {
  name: string;
  title: string;
}

export interface Carrier {
  readonly kind: "inpost" | "demo";
  create(request: ShipmentRequest): Promise<CarrierShipment>;
  get(id: string): Promise<CarrierShipment>;
  /** one label as a PDF */
  label(id: string, format: "A6" | "A4"): Promise<Uint8Array>;
  cancel(id: string): Promise<void>;
  /** the carrier's status names and Polish titles */
  statuses(): Promise<CarrierStatusTitle[]>;
}

/**
 * The carrier refused the request (ShipX 4xx other than 429, e.g. 422 with validation details): the
 * details are shown to staff as the carrier worded them.
 */
export class CarrierRefusedError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly details: string[],
  ) {
    super(message);
    this.name = "CarrierRefusedError";
  }
}

/** The carrier did not answer usefully this time: retried later. */
export class CarrierUnavailableError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryAfterMs: number | null,
  ) {
    super(message);
    this.name = "CarrierUnavailableError";
  }
}
