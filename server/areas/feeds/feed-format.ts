import type { FeedItem } from "./feed-items";
import type { XmlWriter } from "./xml-writer";

// What both feeds share: the context they are written in and the three steps of writing one.

export interface FeedContext {
  /** the shop's public address, without a trailing slash (PUBLIC_URL) */
  publicUrl: string;
  shopName: string;
  /** when the feed is written */
  now: Date;
}

/** A feed's format: its document around the items, and one item. */
export interface FeedFormat {
  begin(writer: XmlWriter, context: FeedContext): void;
  /** writes the item, or nothing when the format cannot carry it */
  item(writer: XmlWriter, item: FeedItem, context: FeedContext): void;
  finish(writer: XmlWriter): void;
}

/** An absolute URL for a stored path (an absolute URL stays as it is). */
export function absolute(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}
