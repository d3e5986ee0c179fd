import type { DeliveryPoint, ParcelPoint } from "../../domain/types";
import { isJsonObject, jsonNumber, jsonText } from "../../domain/untrusted-json";

// The parcel-locker picker's pure parts (web/routes/checkout/parcel-point-picker.tsx): which
// picker runs, the widgets' addresses and options, and the mapping of each source's point to the
// order's DeliveryPoint (SPEC §3 deliveryPoint: foreign_access_point_id, name, street,
// house_number, flat_number, postal_code, city). ../shared/INTEGRATIONS.md §3 (InPost
// Geowidget v5) and §4 (Apaczka map).

/** The picker's settings (PublicSettings["parcelLockers"]). */
export interface ParcelLockerSettings {
  apaczkaAppId: string | null;
  inpostGeowidgetToken: string | null;
}

export type ParcelPickerMode = "apaczka" | "geowidget" | "builtin";

/** Apaczka's map when its app id is set (the spec's point shape is Apaczka's), else InPost's Geowidget, else ours. */
export function parcelPickerMode(settings: ParcelLockerSettings | null | undefined): ParcelPickerMode {
  if (settings?.apaczkaAppId?.trim()) return "apaczka";
  if (settings?.inpostGeowidgetToken?.trim()) return "geowidget";
  return "builtin";
}

/**
 * The small map of the chosen point (docs/decisions/041): InPost's Geowidget, so only with its
 * token (Apaczka's map is a modal of its own, not a map to embed). Null without it: no map.
 */
export function pointMapToken(settings: ParcelLockerSettings | null | undefined): string | null {
  return settings?.inpostGeowidgetToken?.trim() ? settings.inpostGeowidgetToken : null;
}

export const APACZKA_MAP_SCRIPT = "https://mapa.apaczka.pl/client/apaczka.map.js";
export const GEOWIDGET_SCRIPT = "https://geowidget.inpost.pl/inpost-geowidget.js";
export const GEOWIDGET_STYLESHEET = "https://geowidget.inpost.pl/inpost-geowidget.css";
/** The one carrier the maps offer ("a locker map limited to one carrier"). */
export const APACZKA_SUPPLIER = "INPOST";
/** Geowidget configuration: parcel lockers where a parcel can be collected. */
export const GEOWIDGET_CONFIG = "parcelCollect";

/** The small map's zoom on the chosen point: its streets around it. */
export const POINT_MAP_ZOOM = 16;

/** What the picker shows of the chosen point beyond the order's DeliveryPoint: its hours, where it is. */
export type ChosenPointDetails = Pick<ParcelPoint, "id" | "openingHours" | "latitude" | "longitude">;

export interface MapPosition {
  latitude: number;
  longitude: number;
}

/** Where the small map centres: the point's coordinates when it has both, and they are on the Earth. */
export function mapPosition(point: Pick<ParcelPoint, "latitude" | "longitude"> | null): MapPosition | null {
  const { latitude, longitude } = point ?? {};
  if (typeof latitude !== "number" || typeof longitude !== "number") return null;
  if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)) return null;
  return { latitude, longitude };
}

/** Options of `new ApaczkaMap(…)` (without onChange): pick-up points that receive parcels. */
export function apaczkaMapOptions(appId: string) {
  return {
    app_id: appId,
    criteria: [{ field: "services_receiver", operator: "eq", value: true }],
  };
}

/** The built-in picker's search request. */
export function parcelSearchUrl(query: string, limit = 20): string {
  return `/api/parcel-points?${new URLSearchParams({ q: query.trim(), limit: String(limit) })}`;
}

/**
 * The built-in picker's first search from the recipient's address: "00-950 Warszawa" (the
 * postcode only when it is one; the server lists the lockers near it, nearest first), or "".
 */
export function nearbySearchQuery(postCode: string, city: string): string {
  const code = /^\s*(\d{2})\s*-?\s*(\d{3})\s*$/.exec(postCode);
  const words = [code ? `${code[1]}-${code[2]}` : "", city.trim().replace(/\s+/g, " ")];
  return words.filter(Boolean).join(" ").slice(0, 64).trim(); // the search's most (PARCEL_QUERY_MAX)
}

/** The smallest query the built-in picker sends. */
export const PARCEL_SEARCH_MIN_LENGTH = 2;

/** A point of our own API as the order's pick-up point. */
export function parcelPointToDeliveryPoint(point: ParcelPoint): DeliveryPoint {
  return {
    foreign_access_point_id: point.id,
    name: point.name,
    street: point.street,
    house_number: point.houseNumber,
    flat_number: point.flatNumber,
    postal_code: point.postalCode,
    city: point.city,
  };
}

/**
 * The record Apaczka's map passes to onChange (null on cancel). Confirmed fields:
 * foreign_access_point_id, supplier, name, street, postal_code, city; house_number and
 * flat_number are not documented, so they are null when missing. Null when there is no point id.
 */
export function apaczkaRecordToDeliveryPoint(record: unknown): DeliveryPoint | null {
  if (!isJsonObject(record)) return null;
  const id = jsonText(record.foreign_access_point_id);
  if (!id) return null;
  return {
    foreign_access_point_id: id,
    name: jsonText(record.name) ?? id,
    street: jsonText(record.street) ?? "",
    house_number: jsonText(record.house_number),
    flat_number: jsonText(record.flat_number),
    postal_code: jsonText(record.postal_code) ?? "",
    city: jsonText(record.city) ?? "",
  };
}

/** "43-340 Kozy" → ["43-340", "Kozy"] (the Geowidget's address.line2 when address_details is missing). */
function splitPostcodeLine(line: string | null): { postalCode: string; city: string } {
  const match = line ? /^(\d{2}-?\d{3})\s+(.+)$/.exec(line) : null;
  return match ? { postalCode: match[1] ?? "", city: match[2] ?? "" } : { postalCode: "", city: line ?? "" };
}

/**
 * The point the InPost Geowidget passes to its selection callback: name (the locker id, e.g.
 * KZY01A), address_details {street, building_number, flat_number, post_code, city}, else
 * address {line1, line2}. Null when there is no name.
 */
export function geowidgetPointToDeliveryPoint(point: unknown): DeliveryPoint | null {
  if (!isJsonObject(point)) return null;
  const id = jsonText(point.name);
  if (!id) return null;
  const details = isJsonObject(point.address_details) ? point.address_details : null;
  const address = isJsonObject(point.address) ? point.address : {};
  if (details) {
    return {
      foreign_access_point_id: id,
      name: id,
      street: jsonText(details.street) ?? jsonText(address.line1) ?? "",
      house_number: jsonText(details.building_number),
      flat_number: jsonText(details.flat_number),
      postal_code: jsonText(details.post_code) ?? "",
      city: jsonText(details.city) ?? "",
    };
  }
  const { postalCode, city } = splitPostcodeLine(jsonText(address.line2));
  return {
    foreign_access_point_id: id,
    name: id,
    street: jsonText(address.line1) ?? "",
    house_number: null,
    flat_number: null,
    postal_code: postalCode,
    city,
  };
}

/**
 * The Geowidget point's opening hours and location (location {latitude, longitude}), which the
 * order's DeliveryPoint does not keep. Null when there is no name.
 */
export function geowidgetPointDetails(point: unknown): ChosenPointDetails | null {
  if (!isJsonObject(point)) return null;
  const id = jsonText(point.name);
  if (!id) return null;
  const location = isJsonObject(point.location) ? point.location : {};
  return {
    id,
    openingHours: jsonText(point.opening_hours),
    latitude: jsonNumber(location.latitude),
    longitude: jsonNumber(location.longitude),
  };
}

/** "Gajowa 27/3" — street with house and flat number (the parts that exist). */
export function streetLine(point: Pick<DeliveryPoint, "street" | "house_number" | "flat_number">): string {
  const number = point.house_number
    ? point.flat_number
      ? `${point.house_number}/${point.flat_number}`
      : point.house_number
    : null;
  return [point.street, number].filter(Boolean).join(" ");
}

/** "43-340 Kozy" */
export function postcodeLine(point: Pick<DeliveryPoint, "postal_code" | "city">): string {
  return [point.postal_code, point.city].filter(Boolean).join(" ");
}

/** The point's name, or null when it is blank or only repeats the id (shown anyway). */
export function pointDisplayName(
  point: Pick<DeliveryPoint, "foreign_access_point_id" | "name">,
): string | null {
  const name = point.name.trim();
  if (!name || name === point.foreign_access_point_id) return null;
  return name;
}
