import { strFromU8, unzipSync } from "fflate";

// Reads the first sheet of an .xlsx file as a spreadsheet shows it (issue 30, the product import;
// the export tests read the shop's own files with it too): every row with its line number and its
// cells — text, or a number — each in its column (an empty cell is ""). Text comes as an inline
// string (the shop's writer, server/lib/xlsx.ts) or from the shared strings (Excel, LibreOffice);
// a formula's cached result is read as its value. Throws on a file that is not an XLSX package.

export interface XlsxRow {
  /** the 1-based line number in the sheet */
  line: number;
  cells: (string | number)[];
}

const fromXml = (text: string) =>
  text
    .replace(/&#(x?)([0-9a-f]+);/gi, (_, hex: string, code: string) =>
      String.fromCodePoint(Number.parseInt(code, hex ? 16 : 10)),
    )
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&apos;", "'")
    .replaceAll("&amp;", "&");

/** The text of an <si> or <is> element: its <t> runs joined (phonetic runs left out). */
const runsText = (xml: string) =>
  [...xml.replace(/<rPh\b.*?<\/rPh>/gs, "").matchAll(/<t(?:\s[^>]*)?>(.*?)<\/t>/gs)]
    .map(([, text]) => fromXml(text ?? ""))
    .join("");

function columnIndex(ref: string): number {
  let column = 0;
  for (const char of ref) column = column * 26 + char.charCodeAt(0) - 64;
  return column - 1;
}

function firstSheetName(files: Record<string, Uint8Array>): string {
  const sheets = Object.keys(files)
    .filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name))
    .sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]));
  const first = sheets[0];
  if (!first) throw new Error("no worksheet in the package");
  return first;
}

/** The package's part names and the first sheet's rows. */
export function readXlsxFile(bytes: Uint8Array): { parts: string[]; rows: XlsxRow[] } {
  const files = unzipSync(bytes);
  const shared = files["xl/sharedStrings.xml"]
    ? [...strFromU8(files["xl/sharedStrings.xml"]).matchAll(/<si>(.*?)<\/si>/gs)].map(([, si]) =>
        runsText(si ?? ""),
      )
    : [];
  const sheet = strFromU8(files[firstSheetName(files)] ?? new Uint8Array());
  const rows = [...sheet.matchAll(/<row\b([^>]*?)(?:\/>|>(.*?)<\/row>)/gs)].map(
    ([, attributes, cells], index) => {
      const line = Number(/\br="(\d+)"/.exec(attributes ?? "")?.[1] ?? index + 1);
      const row: (string | number)[] = [];
      let next = 0;
      for (const [, cellAttributes = "", body = ""] of (cells ?? "").matchAll(
        /<c\b([^>]*?)(?:\/>|>(.*?)<\/c>)/gs,
      )) {
        const ref = /\br="([A-Z]+)\d+"/.exec(cellAttributes)?.[1];
        const column = ref ? columnIndex(ref) : next;
        next = column + 1;
        const type = /\bt="(\w+)"/.exec(cellAttributes)?.[1] ?? "n";
        const value = /<v>(.*?)<\/v>/s.exec(body)?.[1];
        if (type === "inlineStr") row[column] = runsText(/<is>(.*?)<\/is>/s.exec(body)?.[1] ?? "");
        else if (type === "s") row[column] = shared[Number(value)] ?? "";
        else if (type === "str" || type === "e") row[column] = fromXml(value ?? "");
        else if (type === "b") row[column] = value === "1" ? "1" : "0";
        else if (value !== undefined) row[column] = Number(value);
      }
      return { line, cells: Array.from(row, (cell) => cell ?? "") };
    },
  );
  return { parts: Object.keys(files), rows };
}
