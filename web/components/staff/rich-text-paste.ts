// Pasted HTML (from a word processor or a web page) reduced to plain structure in the browser, before
// the editor reads it (Tiptap's transformPastedHTML): only the tags the toolbar makes are kept, every
// attribute except a safe link's href is dropped (styles, classes, ids, event handlers), anything else
// is unwrapped to its text. A convenience for staff; the server sanitises again before storing
// (server/lib/sanitize-html.ts).

const KEEP = new Set(["P", "BR", "H2", "H3", "STRONG", "B", "EM", "I", "UL", "OL", "LI", "A", "BLOCKQUOTE"]);
const RENAME: Record<string, string> = { H1: "h2", H4: "h3", H5: "h3", H6: "h3", DIV: "p" };
const DROP = new Set(["SCRIPT", "STYLE", "META", "LINK", "TITLE", "IFRAME", "OBJECT", "EMBED", "TEMPLATE"]);
/** The link addresses the editor makes: web, mail and phone links and the shop's own paths. */
export const SAFE_HREF = /^(https?:\/\/|mailto:|tel:|\/(?!\/))/i;

function cleanNode(node: Node, doc: Document): Node[] {
  if (node.nodeType === Node.TEXT_NODE) return [doc.createTextNode(node.textContent ?? "")];
  if (!(node instanceof Element)) return [];
  const tag = node.tagName.toUpperCase();
  if (DROP.has(tag)) return [];
  const children = Array.from(node.childNodes).flatMap((child) => cleanNode(child, doc));
  const target = KEEP.has(tag) ? tag.toLowerCase() : RENAME[tag];
  if (!target) return children;
  const element = doc.createElement(target);
  if (target === "a") {
    const href = node.getAttribute("href")?.trim() ?? "";
    if (!SAFE_HREF.test(href)) return children;
    element.setAttribute("href", href);
  }
  for (const child of children) element.appendChild(child);
  return [element];
}

/** Pasted HTML reduced to the editor's tags, without styles, classes or unsafe links. */
export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const container = doc.createElement("div");
  for (const node of Array.from(doc.body.childNodes).flatMap((child) => cleanNode(child, doc))) {
    container.appendChild(node);
  }
  return container.innerHTML;
}
