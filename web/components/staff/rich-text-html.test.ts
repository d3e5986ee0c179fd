// @vitest-environment happy-dom
import { Editor } from "@tiptap/react";
import { afterEach, describe, expect, it } from "vitest";
import { storedHtml, visualEditorHolds } from "./rich-text-html";
import { cleanPastedHtml } from "./rich-text-paste";
import { richTextExtensions } from "./rich-text-schema";

// The HTML the staff editor posts (docs/decisions/061): the stored HTML it was given comes back the
// same after the Tiptap round trip, so opening and saving a description changes nothing.

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

function roundTrip(html: string): string {
  editor = new Editor({ extensions: richTextExtensions(), content: html });
  return storedHtml(editor.getHTML(), editor.isEmpty);
}

describe("the editor's stored HTML", () => {
  it("gives back what the toolbar makes unchanged", () => {
    const html =
      '<h2>Opis</h2><p>Ręcznie <strong>szyte</strong> i <em>haftowane</em>,<br>wysyłka w <a href="https://example.com/dostawa">3 dni</a>.</p>' +
      "<h3>Skład</h3><ul><li>bawełna</li><li>len</li></ul><ol><li>pierwszy</li><li>drugi</li></ol>" +
      "<blockquote>Cytat klientki</blockquote>";
    expect(roundTrip(html)).toBe(html);
  });

  it("keeps the tags the sanitiser allows that no button makes (h4, u, s, hr) and a stored link target", () => {
    const html =
      '<h4>Małe</h4><p><u>podkreślone</u> <s>skreślone</s> <a href="/kontakt" target="_blank" rel="noopener noreferrer">kontakt</a></p><hr>';
    // the link's attributes come back in the schema's order
    expect(roundTrip(html)).toBe(
      html.replace(
        'href="/kontakt" target="_blank" rel="noopener noreferrer"',
        'target="_blank" rel="noopener noreferrer" href="/kontakt"',
      ),
    );
  });

  it("writes <b>/<i> as <strong>/<em> and loose text as a paragraph", () => {
    expect(roundTrip("Luźny <b>tekst</b> <i>tu</i>")).toBe("<p>Luźny <strong>tekst</strong> <em>tu</em></p>");
  });

  it("keeps a nested list and a quote of several paragraphs", () => {
    expect(roundTrip("<ul><li>a<ul><li>b</li></ul></li></ul><blockquote><p>x</p><p>y</p></blockquote>")).toBe(
      "<ul><li>a<ul><li>b</li></ul></li></ul><blockquote><p>x</p><p>y</p></blockquote>",
    );
  });

  it("posts nothing for an empty editor", () => {
    expect(roundTrip("")).toBe("");
    expect(roundTrip("<p></p>")).toBe("");
  });

  it("drops links whose address the editor would not make", () => {
    expect(roundTrip('<p><a href="javascript:alert(1)">x</a></p>')).toBe("<p>x</p>");
  });

  it("takes pasted Word HTML in cleaned, without styles or classes", () => {
    editor = new Editor({
      extensions: richTextExtensions(),
      content: "",
      editorProps: { transformPastedHTML: cleanPastedHtml },
    });
    editor.view.pasteHTML(
      '<p style="color:red" class="MsoNormal">Wklejony <b class="x">tekst</b><script>alert(1)</script></p>',
    );
    expect(storedHtml(editor.getHTML(), editor.isEmpty)).toBe("<p>Wklejony <strong>tekst</strong></p>");
  });
});

describe("visualEditorHolds", () => {
  it("is true for what the toolbar makes and the other tags the document keeps", () => {
    expect(
      visualEditorHolds(
        '<h2>a</h2><p><b>b</b> <i>c</i> <u>d</u> <s>e</s><br><a href="/x">f</a></p><ul><li>g</li></ul><ol><li>h</li></ol><blockquote>i</blockquote><h4>j</h4><hr>',
      ),
    ).toBe(true);
    expect(visualEditorHolds("")).toBe(true);
  });

  it("is false for pictures, tables, figures and spans (the visual editor would drop them)", () => {
    expect(visualEditorHolds('<p>a <img src="https://example.com/a.jpg" alt="a"></p>')).toBe(false);
    expect(visualEditorHolds("<table><tbody><tr><td>a</td></tr></tbody></table>")).toBe(false);
    expect(visualEditorHolds("<figure><figcaption>a</figcaption></figure>")).toBe(false);
    expect(visualEditorHolds("<p><span>a</span></p>")).toBe(false);
  });
});
