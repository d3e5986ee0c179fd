import { strFromU8, unzipSync } from "fflate";

// Reads back the XLSX the shop writes (server/lib/xlsx.ts) as a spreadsheet would: the package is
// unzipped, its parts are named, and the one sheet's rows come back as cells — text, or a number —
// each in its column (an empty cell, not written, is ""). For the export's tests (vitest and e2e).

export const XLSX_PARTS = [
  "[Content_Types].xml",
  "_rels/.rels",
  "xl/workbook.xml",
  "xl/_rels/workbook.xml.rels",
  "xl/styles.xml",
  "xl/worksheets/sheet1.xml",
] as const;

const fromXml = (text: string) =>
  text.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

/** The package's part names and the sheet's rows. */
export function readXlsx(bytes: Uint8Array): { parts: string[]; rows: (string | number)[][] } {
  const files = unzipSync(bytes);
  const sheet = strFromU8(files["xl/worksheets/sheet1.xml"] ?? new Uint8Array());
  const rows = [...sheet.matchAll(/<row r="\d+">(.*?)<\/row>/g)].map(([, cells]) => {
    const row: (string | number)[] = [];
    for (const [, ref, body] of (cells ?? "").matchAll(/<c r="([A-Z]+)\d+"[^>]*>(.*?)<\/c>/g)) {
      let column = 0;
      for (const char of ref ?? "") column = column * 26 + char.charCodeAt(0) - 64;
      const text = /<t[^>]*>(.*?)<\/t>/.exec(body ?? "");
      row[column - 1] = text ? fromXml(text[1] ?? "") : Number(/<v>(.*?)<\/v>/.exec(body ?? "")?.[1]);
    }
    return Array.from(row, (cell) => cell ?? "");
  });
  return { parts: Object.keys(files), rows };
}
