import { isJsonObject, jsonNumber, jsonText } from "../../../domain/untrusted-json";
import { type ParcelPointRecord, type ParcelPointsService, parcelLockerName } from "./parcel-points.service";

// `npm run points:sync` (scripts/sync-parcel-points.ts): loads InPost's parcel lockers from the
// Points API (INPOST_POINTS_URL, default the public https://api-pl-points.easypack24.net/v1/points;
// ../shared/INTEGRATIONS.md §3) page by page — GET {url}?type=parcel_locker&page=N&per_page=M →
// {count, page, per_page, total_pages, items[]} — maps each item (name → id, address_details,
// location, location_description, opening_hours, status) and upserts it. After every page has
// been read, the InPost points the run did not see (the demo lockers, closed lockers) get status
// Removed, so the picker stops offering them. A failed run changes nothing it has not written.

export const INPOST_PROVIDER = "inpost";
const DEFAULT_PER_PAGE = 500;
/** A safety stop: InPost has ~30 000 lockers, 60 pages of 500. */
const DEFAULT_MAX_PAGES = 500;
const ATTEMPTS = 3;

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export interface InpostSyncOptions {
  /** the Points API endpoint (config.parcelLockers.inpostPointsUrl) */
  url: string;
  /** injectable for tests; the global fetch otherwise */
  fetch?: Fetch;
  perPage?: number;
  maxPages?: number;
  /** per request */
  timeoutMs?: number;
  /** wait before retrying a failed page (× attempt number) */
  retryDelayMs?: number;
  /** called after each page is written */
  onPage?: (progress: { page: number; totalPages: number; written: number }) => void;
}

export interface InpostSyncResult {
  pages: number;
  /** items the API returned */
  fetched: number;
  /** points inserted or updated */
  written: number;
  /** items without an id, postcode or city */
  skipped: number;
  /** previously stored InPost points the API no longer lists, now status Removed */
  removed: number;
}

/** "43340" → "43-340"; anything else as given. */
function postcode(value: string): string {
  const digits = /^(\d{2})\s*-?\s*(\d{3})$/.exec(value);
  return digits ? `${digits[1]}-${digits[2]}` : value;
}

/** One item of the Points API as a stored point, or null when it lacks an id, postcode or city. */
export function mapInpostPoint(item: unknown): ParcelPointRecord | null {
  if (!isJsonObject(item)) return null;
  const id = jsonText(item.name);
  const details = isJsonObject(item.address_details) ? item.address_details : {};
  const address = isJsonObject(item.address) ? item.address : {};
  const location = isJsonObject(item.location) ? item.location : {};
  const postalCode = jsonText(details.post_code);
  const city = jsonText(details.city);
  if (!id || id.length > 64 || !postalCode || !city) return null;
  const types = Array.isArray(item.type)
    ? item.type.map(jsonText).filter((t): t is string => t !== null)
    : [];
  return {
    id,
    provider: INPOST_PROVIDER,
    type: types.includes("parcel_locker") ? "parcel_locker" : (types[0] ?? "parcel_locker"),
    name: parcelLockerName(id),
    street: jsonText(details.street) ?? jsonText(address.line1) ?? "",
    houseNumber: jsonText(details.building_number),
    flatNumber: jsonText(details.flat_number),
    postalCode: postcode(postalCode),
    city,
    province: jsonText(details.province),
    latitude: jsonNumber(location.latitude),
    longitude: jsonNumber(location.longitude),
    locationDescription: jsonText(item.location_description),
    openingHours: jsonText(item.opening_hours),
    status: jsonText(item.status) ?? "Operating",
  };
}

/** The URL of one page: the configured URL with type, page and per_page set. */
export function inpostPageUrl(base: string, page: number, perPage: number): string {
  const url = new URL(base);
  url.searchParams.set("type", "parcel_locker");
  url.searchParams.set("page", String(page));
  url.searchParams.set("per_page", String(perPage));
  return url.toString();
}

interface PointsPage {
  items: unknown[];
  totalPages: number;
}

async function fetchPage(options: InpostSyncOptions, page: number, perPage: number): Promise<PointsPage> {
  const doFetch = options.fetch ?? fetch;
  const url = inpostPageUrl(options.url, page, perPage);
  let lastError: unknown;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      const response = await doFetch(url, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status} from ${url}`);
      const body: unknown = await response.json();
      if (!isJsonObject(body) || !Array.isArray(body.items))
        throw new Error(`Unexpected answer from ${url}: no items list`);
      const totalPages = jsonNumber(body.total_pages);
      return {
        items: body.items,
        totalPages: totalPages === null ? page : Math.max(0, Math.floor(totalPages)),
      };
    } catch (error) {
      lastError = error;
      if (attempt < ATTEMPTS)
        await new Promise((resolve) => setTimeout(resolve, (options.retryDelayMs ?? 2_000) * attempt));
    }
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}

/** Reads every page and writes the points; see the file comment. */
export async function syncInpostPoints(
  service: Pick<ParcelPointsService, "upsertMany" | "removeNotUpdatedSince">,
  options: InpostSyncOptions,
): Promise<InpostSyncResult> {
  const perPage = options.perPage ?? DEFAULT_PER_PAGE;
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const stamp = new Date();
  const result: InpostSyncResult = { pages: 0, fetched: 0, written: 0, skipped: 0, removed: 0 };
  let totalPages = 1;
  for (let page = 1; page <= Math.min(totalPages, maxPages); page++) {
    const answer = await fetchPage(options, page, perPage);
    totalPages = answer.totalPages;
    result.pages = page;
    result.fetched += answer.items.length;
    const points: ParcelPointRecord[] = [];
    for (const item of answer.items) {
      const point = mapInpostPoint(item);
      if (point) points.push(point);
      else result.skipped++;
    }
    result.written += await service.upsertMany(points, stamp);
    options.onPage?.({ page, totalPages, written: result.written });
    if (answer.items.length === 0) break;
  }
  const complete = result.pages >= totalPages;
  // only a complete, non-empty list may retire points (an empty or cut-off answer must not empty the picker)
  if (complete && result.written > 0)
    result.removed = await service.removeNotUpdatedSince(INPOST_PROVIDER, stamp);
  return result;
}
