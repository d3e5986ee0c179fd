// GET /api/parcel-points?q=…&limit=… — the built-in parcel-locker picker's search.

import { z } from "zod";
import { MSG } from "./messages";

export const PARCEL_QUERY_MAX = 64;
export const PARCEL_LIMIT_MAX = 50;
export const PARCEL_LIMIT_DEFAULT = 20;

/** q: a city, postcode or point id (1..64 characters after trimming); limit 1..50 (default 20). */
export const parcelPointSearchSchema = z.object({
  q: z
    .string({ error: (issue) => (issue.input === undefined ? MSG.required : MSG.invalid) })
    .trim()
    .min(1, { error: MSG.required })
    .max(PARCEL_QUERY_MAX, { error: MSG.maxLength }),
  limit: z.preprocess(
    (value) => (value === undefined || value === "" ? PARCEL_LIMIT_DEFAULT : value),
    z.coerce
      .number({ error: MSG.number })
      .int({ error: MSG.integer })
      .min(1, { error: MSG.minValue })
      .max(PARCEL_LIMIT_MAX, { error: MSG.maxValue }),
  ),
});
export type ParcelPointSearch = z.output<typeof parcelPointSearchSchema>;
