import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "./sanitize-html";

// The allow-list every staff HTML field goes through before it is stored (DESIGN.md). The corpus
// covers the usual ways of running script from stored HTML; none may survive.

const CORPUS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  "<svg onload=alert(1)><circle/></svg>",
  '<iframe src="https://evil.example"></iframe>',
  '<p style="background:url(\'javascript:alert(1)\')" onclick="alert(1)">x</p>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<form action="https://evil.example"><input name=a></form>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<img src="data:image/svg+xml;base64,PHN2Zz4=">',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  "<details open ontoggle=alert(1)>",
  '<a href="//evil.example">x</a>',
];

describe("sanitizeHtml", () => {
  it.each(CORPUS)("leaves nothing executable in %s", (payload) => {
    const clean = sanitizeHtml(`<p>ok</p>${payload}`);
    expect(clean).not.toMatch(/<script|<iframe|<svg|<object|<embed|<form|<base|<meta|<style|<details/i);
    expect(clean).not.toMatch(/\son\w+\s*=/i);
    expect(clean).not.toMatch(/javascript:|data:|href="\/\//i);
    expect(clean).not.toMatch(/style=/i);
    expect(clean.startsWith("<p>ok</p>")).toBe(true);
  });

  it("keeps the formatting the editor makes", () => {
    const html =
      '<h2>Tytuł</h2><p><strong>Gruby</strong> i <em>pochyły</em> tekst, <a href="/produkty?nowosci=tak">link</a>.</p><ul><li>jeden</li></ul><ol><li>dwa</li></ol><blockquote>cytat</blockquote><img src="/media/a.webp" alt="A">';
    expect(sanitizeHtml(html)).toBe(html.replace('alt="A">', 'alt="A" />'));
  });

  it("makes new-tab links safe and turns h1 into h2", () => {
    expect(sanitizeHtml('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml("<h1>A</h1>")).toBe("<h2>A</h2>");
  });
});
