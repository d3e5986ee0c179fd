// The media URL grammar (docs/decisions/081): what may follow /media/, as the key the storage knows.
// A key is 1–8 segments joined by "/": folders of letters (Polish too), digits, "_" and "-" (the
// gallery's folder names, ADR 017; the seed's "demo/products"), then a file name of the same
// characters and dots, never starting with a dot (the local storage's temporary files do), ending in
// a picture's extension. No "..", no "\", no "%" after decoding, no empty segment: nothing outside
// the media can be named, on a disk or in a bucket.

const FOLDER = /^[\p{L}\p{N}_-]{1,100}$/u;
const FILE = /^[\p{L}\p{N}_-][\p{L}\p{N}_.-]{0,150}\.(webp|jpe?g|png|gif|avif)$/u;
const MAX_SEGMENTS = 8;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  avif: "image/avif",
};

/** A storage key ("gallery/produkty/kocyk-0a1b2c3d.webp") when it follows the grammar. */
export function isMediaKey(key: string): boolean {
  const segments = key.split("/");
  if (segments.length > MAX_SEGMENTS) return false;
  const file = segments.pop() ?? "";
  return FILE.test(file) && !file.includes("..") && segments.every((segment) => FOLDER.test(segment));
}

/** The key of a media URL or of the path after "/media/" (percent-encoded), or null outside the grammar. */
export function mediaKeyOf(urlOrPath: string): string | null {
  const encoded = urlOrPath.startsWith("/media/") ? urlOrPath.slice("/media/".length) : urlOrPath;
  if (encoded.length > 1_000 || encoded.includes("?") || encoded.includes("#")) return null;
  let key: string;
  try {
    key = decodeURIComponent(encoded);
  } catch {
    return null;
  }
  return isMediaKey(key) ? key : null;
}

/** The URL of a key: each segment percent-encoded ("gallery/Łąka/x.webp" → "/media/gallery/%C5%81%C4%85ka/x.webp"). */
export function mediaUrlOf(key: string): string {
  return `/media/${key.split("/").map(encodeURIComponent).join("/")}`;
}

/** The Content-Type of a key's file, from its extension. */
export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? "application/octet-stream";
}
