import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { validateXML } from "xmllint-wasm";

// Validation of KSeF documents against the Ministry of Finance's official schemas (copied unchanged
// into ./schemas, MIT licence): the FA(3) invoice and the UPO receipt. libxml2 runs as WebAssembly
// (xmllint-wasm), so nothing is installed on the machine and nothing is fetched: the FA(3) schema
// imports its base types by URL, and those URLs are pointed at the local copies in ./schemas/bazowe
// here, as the official catalog.xml does for the command-line xmllint.

const SCHEMAS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "schemas");
const BASE_TYPES_URL = "http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/";
const BASE_TYPE_FILES = [
  "StrukturyDanych_v10-0E.xsd",
  "ElementarneTypyDanych_v10-0E.xsd",
  "KodyKrajow_v10-0E.xsd",
];

export type KsefSchema = "fa3" | "upo";

interface LoadedSchema {
  schema: { fileName: string; contents: string };
  preload: { fileName: string; contents: string }[];
}

const loaded = new Map<KsefSchema, LoadedSchema>();

function read(name: string): string {
  return fs.readFileSync(path.join(SCHEMAS_DIR, name), "utf8");
}

function load(kind: KsefSchema): LoadedSchema {
  const cached = loaded.get(kind);
  if (cached) return cached;
  const schema =
    kind === "fa3"
      ? {
          schema: {
            fileName: "fa3.xsd",
            contents: read("fa3.xsd").replaceAll(
              `schemaLocation="${BASE_TYPES_URL}`,
              'schemaLocation="bazowe/',
            ),
          },
          preload: BASE_TYPE_FILES.map((file) => ({
            fileName: `bazowe/${file}`,
            contents: read(`bazowe/${file}`),
          })),
        }
      : { schema: { fileName: "upo-v4-3.xsd", contents: read("upo-v4-3.xsd") }, preload: [] };
  loaded.set(kind, schema);
  return schema;
}

/** The schema's complaints about the document (empty when it is valid), as xmllint words them. */
export async function schemaErrors(kind: KsefSchema, xml: string): Promise<string[]> {
  const { schema, preload } = load(kind);
  const result = await validateXML({
    xml: [{ fileName: "document.xml", contents: xml }],
    schema: [schema],
    preload,
  });
  return result.valid ? [] : result.errors.map((error) => error.message.trim());
}
