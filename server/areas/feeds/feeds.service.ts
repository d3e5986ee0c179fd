import type { CatalogService } from "../catalog/catalog.service";
import { ceneoFeed } from "./ceneo-feed";
import type { FeedContext, FeedFormat } from "./feed-format";
import { feedCatalog, feedItems } from "./feed-items";
import { googleFeed } from "./google-feed";
import { XmlWriter } from "./xml-writer";

// The marketplace feeds (docs/decisions/072): every visible product, read from the catalog a page
// of SQL at a time (the storefront's own reads: never a hidden product), made into items by the
// product page's price and stock functions (feed-items.ts) and written by one XML writer.

/** Products read per statement: a page's DTOs are let go once its items are written. */
export const FEED_PAGE_SIZE = 200;

export interface FeedsServiceOptions {
  publicUrl: string;
  shopName: string;
  /** the clock (the sale price's effective dates; tests pin it) */
  now?: () => Date;
  pageSize?: number;
}

type FeedCatalogReads = Pick<CatalogService, "visibleProductsAfter" | "listFields" | "listCategories">;

export function createFeedsService(catalog: FeedCatalogReads, options: FeedsServiceOptions) {
  const now = options.now ?? (() => new Date());
  const pageSize = options.pageSize ?? FEED_PAGE_SIZE;

  async function write(format: FeedFormat): Promise<string> {
    const context: FeedContext = { publicUrl: options.publicUrl, shopName: options.shopName, now: now() };
    const [fields, categories] = await Promise.all([catalog.listFields(), catalog.listCategories()]);
    const shared = feedCatalog(fields, categories);
    const writer = new XmlWriter();
    format.begin(writer, context);
    let afterId = 0;
    for (;;) {
      const page = await catalog.visibleProductsAfter(afterId, pageSize);
      for (const product of page) {
        for (const item of feedItems(product, shared, context.shopName)) format.item(writer, item, context);
      }
      const last = page.at(-1);
      if (last === undefined || page.length < pageSize) break;
      afterId = last._id;
    }
    format.finish(writer);
    return writer.toString();
  }

  return {
    /** The Google Merchant Center feed (RSS 2.0 with the g: namespace). */
    google: () => write(googleFeed),
    /** The Ceneo feed (<offers>). */
    ceneo: () => write(ceneoFeed),
  };
}

export type FeedsService = ReturnType<typeof createFeedsService>;
