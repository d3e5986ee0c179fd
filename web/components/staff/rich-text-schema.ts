import type { Extensions } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { SAFE_HREF } from "./rich-text-paste";

// What the staff rich-text editor's document can hold (docs/decisions/061-tiptap-rich-text-editor.md):
// Tiptap's starter kit cut down to the tags the server's sanitiser keeps (server/lib/sanitize-html.ts).
// The toolbar makes p, h2, h3, strong, em, ul/ol/li, a, blockquote and br; h4, u, s and hr are in the
// schema only so that stored HTML with them survives an edit (no button makes them). Code and code
// blocks are left out (the sanitiser drops them), and so are Markdown-like input rules: what staff type
// is what they get, as before.

/** The elements the document holds (read from HTML; Tiptap writes b/i as strong/em, strike/del as s). */
export const VISUAL_TAGS = new Set([
  "P",
  "BR",
  "H2",
  "H3",
  "H4",
  "STRONG",
  "B",
  "EM",
  "I",
  "U",
  "S",
  "STRIKE",
  "DEL",
  "HR",
  "UL",
  "OL",
  "LI",
  "A",
  "BLOCKQUOTE",
]);

/** The extensions of the staff editor (also used by its tests, without React). */
export function richTextExtensions(): Extensions {
  return [
    StarterKit.configure({
      code: false,
      codeBlock: false,
      trailingNode: false,
      heading: { levels: [2, 3, 4] },
      link: {
        openOnClick: false,
        autolink: false,
        linkOnPaste: false,
        // the stored link is the bare <a href> (a stored target/rel is kept as it was)
        HTMLAttributes: { target: null, rel: null, class: null },
        isAllowedUri: (url) => SAFE_HREF.test(url.trim()),
      },
    }),
  ];
}
