import zlib from "node:zlib";

// Compressed copies of the response cache's entries (docs/decisions/025): compressing a 100 kB page
// costs more CPU than serving it from the cache, so an entry is compressed once and every hit sends
// the stored bytes.
// - An API answer is the same for everyone: Brotli (quality 5) or gzip, made on the first hit that
//   asks for it.
// - A page differs per request only in its CSP nonce. Its parts between the nonces are compressed
//   once as raw DEFLATE, each ending with a full flush (byte-aligned, nothing referring back), so
//   they can be joined with the request's nonce — DEFLATE-compressed on its own the same way — into
//   one gzip member (RFC 1952: header, the DEFLATE blocks, CRC-32 and length of the whole page).
//   The same technique lets pigz compress in parallel. Browsers get gzip for cached pages.

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

export type Encoding = "br" | "gzip";

/** The encoding to send from the request's Accept-Encoding (Brotli preferred), or null for none. */
export function preferredEncoding(
  acceptEncoding: string | undefined,
  offered: readonly Encoding[],
): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const item of acceptEncoding.toLowerCase().split(",")) {
    const [name = "", ...params] = item.trim().split(";");
    const q = params
      .map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1])
      .find((value) => value !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const quality = (encoding: Encoding) => accepted.get(encoding) ?? accepted.get("*") ?? 0;
  return offered.find((encoding) => quality(encoding) > 0) ?? null;
}

/**
 * Brotli's window for a body of this length: the smallest that holds all of it (2^10 to Brotli's
 * default 2^22). Every back-reference fits either way, so the output is as small as with the default
 * window, but the encoder sets up its ring buffer and hash tables for the window: a 50 kB page is
 * compressed in about two thirds of the time (docs/decisions/025, addendum 2026-11-26).
 */
export function brotliWindowBits(length: number): number {
  return Math.min(
    zlib.constants.BROTLI_DEFAULT_WINDOW,
    Math.max(10, Math.ceil(Math.log2(Math.max(1, length)))),
  );
}

function brotliAt(quality: number, body: Buffer): Buffer {
  return zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.length),
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

export function brotli(body: Buffer): Buffer {
  return brotliAt(5, body);
}

/**
 * A page answered afresh, compressed for its one visitor: Brotli at quality 2 costs a fifth of
 * DEFLATE-compressing the page's parts at zlib's default level and is smaller than either gzip.
 */
export function fastBrotli(body: Buffer): Buffer {
  return brotliAt(2, body);
}

export function gzip(body: Buffer): Buffer {
  return zlib.gzipSync(body);
}

/** A page's parts (split at the nonce), DEFLATE-compressed once each, ready to be joined per request. */
export interface GzipPieces {
  /** every part but the last ends with a full flush; the last one ends the stream */
  compressed: Buffer[];
  /** the parts themselves, for the checksum of each joined page */
  plain: readonly Buffer[];
  plainLength: number;
}

export function gzipPieces(parts: readonly Buffer[]): GzipPieces {
  const last = parts.length - 1;
  return {
    compressed: parts.map((part, i) =>
      zlib.deflateRawSync(part, i === last ? {} : { finishFlush: zlib.constants.Z_FULL_FLUSH }),
    ),
    plain: parts,
    plainLength: parts.reduce((sum, part) => sum + part.length, 0),
  };
}

/**
 * Bytes as DEFLATE "stored" blocks (RFC 1951 §3.2.4: not final, no compression), byte-aligned at
 * both ends like a piece that ends with a full flush: the request's nonce (a couple of dozen random
 * bytes that DEFLATE could not shrink) goes between the pieces without setting up zlib per hit.
 */
export function storedBlocks(bytes: Buffer): Buffer {
  const blocks: Buffer[] = [];
  for (let start = 0; start < bytes.length || blocks.length === 0; start += 0xffff) {
    const data = bytes.subarray(start, start + 0xffff);
    const header = Buffer.alloc(5);
    // BFINAL 0, BTYPE 00, then the rest of the byte as padding; LEN and its one's complement
    header.writeUInt16LE(data.length, 1);
    header.writeUInt16LE(~data.length & 0xffff, 3);
    blocks.push(header, data);
  }
  return Buffer.concat(blocks);
}

/** One gzip member: the stored pieces with the nonce between them. */
export function joinGzip(pieces: GzipPieces, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce, "utf8");
  const nonceCompressed = storedBlocks(nonceBytes);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  pieces.compressed.forEach((piece, i) => {
    if (i > 0) {
      chunks.push(nonceCompressed);
      crc = zlib.crc32(nonceBytes, crc);
    }
    chunks.push(piece);
    const plain = pieces.plain[i] as Buffer;
    // (an empty part is skipped: Node 20's crc32 answered 0 for one that zlib had compressed)
    if (plain.length > 0) crc = zlib.crc32(plain, crc);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  const length = pieces.plainLength + nonceBytes.length * (pieces.compressed.length - 1);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  chunks.push(trailer);
  return Buffer.concat(chunks);
}
