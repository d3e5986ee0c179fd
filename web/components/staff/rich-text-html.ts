// The editor's HTML as the form posts it. Tiptap's document wraps the text of a list item or a quote in
// a paragraph (<li><p>…</p></li>); the stored HTML keeps the plain form the editor always wrote
// (<li>…</li>, <blockquote>…</blockquote>), which Tiptap reads back into the same document. An empty
// editor posts nothing, not an empty paragraph. HTML with elements the document cannot hold (pictures,
// tables, figures, spans typed in the HTML mode) opens in the HTML mode, where nothing is lost.

import { VISUAL_TAGS } from "./rich-text-schema";

const UNWRAP_IN = new Set(["LI", "BLOCKQUOTE"]);

/** Tiptap's getHTML() output in the stored form: a lone paragraph in a list item or quote unwrapped. */
export function storedHtml(html: string, isEmpty: boolean): string {
  if (isEmpty) return "";
  const template = document.createElement("template");
  template.innerHTML = html;
  for (const element of Array.from(template.content.querySelectorAll("li, blockquote"))) {
    if (!UNWRAP_IN.has(element.tagName)) continue;
    const paragraphs = Array.from(element.children).filter((child) => child.tagName === "P");
    const only = paragraphs[0];
    if (paragraphs.length !== 1 || !only) continue;
    // a quote's paragraph is unwrapped only when it is all the quote holds
    if (element.tagName === "BLOCKQUOTE" && element.children.length !== 1) continue;
    only.replaceWith(...Array.from(only.childNodes));
  }
  return template.innerHTML;
}

/** Whether the visual editor holds every element of the HTML (else editing it there would drop some). */
export function visualEditorHolds(html: string): boolean {
  const template = document.createElement("template");
  template.innerHTML = html;
  return Array.from(template.content.querySelectorAll("*")).every((element) =>
    VISUAL_TAGS.has(element.tagName),
  );
}
