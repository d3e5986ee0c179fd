// Page meta description (SPEC §2 "Page description meta is cut at 160 characters").

import { META_DESCRIPTION_MAX } from "./constants";

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  laquo: "«",
  raquo: "»",
  bdquo: "„",
  ldquo: "“",
  rdquo: "”",
  lsquo: "‘",
  rsquo: "’",
  oacute: "ó",
  Oacute: "Ó",
  copy: "©",
};

/** Decodes numeric entities and a basic set of named ones; unknown entities stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === "#") {
      const code =
        body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body] ?? whole;
  });
}

/**
 * Visible text of an HTML fragment: scripts/styles dropped, tags removed, entities decoded, whitespace
 * collapsed, and no space left before punctuation ("<strong>kocyk</strong>, który" → "kocyk, który").
 */
export function htmlToText(html: string): string {
  const withoutTags = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<[^>]*>/g, " ");
  return decodeEntities(withoutTags)
    .replace(/\s+/g, " ")
    .replace(/ ([,.;:!?)])/g, "$1")
    .trim();
}

/**
 * Meta description: the text of the HTML, at most `max` (160) characters (code points). Longer
 * texts are cut on the last word boundary that keeps at least half of the room (else mid-word),
 * trailing punctuation dropped, and "…" appended; the ellipsis counts within the limit.
 */
export function metaDescription(html: string, max: number = META_DESCRIPTION_MAX): string {
  const chars = Array.from(htmlToText(html));
  if (chars.length <= max) return chars.join("");
  const room = chars.slice(0, max - 1);
  const nextIsSpace = chars[max - 1] === " ";
  let cut = room.join("");
  if (!nextIsSpace) {
    const space = cut.lastIndexOf(" ");
    if (space >= Math.floor(cut.length / 2)) cut = cut.slice(0, space);
  }
  return `${cut.replace(/[\s,;:.\-–—]+$/u, "")}…`;
}
