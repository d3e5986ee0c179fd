import fs from "node:fs";
import path from "node:path";
import { validateXML } from "xmllint-wasm";
import { decodeEntities } from "../../../domain/seo";

// Reading the feeds in tests: validation against their RELAX NG schemas (libxml2 as WebAssembly,
// as the KSeF documents are checked) and a small reader of the elements of one item or offer, which
// is enough once the document has been validated.

/** The schema's complaints about a feed (empty when it is valid and well formed). */
export async function feedSchemaErrors(schema: "google-feed.rng" | "ceneo-feed.rng", xml: string) {
  const result = await validateXML({
    xml: [{ fileName: "feed.xml", contents: xml }],
    schema: [{ fileName: schema, contents: fs.readFileSync(path.join(import.meta.dirname, schema), "utf8") }],
    extension: "relaxng",
  });
  return result.valid ? [] : result.errors.map((error) => error.message.trim());
}

/** Text content: CDATA sections as they are, the rest with its entities decoded. */
export function textOf(raw: string): string {
  let text = "";
  let last = 0;
  for (const match of raw.matchAll(/<!\[CDATA\[([\s\S]*?)\]\]>/g)) {
    text += decodeEntities(raw.slice(last, match.index));
    text += match[1];
    last = match.index + match[0].length;
  }
  return text + decodeEntities(raw.slice(last));
}

export interface XmlElement {
  attributes: Record<string, string>;
  /** the child elements' text by name (several of one name in order) */
  children: Map<string, string[]>;
  /** the raw content */
  inner: string;
}

function attributesOf(raw: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of raw.matchAll(/([\w:]+)="([^"]*)"/g)) {
    attributes[match[1] ?? ""] = decodeEntities(match[2] ?? "");
  }
  return attributes;
}

/** Every element of this name (not nested in one another) with its direct children's text. */
export function elements(xml: string, name: string): XmlElement[] {
  const pattern = new RegExp(`<${name}(\\s[^>]*)?>([\\s\\S]*?)</${name}>`, "g");
  return [...xml.matchAll(pattern)].map((match) => {
    const inner = match[2] ?? "";
    const children = new Map<string, string[]>();
    for (const child of inner.matchAll(/<([\w:]+)((?:\s[^>]*?)?)(?:\/>|>([\s\S]*?)<\/\1>)/g)) {
      const key = child[1] ?? "";
      const value = child[3] === undefined ? "" : textOf(child[3]);
      children.set(key, [...(children.get(key) ?? []), value]);
    }
    return { attributes: attributesOf(match[1] ?? ""), children, inner };
  });
}

/** The one text of a child element (throws when there is none). */
export function one(element: XmlElement, name: string): string {
  const value = element.children.get(name)?.[0];
  if (value === undefined) throw new Error(`no <${name}> in ${element.inner.slice(0, 200)}`);
  return value;
}
