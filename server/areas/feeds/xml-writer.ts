// The one XML writer of the marketplace feeds (docs/decisions/072): a document written forward as
// text pieces, element by element, with every text and attribute value escaped here and nowhere
// else. Text a person typed may also go out as CDATA (Ceneo's habit); a "]]>" inside it is split
// across two sections. Characters XML 1.0 cannot carry (control characters, lone surrogates,
// U+FFFE/U+FFFF) are dropped: one stray byte in a product's title must not make the whole feed
// unreadable.

/** An attribute's value; null or undefined leaves the attribute out. */
export type XmlAttributeValue = string | number | null | undefined;
export type XmlAttributes = Readonly<Record<string, XmlAttributeValue>>;

const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
};

/** Not allowed in XML 1.0 documents (https://www.w3.org/TR/xml/#charsets). */
const NOT_XML_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The text without the characters XML 1.0 cannot carry. */
export function xmlCharacters(text: string): string {
  return text.replace(NOT_XML_CHARACTERS, "");
}

/** Text content or a double-quoted attribute value, escaped. */
export function escapeXmlText(text: string): string {
  return xmlCharacters(text).replace(/[&<>"]/g, (char) => ESCAPES[char] ?? char);
}

/** The text as CDATA: a "]]>" inside ends one section and starts the next between "]]" and ">". */
export function cdata(text: string): string {
  return `<![CDATA[${xmlCharacters(text).replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
}

function attributesText(attributes: XmlAttributes): string {
  let text = "";
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined) continue;
    text += ` ${name}="${escapeXmlText(String(value))}"`;
  }
  return text;
}

/**
 * Writes one document forward: `open`/`close` an element around others, `text` an element holding
 * escaped text (or CDATA), `empty` an element without content. The pieces are joined once at the
 * end.
 */
export class XmlWriter {
  private pieces: string[] = [];
  private depth = 0;
  private readonly open: string[] = [];

  constructor() {
    this.pieces.push('<?xml version="1.0" encoding="UTF-8"?>\n');
  }

  private line(text: string): this {
    this.pieces.push(`${"  ".repeat(this.depth)}${text}\n`);
    return this;
  }

  start(name: string, attributes: XmlAttributes = {}): this {
    this.line(`<${name}${attributesText(attributes)}>`);
    this.open.push(name);
    this.depth += 1;
    return this;
  }

  end(): this {
    const name = this.open.pop();
    if (name === undefined) throw new Error("XmlWriter: no element is open");
    this.depth -= 1;
    return this.line(`</${name}>`);
  }

  /** An element holding text; null or undefined writes nothing. */
  text(
    name: string,
    value: string | number | null | undefined,
    options: { cdata?: boolean; attributes?: XmlAttributes } = {},
  ): this {
    if (value === null || value === undefined) return this;
    const content = options.cdata ? cdata(String(value)) : escapeXmlText(String(value));
    return this.line(`<${name}${attributesText(options.attributes ?? {})}>${content}</${name}>`);
  }

  empty(name: string, attributes: XmlAttributes = {}): this {
    return this.line(`<${name}${attributesText(attributes)}/>`);
  }

  /** The whole document; every element must have been closed. */
  toString(): string {
    if (this.open.length > 0) throw new Error(`XmlWriter: <${this.open.at(-1)}> is not closed`);
    return this.pieces.join("");
  }
}
