import { groszeToDecimalString } from "../../../domain/money";
import { addShopDays, shopDay, shopDayStart } from "../../../domain/shop-time";
import { absolute, type FeedContext, type FeedFormat } from "./feed-format";
import type { FeedItem } from "./feed-items";
import type { XmlWriter } from "./xml-writer";

// The Google Merchant Center feed (docs/decisions/072; Google's product data specification, as
// ../shared/INTEGRATIONS.md §7 sums it up): RSS 2.0 with the g: namespace, one <item> per product
// without variants and per variant (item_group_id = the product).

export const GOOGLE_NAMESPACE = "http://base.google.com/ns/1.0";
const TITLE_MAX = 150;
const ADDITIONAL_IMAGES_MAX = 10;
/**
 * The shop's promotions have no end date: a sale price is said to run from today's midnight to the
 * midnight this many days later (Warsaw). Each fetch renews it; a feed no longer read cannot keep a
 * finished promotion alive for longer.
 */
export const SALE_WINDOW_DAYS = 7;

/** Google's attribute for an option of a field with this title (Polish or English), if it has one. */
const VARIANT_ATTRIBUTES: readonly { pattern: RegExp; attribute: string }[] = [
  { pattern: /^(rozmiar|size|wymiar)/i, attribute: "g:size" },
  { pattern: /^(kolor|colou?r)/i, attribute: "g:color" },
  { pattern: /^(materia[łl]|tkanina|fabric)/i, attribute: "g:material" },
  { pattern: /^(wz[óo]r|pattern|nadruk)/i, attribute: "g:pattern" },
];

function price(grosze: number): string {
  return `${groszeToDecimalString(grosze)} PLN`;
}

function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}

/** Midnight of a Warsaw day as ISO 8601 with the offset of that moment: "2026-11-20T00:00+01:00". */
export function warsawMidnight(day: string): string {
  const instant = shopDayStart(day);
  const offsetMinutes = Math.round((Date.parse(`${day}T00:00:00Z`) - instant) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, "0");
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, "0");
  return `${day}T00:00${sign}${hours}:${minutes}`;
}

/** The sale price's effective interval written on `now`'s day. */
export function saleInterval(now: Date): string {
  const today = shopDay(now);
  return `${warsawMidnight(today)}/${warsawMidnight(addShopDays(today, SALE_WINDOW_DAYS))}`;
}

function writeItem(writer: XmlWriter, item: FeedItem, context: FeedContext): void {
  const [image, ...more] = item.images;
  // Google refuses an item without a picture: it is left out rather than sent to be refused
  if (image === undefined) return;
  const { prices, identity } = item;
  writer.start("item");
  writer.text("g:id", item.id);
  writer.text("title", cut(item.title, TITLE_MAX));
  writer.text("description", item.description);
  writer.text("link", absolute(context.publicUrl, item.path));
  writer.text("g:image_link", absolute(context.publicUrl, image));
  for (const extra of more.slice(0, ADDITIONAL_IMAGES_MAX)) {
    writer.text("g:additional_image_link", absolute(context.publicUrl, extra));
  }
  writer.text("g:availability", item.level > 0 ? "in_stock" : "out_of_stock");
  writer.text("g:price", price(prices.standardPriceGrosze));
  if (prices.priceGrosze < prices.standardPriceGrosze) {
    writer.text("g:sale_price", price(prices.priceGrosze));
    writer.text("g:sale_price_effective_date", saleInterval(context.now));
  }
  writer.text("g:brand", identity.brand);
  writer.text("g:gtin", identity.gtin);
  writer.text("g:mpn", identity.mpn);
  if (identity.gtin === null && identity.mpn === null) writer.text("g:identifier_exists", "no");
  writer.text("g:condition", "new");
  if (item.categoryTitles.length > 0) writer.text("g:product_type", item.categoryTitles.join(" > "));
  writer.text("g:item_group_id", item.groupId);
  for (const { field, option } of item.attributes) {
    const attribute = VARIANT_ATTRIBUTES.find((candidate) => candidate.pattern.test(field))?.attribute;
    if (attribute) writer.text(attribute, option);
  }
  if (identity.weightKg !== null) writer.text("g:shipping_weight", `${identity.weightKg} kg`);
  writer.start("g:shipping");
  writer.text("g:country", "PL");
  writer.text("g:price", price(item.shippingGrosze));
  writer.end();
  writer.end();
}

export const googleFeed: FeedFormat = {
  begin(writer, context) {
    writer.start("rss", { version: "2.0", "xmlns:g": GOOGLE_NAMESPACE });
    writer.start("channel");
    writer.text("title", context.shopName);
    writer.text("link", `${context.publicUrl}/`);
    writer.text("description", `Produkty sklepu ${context.shopName}`);
  },
  item: writeItem,
  finish(writer) {
    writer.end();
    writer.end();
  },
};
