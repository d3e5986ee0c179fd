// Delivery methods and free delivery (SPEC §9). Amounts in grosze.

export const FREE_DELIVERY_THRESHOLD_GROSZE = 9_900;

export const DELIVERY_METHOD_IDS = ["courier", "parcel-locker"] as const;
export type DeliveryMethodId = (typeof DELIVERY_METHOD_IDS)[number];

export interface DeliveryMethod {
  id: DeliveryMethodId;
  /** Polish title stored on the order (`delivery.title`); screens translate by id. */
  title: string;
  priceGrosze: number;
  /** the parcel locker needs a selected pick-up point */
  requiresPickupPoint: boolean;
}

export const DELIVERY_METHODS: readonly DeliveryMethod[] = [
  { id: "courier", title: "Kurier", priceGrosze: 1_499, requiresPickupPoint: false },
  { id: "parcel-locker", title: "Paczkomat InPost", priceGrosze: 999, requiresPickupPoint: true },
];

export const DEFAULT_DELIVERY_METHOD: DeliveryMethodId = "parcel-locker";

export function isDeliveryMethodId(value: unknown): value is DeliveryMethodId {
  return typeof value === "string" && (DELIVERY_METHOD_IDS as readonly string[]).includes(value);
}

export function deliveryMethod(id: DeliveryMethodId): DeliveryMethod {
  const method = DELIVERY_METHODS.find((m) => m.id === id);
  if (!method) throw new RangeError(`Unknown delivery method: ${id}`);
  return method;
}

/** Price of the method, 0 when the products total reaches the free-delivery threshold. */
export function deliveryPriceGrosze(method: DeliveryMethodId, productsGrosze: number): number {
  return productsGrosze >= FREE_DELIVERY_THRESHOLD_GROSZE ? 0 : deliveryMethod(method).priceGrosze;
}

/**
 * The cheapest ordinary delivery the shop offered for products worth `productsGrosze` (0 above the
 * free-delivery threshold): what a full withdrawal gives back for delivery at most (consumer rights
 * act art. 32 ust. 3; issue 27).
 */
export function cheapestDeliveryPriceGrosze(productsGrosze: number): number {
  return Math.min(...DELIVERY_METHOD_IDS.map((id) => deliveryPriceGrosze(id, productsGrosze)));
}

/** How much more to buy for free delivery; 0 when delivery is already free. */
export function missingForFreeDeliveryGrosze(productsGrosze: number, deliveryPriceGrosze: number): number {
  if (deliveryPriceGrosze === 0) return 0;
  return Math.max(0, FREE_DELIVERY_THRESHOLD_GROSZE - productsGrosze);
}
