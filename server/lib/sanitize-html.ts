import sanitize from "sanitize-html";

// Staff-entered HTML (product descriptions, pages, blog articles) is cleaned on save with an
// allow-list (DESIGN "Staff-entered HTML is sanitised"), so the storefront can render it as HTML:
// no scripts, no event handlers, no styles, no javascript:/data: links, no frames or forms.

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h2",
    "h3",
    "h4",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "blockquote",
    "hr",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "figure",
    "figcaption",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "span",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "width", "height", "loading"],
    th: ["colspan", "rowspan"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => {
      const result: Record<string, string> = { ...attribs };
      if (result.target && result.target !== "_blank") delete result.target;
      if (result.target === "_blank") result.rel = "noopener noreferrer";
      else delete result.rel;
      return { tagName, attribs: result };
    },
    h1: "h2",
  },
};

/** The HTML with everything outside the allow-list removed (text content of removed tags kept, except script/style). */
export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS).trim();
}
