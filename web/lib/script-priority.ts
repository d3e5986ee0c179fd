import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

// The page's module preloads (React Router's <Scripts>: the entry, the shell, the route chunks) are
// fetched at low priority, so on a slow phone link the bytes of the first paint and of the LCP picture
// (preloaded with fetchpriority="high") come first; hydration follows them. The server-rendered page
// works before hydration (links and forms), so the shopper sees the product sooner and loses nothing.
// React Router gives no prop for it, so the page's HTML stream is rewritten (docs/decisions/021).

const PRELOAD = '<link rel="modulepreload" ';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low" ';

/** Adds fetchpriority="low" to every module preload link of an HTML stream, across chunk boundaries. */
export function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  const rewrite = (text: string): string => text.replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD);
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = pending + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      // keep back what could be the start of a preload link cut by the chunk's end
      const cut = text.lastIndexOf("<");
      const keep =
        cut !== -1 && text.length - cut < PRELOAD.length && PRELOAD.startsWith(text.slice(cut))
          ? cut
          : text.length;
      pending = text.slice(keep);
      callback(null, rewrite(text.slice(0, keep)));
    },
    flush(callback) {
      callback(null, rewrite(pending + decoder.end()));
    },
  });
}
