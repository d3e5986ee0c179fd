import { sql } from "drizzle-orm";
import { doublePrecision, index, pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns";

// Parcel lockers for the delivery picker.

/** Pick-up points for the built-in parcel-locker picker (seeded; synced from the InPost Points API). */
export const parcelPoints = pgTable(
  "parcel_points",
  {
    /** the carrier's point id, e.g. KRA010 */
    id: text("id").primaryKey(),
    provider: text("provider").notNull().default("inpost"),
    type: text("type").notNull().default("parcel_locker"),
    name: text("name").notNull(),
    street: text("street").notNull(),
    houseNumber: text("house_number"),
    flatNumber: text("flat_number"),
    postalCode: text("postal_code").notNull(),
    city: text("city").notNull(),
    province: text("province"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    locationDescription: text("location_description"),
    openingHours: text("opening_hours"),
    status: text("status").notNull().default("Operating"),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("parcel_points_city_idx").on(sql`lower(${t.city})`),
    index("parcel_points_postal_idx").on(t.postalCode),
  ],
);
