import { readXlsxFile } from "../lib/read-xlsx";

// Reads back the XLSX the shop writes (server/lib/xlsx.ts) as a spreadsheet would, for the exports'
// tests (vitest and e2e): the package's part names and the one sheet's rows (server/lib/read-xlsx.ts).

export const XLSX_PARTS = [
  "[Content_Types].xml",
  "_rels/.rels",
  "xl/workbook.xml",
  "xl/_rels/workbook.xml.rels",
  "xl/styles.xml",
  "xl/worksheets/sheet1.xml",
] as const;

/** The package's part names and the sheet's rows. */
export function readXlsx(bytes: Uint8Array): { parts: string[]; rows: (string | number)[][] } {
  const { parts, rows } = readXlsxFile(bytes);
  return { parts, rows: rows.map((row) => row.cells) };
}
