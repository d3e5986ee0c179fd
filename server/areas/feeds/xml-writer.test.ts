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

  it('writes CDATA, splitting a "]]>" inside it across two sections', () => {
    expect(cdata("a & <b>")).toBe("<![CDATA[a & <b>]]>");
    expect(cdata("x]]>y")).toBe("<![CDATA[x]]]]><![CDATA[>y]]>");
  });

  it("drops what XML 1.0 cannot carry, keeps tabs, new lines and pairs of surrogates", () => {
    expect(xmlCharacters("a\u0000b\u0007c\td\ne\uffff🧸\ud800")).toBe("abc\td\ne🧸");
  });

  it("leaves out null values and refuses an unclosed or overclosed document", () => {
    expect(new XmlWriter().start("a").text("b", null).end().toString()).not.toContain("<b>");
    expect(() => new XmlWriter().start("a").toString()).toThrow(/<a> is not closed/);
    expect(() => new XmlWriter().end()).toThrow(/no element is open/);
  });
});
