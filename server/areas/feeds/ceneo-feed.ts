import { groszeToDecimalString } from "../../../domain/money";
import type { ProcessingTime } from "../../../domain/types";
import { absolute, type FeedFormat } from "./feed-format";
import type { FeedItem } from "./feed-items";

// The Ceneo feed (docs/decisions/072; the <offers> format Polish price comparison sites read, as
// shop modules and feed validators write it: ../shared/INTEGRATIONS.md §7): one <o> per product
// without variants and per variant, texts as CDATA.

/** Ceneo's `avail`: days until dispatch (1 = within 24 hours), 99 = ask the shop. */
export type CeneoAvail = 1 | 3 | 7 | 14 | 99;

/**
 * Handmade goods leave the shop after their processing time (the product page's "czas realizacji"):
 * the smallest of Ceneo's steps that covers its longest day. Out of stock (availability level 0:
 * the page's "niedostępny", nothing can be ordered) is 99.
 */
const AVAIL_BY_PROCESSING_TIME: Readonly<Record<ProcessingTime, CeneoAvail>> = {
  "1-2": 3,
  "3-6": 7,
  "7-9": 14,
  "10-14": 14,
};

export function ceneoAvail(item: Pick<FeedItem, "level" | "processingTime">): CeneoAvail {
  return item.level === 0 ? 99 : AVAIL_BY_PROCESSING_TIME[item.processingTime];
}

export const ceneoFeed: FeedFormat = {
  begin(writer) {
    writer.start("offers", { "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance", version: "1" });
    writer.start("group", { name: "other" });
  },
  item(writer, item, context) {
    const [main, ...more] = item.images;
    writer.start("o", {
      id: item.id,
      url: absolute(context.publicUrl, item.path),
      price: groszeToDecimalString(item.prices.priceGrosze),
      avail: ceneoAvail(item),
      stock: item.stock,
      // "Kup na Ceneo" is not offered: the shopper buys in the shop
      basket: 0,
      weight: item.identity.weightKg,
    });
    // the shop's category path ("Dla dzieci/Kocyki"; empty for a product without a category)
    writer.text("cat", item.categoryTitles.join("/"), { cdata: true });
    writer.text("name", item.title, { cdata: true });
    if (main !== undefined) {
      writer.start("imgs");
      writer.empty("main", { url: absolute(context.publicUrl, main) });
      for (const extra of more) writer.empty("i", { url: absolute(context.publicUrl, extra) });
      writer.end();
    }
    writer.text("desc", item.description, { cdata: true });
    writer.start("attrs");
    writer.text("a", item.identity.brand, { cdata: true, attributes: { name: "Producent" } });
    writer.text("a", item.identity.gtin, { cdata: true, attributes: { name: "EAN" } });
    writer.text("a", item.identity.mpn, { cdata: true, attributes: { name: "Kod_producenta" } });
    for (const { field, option } of item.attributes) {
      writer.text("a", option, { cdata: true, attributes: { name: field } });
    }
    writer.end();
    writer.end();
  },
  finish(writer) {
    writer.end();
    writer.end();
  },
};
