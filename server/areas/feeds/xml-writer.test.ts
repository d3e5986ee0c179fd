import { describe, expect, it } from "vitest";
import { cdata, escapeXmlText, XmlWriter, xmlCharacters } from "./xml-writer";

// The feeds' one XML writer: escaping, CDATA, characters XML cannot carry, and its own checks.

describe("the feeds' XML writer", () => {
  it('escapes &, <, > and " in text and attribute values', () => {
    expect(escapeXmlText('Kocyk "Miś" & <Zając>')).toBe("Kocyk &quot;Miś&quot; &amp; &lt;Zając&gt;");
    const xml = new XmlWriter().start("o", { id: "1&2", stock: 0, weight: null }).text("name", "a<b").end();
    expect(xml.toString()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<o id="1&amp;2" stock="0">\n  <name>a&lt;b</name>\n</o>\n',
    );
  });

  it('writes CDATA (a "]]>" inside split across two sections) without what XML 1.0 cannot carry', () => {
    expect([cdata("a & <b>"), cdata("x]]>y")]).toEqual([
      "<![CDATA[a & <b>]]>",
      "<![CDATA[x]]]]><![CDATA[>y]]>",
    ]);
    // tabs, new lines and pairs of surrogates stay; control characters, U+FFFF and a lone surrogate go
    expect(xmlCharacters("a\u0000b\u0007c\td\ne\uffff🧸\ud800")).toBe("abc\td\ne🧸");
    expect(cdata("\u0001x")).toBe("<![CDATA[x]]>");
  });

  it("leaves out null values and refuses an unclosed or overclosed document", () => {
    expect(new XmlWriter().start("a").text("b", null).end().toString()).not.toContain("<b>");
    expect(() => new XmlWriter().start("a").toString()).toThrow(/<a> is not closed/);
    expect(() => new XmlWriter().end()).toThrow(/no element is open/);
  });
});
