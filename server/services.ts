import { createCatalogService } from "./areas/catalog/catalog.service";
import { createContentService } from "./areas/content/content.service";
import { createMailService } from "./areas/mail/mail.service";
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
    mail: createMailService(db, config),
  };
}

export type Services = ReturnType<typeof createServices>;
