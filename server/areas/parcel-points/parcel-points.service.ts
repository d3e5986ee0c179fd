import { and, asc, eq, ne, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { normalizeSearchText } from "../../../domain/search";
import type { ParcelPoint } from "../../../domain/types";
import type { Db } from "../../db/client";
import { parcelPoints } from "../../db/schema";

// Parcel-locker pick-up points for the built-in picker (SPEC §2 Checkout "Zaznacz paczkomat"):
// the demo lockers seeded on first start, or InPost's list loaded by `npm run points:sync`
// (inpost-sync.ts). Only InPost lockers are stored, so the picker is "limited to one carrier".
//
// Search: every word of the query must match the point, either
//   - the start of its id (case ignored): "kra" finds KRA010, "kra010" exactly;
//   - the start of its postcode, with or without the dash: "31-1", "31128";
//   - the start of a word of its city, case and Polish letters ignored ("lodz" finds Łódź,
//     "krakow" Kraków, "biala" Bielsko-Biała; plainWords below);
//   - in a query of two or more words, also the start of a word of its street ("krakow
//     karmelicka"); a single word never matches streets, so "Kraków" is not ul. Krakowska.
// Only points with status Operating. Order: the exact id first, then ids starting with the
// query, then by city (as sorted without diacritics), postcode and id.
//
// A full postcode ("00-950", what the checkout prefills from the recipient's address) asks for
// the lockers near it instead (searchNear): its "best match" is the point whose postcode shares
// the longest start with it (00-9xx, then 00-xxx), then the numerically closest; the list is the
// points sharing its first two digits or in the best match's city (and matching the other words,
// e.g. the city), nearest to the best match first, or by postcode closeness without coordinates.
// A postcode no locker has (00-950 is a post office) so still finds the town's lockers.
// docs/decisions/041-parcel-lockers-near-a-postcode.md

/** Status of a point that can receive parcels (InPost's value). */
export const OPERATING = "Operating";
/** Status the sync gives a point that the carrier no longer lists. */
export const REMOVED = "Removed";

export const PARCEL_SEARCH_DEFAULT_LIMIT = 20;
export const PARCEL_SEARCH_MAX_LIMIT = 50;
/** At most this many words of a query are used. */
const MAX_TERMS = 5;
/** Rows per INSERT … ON CONFLICT statement (15 columns each, well below the parameter limit). */
const UPSERT_CHUNK = 500;

/** A point as stored (what the seed and the sync write). */
export type ParcelPointRecord = {
  id: string;
  provider?: string;
  type?: string;
  name: string;
  street: string;
  houseNumber: string | null;
  flatNumber: string | null;
  postalCode: string;
  city: string;
  province: string | null;
  latitude: number | null;
  longitude: number | null;
  locationDescription: string | null;
  openingHours: string | null;
  status: string;
};

/** The display name stored for an InPost locker (the carrier gives only the id, e.g. KRA010). */
export function parcelLockerName(id: string): string {
  return `Paczkomat ${id}`;
}

/** The words of a search query: lower case, no diacritics; "31-128" and "31 128" become "31128". */
export function parcelSearchTerms(query: string): string[] {
  const joinedPostcodes = query.replace(/(^|[^0-9])(\d{2})(?:\s*[-–]\s*|\s+)(\d{1,3})(?![0-9])/g, "$1$2$3");
  const words = normalizeSearchText(joinedPostcodes).split(" ").filter(Boolean);
  return [...new Set(words)].slice(0, MAX_TERMS);
}

function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, "\\$&")}%`;
}

// Polish letters to Latin and punctuation to spaces (the query side is normalizeSearchText).
// translate() instead of the catalog's f_search_text/unaccent: the points table has no search
// column or index (schema unchanged), so this runs on every row, and translate is 3× cheaper
// (~30 ms for 30 000 lockers on PostgreSQL); Polish place names need no other letters.
const PLAIN_FROM = "ąćęłńóśźż-.,()/";
const PLAIN_TO = "acelnoszz      ";

/** ' words of the column', lower case, Polish letters without diacritics. */
function plainWords(column: AnyPgColumn): SQL {
  return sql`(' ' || translate(lower(${column}), ${PLAIN_FROM}, ${PLAIN_TO}))`;
}

const searchCity = plainWords(parcelPoints.city);
const searchStreet = plainWords(parcelPoints.street);
const postcodeDigits = sql`replace(${parcelPoints.postalCode}, '-', '')`;

function termMatches(term: string, withStreet: boolean): SQL {
  const alternatives: SQL[] = [
    sql`lower(${parcelPoints.id}) like ${likePrefix(term)}`,
    sql`${searchCity} like ${`% ${likePrefix(term)}`}`,
  ];
  if (withStreet) alternatives.push(sql`${searchStreet} like ${`% ${likePrefix(term)}`}`);
  if (/^\d+$/.test(term)) alternatives.push(sql`${postcodeDigits} like ${likePrefix(term)}`);
  return sql`(${sql.join(alternatives, sql` or `)})`;
}

/** A full postcode's digits ("00950"): such a term searches near it. */
const FULL_POSTCODE = /^\d{5}$/;

/** How many leading digits of the point's postcode equal `digits`' (0–5). */
function sharedPrefix(digits: string): SQL {
  const cases = [5, 4, 3, 2, 1].map(
    (length) =>
      sql`when ${postcodeDigits} like ${likePrefix(digits.slice(0, length))} then ${sql.raw(String(length))}`,
  );
  return sql`(case ${sql.join(cases, sql` `)} else 0 end)`;
}

/** |point's postcode − digits| as numbers (unknown formats last). */
function postcodeGap(digits: string): SQL {
  return sql`(case when ${postcodeDigits} ~ '^[0-9]{5}$' then abs(cast(${postcodeDigits} as integer) - ${Number(digits)}) else 100000 end)`;
}

/** Squared distance in degrees of latitude from (lat, lng), longitudes shrunk by cos(lat); null without coordinates. */
function squaredDistance(lat: number, lng: number): SQL {
  const shrink = Math.cos((lat * Math.PI) / 180);
  return sql`(power(${parcelPoints.latitude} - ${lat}::double precision, 2) + power((${parcelPoints.longitude} - ${lng}::double precision) * ${shrink}::double precision, 2))`;
}

function toParcelPoint(row: typeof parcelPoints.$inferSelect): ParcelPoint {
  return {
    id: row.id,
    name: row.name,
    street: row.street,
    houseNumber: row.houseNumber,
    flatNumber: row.flatNumber,
    postalCode: row.postalCode,
    city: row.city,
    locationDescription: row.locationDescription,
    openingHours: row.openingHours,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/** A point found operating is taken as known for this long without asking again (orders to it). */
const KNOWN_FOR_MS = 10 * 60_000;
/** At most this many known ids are kept in process (then the memory starts again). */
const KNOWN_MAX = 10_000;

export function createParcelPointsService(db: Db) {
  // ids found operating, until when: an order to a locker checked a moment ago costs no statement
  const known = new Map<string, number>();

  /** Operating points near a full postcode (see the top of this file), matching every other word. */
  async function searchNear(postcode: string, others: string[], size: number): Promise<ParcelPoint[]> {
    // with the postcode the query has two words or more: streets count ("31-128 karmelicka")
    const matchesOthers = others.map((term) => termMatches(term, others.length > 0));
    const [best] = await db
      .select({ city: parcelPoints.city, latitude: parcelPoints.latitude, longitude: parcelPoints.longitude })
      .from(parcelPoints)
      .where(and(eq(parcelPoints.status, OPERATING), ...matchesOthers))
      .orderBy(sql`${sharedPrefix(postcode)} desc`, postcodeGap(postcode), asc(parcelPoints.id))
      .limit(1);
    if (!best) return [];
    const near = or(
      sql`${postcodeDigits} like ${likePrefix(postcode.slice(0, 2))}`,
      eq(parcelPoints.city, best.city),
    );
    const closeness = [sql`${sharedPrefix(postcode)} desc`, postcodeGap(postcode), asc(parcelPoints.id)];
    const rows = await db
      .select()
      .from(parcelPoints)
      .where(and(eq(parcelPoints.status, OPERATING), near, ...matchesOthers))
      .orderBy(
        ...(best.latitude !== null && best.longitude !== null
          ? [sql`${squaredDistance(best.latitude, best.longitude)} asc nulls last`]
          : []),
        ...closeness,
      )
      .limit(size);
    return rows.map(toParcelPoint);
  }

  return {
    /**
     * Operating points matching every word of `query` (id, postcode, city; street with 2+ words),
     * best first; with a full postcode, the points near it, nearest first.
     */
    async search(query: string, limit = PARCEL_SEARCH_DEFAULT_LIMIT): Promise<ParcelPoint[]> {
      const terms = parcelSearchTerms(query);
      if (terms.length === 0) return [];
      const size = Math.min(Math.max(1, Math.floor(limit)), PARCEL_SEARCH_MAX_LIMIT);
      const postcode = terms.find((term) => FULL_POSTCODE.test(term));
      if (postcode) {
        return searchNear(
          postcode,
          terms.filter((term) => term !== postcode),
          size,
        );
      }
      const whole = terms.join("");
      const rank = sql`(case when lower(${parcelPoints.id}) = ${whole} then 0 when lower(${parcelPoints.id}) like ${likePrefix(whole)} then 1 else 2 end)`;
      const rows = await db
        .select()
        .from(parcelPoints)
        .where(
          and(
            eq(parcelPoints.status, OPERATING),
            ...terms.map((term) => termMatches(term, terms.length > 1)),
          ),
        )
        .orderBy(
          rank,
          sql`(translate(lower(${parcelPoints.city}), ${PLAIN_FROM}, ${PLAIN_TO}) collate "C")`,
          asc(parcelPoints.postalCode),
          asc(parcelPoints.id),
        )
        .limit(size);
      return rows.map(toParcelPoint);
    },

    /** One operating point by id (case ignored), or null. */
    /** Is this an operating point of the table (the id exactly as the picker gives it, case ignored)? */
    async isKnown(id: string): Promise<boolean> {
      const key = id.trim().toUpperCase();
      if ((known.get(key) ?? 0) > Date.now()) return true;
      const [row] = await db
        .select({ id: parcelPoints.id })
        .from(parcelPoints)
        .where(and(eq(parcelPoints.id, key), eq(parcelPoints.status, OPERATING)))
        .limit(1);
      if (!row) return false;
      if (known.size >= KNOWN_MAX) known.clear();
      known.set(key, Date.now() + KNOWN_FOR_MS);
      return true;
    },

    async get(id: string): Promise<ParcelPoint | null> {
      const [row] = await db
        .select()
        .from(parcelPoints)
        .where(
          and(
            sql`upper(${parcelPoints.id}) = ${id.trim().toUpperCase()}`,
            eq(parcelPoints.status, OPERATING),
          ),
        )
        .limit(1);
      return row ? toParcelPoint(row) : null;
    },

    /**
     * Inserts or updates points by id (every column is replaced). `stamp` becomes their
     * updated_at (the sync passes one value for a whole run, see removeNotUpdatedSince).
     * Returns the number of points written.
     */
    async upsertMany(points: readonly ParcelPointRecord[], stamp: Date = new Date()): Promise<number> {
      let written = 0;
      for (let start = 0; start < points.length; start += UPSERT_CHUNK) {
        const chunk = points.slice(start, start + UPSERT_CHUNK);
        // the same id twice in one statement is an error in PostgreSQL: the last one wins
        const unique = [...new Map(chunk.map((point) => [point.id, point])).values()];
        const rows = await db
          .insert(parcelPoints)
          .values(
            unique.map((point) => ({
              ...point,
              provider: point.provider ?? "inpost",
              type: point.type ?? "parcel_locker",
              updatedAt: stamp,
            })),
          )
          .onConflictDoUpdate({
            target: parcelPoints.id,
            set: {
              provider: sql`excluded.provider`,
              type: sql`excluded.type`,
              name: sql`excluded.name`,
              street: sql`excluded.street`,
              houseNumber: sql`excluded.house_number`,
              flatNumber: sql`excluded.flat_number`,
              postalCode: sql`excluded.postal_code`,
              city: sql`excluded.city`,
              province: sql`excluded.province`,
              latitude: sql`excluded.latitude`,
              longitude: sql`excluded.longitude`,
              locationDescription: sql`excluded.location_description`,
              openingHours: sql`excluded.opening_hours`,
              status: sql`excluded.status`,
              updatedAt: sql`excluded.updated_at`,
            },
          })
          .returning({ id: parcelPoints.id });
        written += rows.length;
      }
      return written;
    },

    /**
     * After a complete sync: points of `provider` that the run did not write (their updated_at
     * differs from the run's stamp) get status Removed, so the picker stops offering them.
     * Returns how many were removed.
     */
    async removeNotUpdatedSince(provider: string, stamp: Date): Promise<number> {
      const rows = await db
        .update(parcelPoints)
        .set({ status: REMOVED, updatedAt: new Date() })
        .where(
          and(
            eq(parcelPoints.provider, provider),
            ne(parcelPoints.status, REMOVED),
            sql`${parcelPoints.updatedAt} < ${stamp.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: parcelPoints.id });
      return rows.length;
    },
  };
}

export type ParcelPointsService = ReturnType<typeof createParcelPointsService>;
