import type { Readable } from "node:stream";

// Where the files under /media live (docs/decisions/081): one small contract with two keepers, the
// local disk (DATA_DIR/media, today's files at today's paths: local-media-storage.ts) and an
// S3-compatible bucket (AWS S3, Cloudflare R2, Backblaze B2, MinIO: s3-media-storage.ts). Keys follow
// the media URL grammar (media-key.ts); a key is written once and never rewritten (ADR 024).

/** What a stored object is, without its bytes. */
export interface MediaHead {
  contentType: string;
  /** bytes of the whole object */
  length: number;
  /** a quoted entity tag, e.g. "\"9b2cf535f27731c974343645a3985328\"" */
  etag: string | null;
  lastModified: Date | null;
}

/** What a reader asks for: conditions answered as "not modified", and one byte range. */
export interface MediaGetOptions {
  /** the request's If-None-Match */
  ifNoneMatch?: string;
  /** the request's If-Modified-Since (used only without If-None-Match) */
  ifModifiedSince?: Date;
  /** one range "bytes=first-last", "bytes=first-" or "bytes=-suffix"; anything else is ignored */
  range?: string;
}

export type MediaGetResult =
  | { kind: "missing" }
  | { kind: "not-modified"; head: MediaHead }
  | { kind: "unsatisfiable-range"; head: MediaHead }
  | {
      kind: "object";
      head: MediaHead;
      body: Readable;
      /** bytes of this body (the range's, when one was asked and answered) */
      length: number;
      /** the answered range, when one was asked and satisfiable */
      range: { first: number; last: number } | null;
    };

export interface MediaListing {
  key: string;
  size: number;
}

export interface MediaStorage {
  readonly kind: "local" | "s3";
  /** where the media are, for messages and backup notes: a folder, or s3://bucket/prefix (never a key or secret) */
  readonly location: string;
  /** Stores a whole object; on failure nothing readable is left under the key (throws MediaStorageError). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string, options?: MediaGetOptions): Promise<MediaGetResult>;
  /** null when there is no such object */
  head(key: string): Promise<MediaHead | null>;
  /** Removes the objects (a missing one is no error). */
  delete(keys: readonly string[]): Promise<void>;
  /** Every object whose key starts with `prefix` ("" for all), in no particular order. */
  list(prefix: string): AsyncIterable<MediaListing>;
  /** Lets go of its connections (the app's onClose). */
  close(): void;
}

/** The storage refused or could not be reached (disk full, bucket gone, credentials refused…). */
export class MediaStorageError extends Error {}

/** "bytes=0-99" / "bytes=100-" / "bytes=-50" against a length → the first and last byte, "unsatisfiable", or null (ignore). */
export function parseRange(
  header: string | undefined,
  length: number,
): { first: number; last: number } | "unsatisfiable" | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === "" && match[2] === "")) return null;
  const [, from = "", to = ""] = match;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    return { first: Math.max(0, length - suffix), last: length - 1 };
  }
  const first = Number(from);
  const last = to === "" ? length - 1 : Math.min(Number(to), length - 1);
  if (first >= length) return "unsatisfiable";
  if (last < first) return null;
  return { first, last };
}

/** Whether a request's conditions find the object unchanged (RFC 9110 §13.1.2 weak comparison, §13.1.3). */
export function isNotModified(head: MediaHead, options: MediaGetOptions): boolean {
  if (options.ifNoneMatch !== undefined) {
    if (!head.etag) return false;
    const ours = head.etag.replace(/^W\//, "");
    return options.ifNoneMatch
      .split(",")
      .map((tag) => tag.trim())
      .some((tag) => tag === "*" || tag.replace(/^W\//, "") === ours);
  }
  if (options.ifModifiedSince && head.lastModified) {
    return (
      Math.floor(head.lastModified.getTime() / 1000) <= Math.floor(options.ifModifiedSince.getTime() / 1000)
    );
  }
  return false;
}

/** A whole object's bytes, or null when there is no such object. */
export async function readMedia(storage: MediaStorage, key: string): Promise<Buffer | null> {
  const result = await storage.get(key);
  if (result.kind !== "object") return null;
  const chunks: Buffer[] = [];
  for await (const chunk of result.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
