// Shipments (issue 29, docs/decisions/069): parcel sizes, the carrier's status names in the order
// they happen (ShipX, ../shared/INTEGRATIONS.md §3) and the demo carrier's fixed flow. Pure: the
// shipments service (server/areas/shipments) and the staff pages read it.

export const PARCEL_SIZES = ["A", "B", "C"] as const;
export type ParcelSizeCode = (typeof PARCEL_SIZES)[number];
export const DEFAULT_PARCEL_SIZE: ParcelSizeCode = "A";

export function isParcelSize(value: unknown): value is ParcelSizeCode {
  return typeof value === "string" && (PARCEL_SIZES as readonly string[]).includes(value);
}

/** The largest of the sizes (A < B < C); A for none. */
export function largestParcelSize(sizes: readonly string[]): ParcelSizeCode {
  let largest: ParcelSizeCode = DEFAULT_PARCEL_SIZE;
  for (const size of sizes) {
    if (isParcelSize(size) && PARCEL_SIZES.indexOf(size) > PARCEL_SIZES.indexOf(largest)) largest = size;
  }
  return largest;
}

/** ShipX status names, roughly in the order a parcel meets them. */
export const CARRIER_STATUS_FLOW = [
  "created",
  "offers_prepared",
  "offer_selected",
  "confirmed",
  "dispatched_by_sender",
  "collected_from_sender",
  "taken_by_courier",
  "adopted_at_source_branch",
  "sent_from_source_branch",
  "adopted_at_sorting_center",
  "sent_from_sorting_center",
  "adopted_at_target_branch",
  "out_for_delivery",
  "ready_to_pickup",
  "pickup_reminder_sent",
  "stack_in_box_machine",
  "avizo",
  "pickup_time_expired",
  "delivered",
  "returned_to_sender",
  "undelivered",
  "canceled",
] as const;

/** After these the carrier says nothing more: the status poll stops. */
export const FINAL_CARRIER_STATUSES: readonly string[] = [
  "delivered",
  "returned_to_sender",
  "undelivered",
  "canceled",
];

export function isFinalCarrierStatus(name: string | null): boolean {
  return name !== null && FINAL_CARRIER_STATUSES.includes(name);
}

/** Where a status stands in the flow (an unknown name: before all, so it never hides a known one). */
export function carrierStatusRank(name: string | null): number {
  return name === null ? -1 : (CARRIER_STATUS_FLOW as readonly string[]).indexOf(name);
}

/** A carrier status name as ShipX writes them: lower-case words joined by "_" (bounded). */
export function isCarrierStatusName(name: string): boolean {
  return /^[a-z][a-z0-9_]{0,59}$/.test(name);
}

/** The demo carrier's parcel, step by step (staff press "Następny status (demo)"). */
export function demoStatusFlow(delivery: "locker" | "courier"): readonly string[] {
  return [
    "confirmed",
    "dispatched_by_sender",
    "collected_from_sender",
    "adopted_at_sorting_center",
    "sent_from_sorting_center",
    delivery === "locker" ? "ready_to_pickup" : "out_for_delivery",
    "delivered",
  ];
}

/** The demo flow's status after `current` (null at the end). */
export function nextDemoStatus(delivery: "locker" | "courier", current: string | null): string | null {
  const flow = demoStatusFlow(delivery);
  const at = current === null ? -1 : flow.indexOf(current);
  if (at === -1) return flow[0] ?? null;
  return flow[at + 1] ?? null;
}
