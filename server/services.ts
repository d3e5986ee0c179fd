import { createCatalogService } from "./areas/catalog/catalog.service";
import { createContentService } from "./areas/content/content.service";
import type { Config } from "./config";
import type { Db } from "./db/client";

// Every service the API handlers and the route loaders share. One module per area
// under server/areas/<area>/<area>.service.ts; this file only wires them.
export function createServices(db: Db, config: Config) {
  return {
    db,
    config,
    catalog: createCatalogService(db),
    content: createContentService(db),
  };
}

export type Services = ReturnType<typeof createServices>;
