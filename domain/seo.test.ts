import { describe, expect, it } from "vitest";
import { decodeEntities, htmlToText, metaDescription } from "./seo";

describe("decodeEntities", () => {
  it.each([
    ["a &amp; b", "a & b"],
    ["&lt;p&gt;", "<p>"],
    ["&quot;x&quot; &apos;y&#39;", "\"x\" 'y'"],
    ["r&oacute;&#380;owy", "różowy"],
    ["&#x17C;", "ż"],
    ["a&nbsp;b", "a b"],
    ["&unknown; &#0;", "&unknown; &#0;"],
  ])("%j -> %j", (input, output) => {
    expect(decodeEntities(input)).toBe(output);
  });
});

describe("htmlToText", () => {
  it.each([
    ["<p>Kocyk <strong>minky</strong></p>", "Kocyk minky"],
    ["<p>Linia 1</p><p>Linia 2</p>", "Linia 1 Linia 2"],
    ["a<br/>b", "a b"],
    ["<p>kocyk <strong>minky</strong>, który</p>", "kocyk minky, który"],
    [
      '<p>Zobacz <a href="/x">tutaj</a>.</p><ul><li>Wierzch</li><li>Spód</li></ul>',
      "Zobacz tutaj. Wierzch Spód",
    ],
    ["<style>p{color:red}</style><p>Tekst</p><script>alert(1)</script>", "Tekst"],
    ["<!-- komentarz --><p>  dużo \n\t spacji  </p>", "dużo spacji"],
    ["&lt;b&gt; nie jest tagiem", "<b> nie jest tagiem"],
    ["", ""],
  ])("%j -> %j", (html, text) => {
    expect(htmlToText(html)).toBe(text);
  });
});

describe("metaDescription", () => {
  const word = "słowo ";
  const long = word.repeat(40).trim(); // 239 characters

  it.each<[string, string, string]>([
    ["short text unchanged", "<p>Ręcznie szyty kocyk.</p>", "Ręcznie szyty kocyk."],
    ["exactly 160 characters unchanged", "a".repeat(160), "a".repeat(160)],
    ["161 characters without spaces cut mid-word", "a".repeat(161), `${"a".repeat(159)}…`],
  ])("%s", (_name, html, expected) => {
    expect(metaDescription(html)).toBe(expected);
  });

  it("cuts long text on a word boundary with the ellipsis inside 160", () => {
    const result = metaDescription(`<p>${long}</p>`);
    expect(Array.from(result).length).toBeLessThanOrEqual(160);
    expect(result.endsWith("słowo…")).toBe(true);
    expect(result).toBe(`${word.repeat(26).trim()}…`);
  });

  it("keeps the word when the cut falls exactly before a space", () => {
    const text = `${"a".repeat(159)} bbb`;
    expect(metaDescription(text)).toBe(`${"a".repeat(159)}…`);
  });

  it("drops trailing punctuation before the ellipsis", () => {
    const text = `${"x".repeat(150)}, abcdefghijklmnop`;
    expect(metaDescription(text)).toBe(`${"x".repeat(150)}…`);
  });

  it("counts characters, not UTF-16 units", () => {
    const emoji = "🧵".repeat(200);
    const result = metaDescription(emoji);
    expect(Array.from(result).length).toBe(160);
    expect(result.endsWith("🧵…")).toBe(true);
  });

  it.each([
    [10, "Ręcznie szyty kocyk z minky", "Ręcznie…"],
    [27, "Ręcznie szyty kocyk z minky", "Ręcznie szyty kocyk z minky"],
  ])("custom max %i", (max, text, expected) => {
    expect(metaDescription(text, max)).toBe(expected);
  });
});
