import type { ShownProducts } from "../../lib/shown-products";
import type { Encoding, GzipPieces } from "../stored-compression";
import type { Kind } from "./rules";

// The in-process store of cached answers: an LRU map bounded by count and bytes, with a TTL.

export interface Entry {
  kind: Kind;
  /** a page's HTML split at the nonce placeholder, as bytes (joined with the request's nonce) */
  parts: Buffer[] | null;
  /** an API answer's body */
  body: Buffer | null;
  /** compressed once (server/http/stored-compression.ts): an API answer's Brotli and gzip bodies… */
  encoded: Record<Encoding, Buffer> | null;
  /**
   * … and a page's parts, to be joined into gzip with each hit's nonce; made on the page's first hit
   * that asks for gzip (a page asked for once is never compressed twice); null until then and below 1 kB
   */
  gzipPieces: GzipPieces | null;
  /** a page of at least 1 kB: sent compressed (its gzip pieces made when first needed) */
  compressible: boolean;
  etag: string;
  headers: Record<string, string | string[]>;
  /** the stored lastRoute Set-Cookie and the cookie value it sets */
  lastRoute: { setCookie: string; value: string } | null;
  /** the products whose stock the answer shows */
  shown: ShownProducts;
  size: number;
  expiresAt: number;
}

/** What a stored answer can be sent as: a page as gzip (its pieces), an API answer as either. */
export function offeredEncodings(entry: Entry): Encoding[] {
  if (entry.compressible) return ["gzip"];
  return entry.encoded ? ["br", "gzip"] : [];
}

/** A small LRU map of entries bounded by count and bytes, with a TTL. */
export function createStore(maxEntries: number, maxBytes: number, now: () => number) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.size;
  };
  return {
    get(key: string): Entry | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        remove(key);
        return undefined;
      }
      // most recently used last
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    set(key: string, entry: Entry): void {
      // one answer may not take more than an eighth of the cache
      if (entry.size > maxBytes / 8) return;
      remove(key);
      entries.set(key, entry);
      bytes += entry.size;
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        remove(oldest);
      }
    },
    /** an entry's size grew by `extra` bytes (its compressed copy was made after it was stored) */
    grow(key: string, entry: Entry, extra: number): void {
      entry.size += extra;
      if (entries.get(key) !== entry) return;
      bytes += extra;
      if (entry.size > maxBytes / 8) {
        remove(key);
        return;
      }
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        if (oldest !== key) remove(oldest);
        else break;
      }
    },
    clear(): void {
      entries.clear();
      bytes = 0;
    },
    /** drops every entry `drop` says to */
    dropWhere(drop: (entry: Entry) => boolean): void {
      for (const [key, entry] of entries) if (drop(entry)) remove(key);
    },
    get size() {
      return entries.size;
    },
  };
}

export type Store = ReturnType<typeof createStore>;
