// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { cleanPastedHtml } from "./rich-text-paste";

// What pasting from a word processor or a web page keeps (docs/decisions/016, 061): the editor's own
// tags and safe link addresses, nothing else.

const WORD = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta charset="utf-8">
<style>p.MsoNormal{margin:0}</style><title>Dokument</title></head><body lang="PL">
<!--StartFragment--><h1 class="MsoTitle">Tytuł</h1>
<p class="MsoNormal" style="mso-line-height-alt:12pt"><span style="font-family:Calibri"><o:p>Zwykły </o:p><i>akapit</i></span></p>
<h4>Niższy</h4><div>W divie</div>
<ul><li class="MsoListParagraph" onclick="alert(1)">punkt</li></ul><!--EndFragment--></body></html>`;

const CASES: { what: string; pasted: string; kept: string }[] = [
  {
    what: "keeps the structure and drops styles, classes, ids and scripts",
    pasted:
      '<p style="color:red" class="mso" id="p1">Wklejony <b class="x">tekst</b><script>alert(1)</script></p>',
    kept: "<p>Wklejony <b>tekst</b></p>",
  },
  {
    what: "cleans a Word document's HTML to paragraphs, headings, lists and emphasis",
    pasted: WORD,
    kept: "\n<h2>Tytuł</h2>\n<p>Zwykły <i>akapit</i></p>\n<h3>Niższy</h3><p>W divie</p>\n<ul><li>punkt</li></ul>",
  },
  {
    what: "keeps a link's safe address and nothing else of it",
    pasted:
      '<a href=" https://example.com/a " target="_blank" class="x" onclick="x()">strona</a> <a href="/kontakt">kontakt</a> <a href="mailto:a@b.pl">mail</a>',
    kept: '<a href="https://example.com/a">strona</a> <a href="/kontakt">kontakt</a> <a href="mailto:a@b.pl">mail</a>',
  },
  {
    what: "unwraps links with unsafe addresses to their text",
    pasted:
      '<a href="javascript:alert(1)">a</a><a href="data:text/html,x">b</a><a href="//evil.example">c</a><a>d</a>',
    kept: "abcd",
  },
  {
    what: "drops embeds, objects and templates with their content, unwraps other elements to their text",
    pasted:
      '<embed src="x.swf"><object>o</object><template><p>t</p></template><table><tr><td>komórka</td></tr></table><img src="x" onerror="alert(1)"><span>tekst</span>',
    kept: "komórkatekst",
  },
];

describe("cleanPastedHtml", () => {
  it.each(CASES)("$what", ({ pasted, kept }) => {
    expect(cleanPastedHtml(pasted)).toBe(kept);
  });
});
