import { createAccountsService } from "./areas/accounts/accounts.service";
import { createCatalogService } from "./areas/catalog/catalog.service";
import { createProductActivityService, loadViewerSalt } from "./areas/catalog/product-activity";
import { createContactService } from "./areas/content/contact.service";
import { createContentService } from "./areas/content/content.service";
import { createCreatorsService } from "./areas/content/creators.service";
import { createSitemapService } from "./areas/content/sitemap.service";
import { createMailService } from "./areas/mail/mail.service";
import { createOrderQueries } from "./areas/orders/orders.queries";
import { createOrdersService } from "./areas/orders/orders.service";
import { createPaymentsServiceStub } from "./areas/payments/payments.service";
import type { Config } from "./config";
import type { Db } from "./db/client";
import type { RateLimits } from "./http/rate-limit";

export interface ServiceOptions {
  /** smaller rate limits for tests (server/http/rate-limit.ts DEFAULT_RATE_LIMITS otherwise) */
  rateLimits?: Partial<RateLimits>;
}

// Every service the API handlers and the route loaders share. One module per area
// under server/areas/<area>/<area>.service.ts; this file only wires them.
export function createServices(db: Db, config: Config, options: ServiceOptions = {}) {
  const mail = createMailService(db, config);
  return {
    db,
    config,
    catalog: createCatalogService(db),
    content: createContentService(db),
    mail,
    accounts: createAccountsService(db, config, mail, { rateLimits: options.rateLimits }),
    orders: { ...createOrderQueries(db), ...createOrdersService(db, config) },
    payments: createPaymentsServiceStub(),
    productActivity: createProductActivityService(db, { salt: () => loadViewerSalt(config.dataDir) }),
    contact: createContactService(db, mail, config),
    creators: createCreatorsService(db),
    sitemap: createSitemapService(db),
  };
}

export type Services = ReturnType<typeof createServices>;
