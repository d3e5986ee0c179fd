import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL } from "./hydrate-after-picture";

// The page's scripts come after what the shopper sees first. React Router gives no prop for it, so
// the page's HTML stream is rewritten (docs/decisions/053): its module preloads (React
// Router's <Scripts>: the entry, the shell, the route chunks) get an inert rel and its hydration
// module script an inert type; the starter in web/root.tsx (web/lib/hydrate-after-picture.ts)
// restores both once the LCP picture is on screen. On a slow phone link the bytes of the first paint
// and of the picture come first; the server-rendered page works before hydration (links, forms).

const REWRITES: [from: string, to: string][] = [
  ['<link rel="modulepreload" ', `<link rel="${DEFERRED_PRELOAD_REL}" `],
  // React renders the one inline module script of a page (<Scripts>) with these attributes; text and
  // attribute values are escaped, so page content never holds this markup
  [' type="module" async="">', ` type="${DEFERRED_MODULE_TYPE}">`],
];

/** The length of the longest end of `text` that could be the start of a rewritten string. */
function cutTail(text: string): number {
  let keep = 0;
  for (const [from] of REWRITES) {
    for (let length = Math.min(from.length - 1, text.length); length > keep; length--) {
      if (text.endsWith(from.slice(0, length))) {
        keep = length;
        break;
      }
    }
  }
  return keep;
}

function rewrite(text: string): string {
  let out = text;
  for (const [from, to] of REWRITES) out = out.replaceAll(from, to);
  return out;
}

const BYTE_REWRITES: [from: Buffer, to: Buffer][] = REWRITES.map(([from, to]) => [
  Buffer.from(from, "latin1"),
  Buffer.from(to, "latin1"),
]);

/**
 * The same for a whole page rendered into one buffer (web/entry.server.tsx): the strings are ASCII,
 * so they are found and replaced in the UTF-8 bytes as they are, without decoding the page.
 */
export function scriptsAfterThePictureInPage(html: Buffer): Buffer {
  let out = html;
  for (const [from, to] of BYTE_REWRITES) {
    const pieces: Buffer[] = [];
    let start = 0;
    for (let at = out.indexOf(from); at !== -1; at = out.indexOf(from, start)) {
      pieces.push(out.subarray(start, at), to);
      start = at + from.length;
    }
    if (pieces.length === 0) continue;
    pieces.push(out.subarray(start));
    out = Buffer.concat(pieces);
  }
  return out;
}

/**
 * Makes the module preloads and the hydration module script of an HTML stream inert until the
 * starter restores them, across chunk boundaries.
 */
export function scriptsAfterThePicture(): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      // rewritten first, so a whole match at the end is not cut by the next step
      const text = rewrite(pending + (typeof chunk === "string" ? chunk : decoder.write(chunk)));
      // keep back what could be the start of a rewritten string cut by the chunk's end
      const keep = text.length - cutTail(text);
      pending = text.slice(keep);
      callback(null, text.slice(0, keep));
    },
    flush(callback) {
      callback(null, rewrite(pending + decoder.end()));
    },
  });
}
