import { z } from "zod";
import type { ParcelPoint } from "../../../domain/types";
import { optionalText } from "../../http/reply-schemas";

// What GET /api/parcel-points answers on success (docs/decisions/060); openapi.test.ts checks a real reply.

const parcelPoint: z.ZodType<ParcelPoint> = z.object({
  id: z.string(),
  name: z.string(),
  street: z.string(),
  houseNumber: optionalText,
  flatNumber: optionalText,
  postalCode: z.string(),
  city: z.string(),
  locationDescription: optionalText,
  openingHours: optionalText,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

export const parcelPointsReply = z.object({ items: z.array(parcelPoint) });
