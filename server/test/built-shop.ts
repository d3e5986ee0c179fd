import fs from "node:fs";
import path from "node:path";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { products } from "../db/schema";
import { seedIfEmpty } from "../db/seed";
import type { RateLimits } from "../lib/rate-limit";
import { type ApiKit, startApi } from "./api";
import type { TestDatabase } from "./database";

// The built shop (pages rendered by build/server, served in-process through app.inject) on a fresh
// database with the demo data, for tests of what pages and their headers look like. `npm test`
// builds first; without build/ such a test fails, it never skips.

const BUILD_ENTRY = path.resolve("build/server/index.js");

export type BuiltShop = ApiKit;

export async function startBuiltShop(options: {
  /** names the temporary data folder */
  name: string;
  /** settings beside DATA_DIR; the response cache is off unless they say otherwise */
  env?: Record<string, string>;
  /** the database the app is given (e.g. a statement-counting view of the same one) */
  wrap?: (database: TestDatabase) => Database;
  /** other rate limits (e.g. NO_ORDER_LIMIT for a test placing many orders from one address) */
  rateLimits?: Partial<RateLimits>;
}): Promise<BuiltShop> {
  if (!fs.existsSync(BUILD_ENTRY)) {
    throw new Error(`${BUILD_ENTRY} is missing: run \`npm run build\` first (npm test does)`);
  }
  return startApi({
    name: options.name,
    env: { LOG_LEVEL: "silent", RESPONSE_CACHE: "off", ...options.env },
    app: { web: "production", rateLimits: options.rateLimits },
    // the pages need the pictures' URLs only, not the files
    prepare: (database, config) => seedIfEmpty(database, config, { images: false }),
    wrap: options.wrap,
  });
}

/** The demo shop's first visible product with related products (slides), so a page's extras are on it too. */
export async function demoProductWithRelated(database: TestDatabase) {
  const [row] = await database.db
    .select({ id: products.id, slug: products.slug, slideIds: products.slideIds })
    .from(products)
    .where(
      and(
        eq(products.isHidden, false),
        eq(products.hasSlides, true),
        sql`cardinality(${products.slideIds}) > 1`,
      ),
    )
    .orderBy(asc(products.id))
    .limit(1);
  if (!row) throw new Error("the demo shop has no product with related products");
  return row;
}
