import { createHash, randomBytes } from "node:crypto";

// A page differs per request only in its CSP nonce: it is stored split at the nonce, hashed with a
// placeholder in its place (the ETag stays the same across hits), and joined with each hit's nonce.

/** Stands for the nonce in stored pages; random per process, so no content can contain it. */
export function noncePlaceholder(): Buffer {
  return Buffer.from(`\u0000csp-nonce-${randomBytes(12).toString("hex")}\u0000`, "latin1");
}

/**
 * A page's bytes split at its nonce (an ASCII token, found as it is in the UTF-8 bytes): the parts
 * share the body's memory, nothing is decoded or encoded again.
 */
export function splitAt(body: Buffer, nonce: string): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(nonce, 0, "latin1"); at !== -1; at = body.indexOf(nonce, start, "latin1")) {
    parts.push(body.subarray(start, at));
    start = at + nonce.length;
  }
  parts.push(body.subarray(start));
  return parts;
}

/** The stored page with this request's nonce in every placeholder (bytes: no re-encoding per hit). */
export function joinParts(parts: readonly Buffer[], nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce, "utf8");
  const pieces: Buffer[] = [];
  parts.forEach((part, i) => {
    if (i > 0) pieces.push(nonceBytes);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

/** A strong ETag: a hash of the answer, with a page's nonce as the placeholder (the same across hits). */
export function strongEtag(parts: readonly Buffer[], placeholder: Buffer): string {
  const hash = createHash("sha256");
  parts.forEach((part, i) => {
    if (i > 0) hash.update(placeholder);
    hash.update(part);
  });
  return `"${hash.digest("base64url").slice(0, 27)}"`;
}
