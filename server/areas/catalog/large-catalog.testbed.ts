import type { LargeCatalog } from "../../db/seed/large-catalog";
import type { TestDatabase } from "../../test/database";

/** How many generated products the large-catalog tests run on (catalog.large.test.ts). */
export const LARGE_CATALOG_PRODUCTS = 10_000;

/** The database seeded once with the large catalog, shared by the checks registered on it. */
export interface LargeCatalogTestbed {
  database: TestDatabase;
  catalog: LargeCatalog;
}
