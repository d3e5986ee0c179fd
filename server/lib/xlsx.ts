import { strToU8, zipSync } from "fflate";
import { groszeToDecimalString } from "../../domain/money";

// A minimal XLSX file, written without a spreadsheet library (issue 29, ADR 070): one worksheet in
// the smallest SpreadsheetML package Excel, LibreOffice and Numbers open — [Content_Types].xml,
// the package and workbook relationships, workbook.xml, styles.xml and the sheet — zipped with
// fflate. Text is an inline string (no shared-strings part to keep in step); an amount in grosze is
// a real number with two decimals (style "#,##0.00"), so the sheet sums it. The header row and the
// rows named bold are bold.

/** A cell: text, or an amount in grosze (written as a number of złoty). */
export type XlsxCell = string | { grosze: number };

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PACKAGE_REL = "http://schemas.openxmlformats.org/package/2006/relationships";
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const CONTENT_TYPES = `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>\
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>\
</Types>`;

const PACKAGE_RELS = `${HEAD}<Relationships xmlns="${PACKAGE_REL}">\
<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS = `${HEAD}<Relationships xmlns="${PACKAGE_REL}">\
<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>\
<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`;

/** Styles by index: 0 text, 1 amount, 2 bold text, 3 bold amount (numFmt 4 is the built-in "#,##0.00"). */
const STYLES = `${HEAD}<styleSheet xmlns="${MAIN}">\
<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>\
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>\
<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>\
<xf numFmtId="4" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/></cellXfs>\
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** Text as XML character data: the five specials escaped, characters XML 1.0 forbids dropped. */
export function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** The column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

function cellXml(cell: XlsxCell, ref: string, bold: boolean): string {
  if (typeof cell === "string") {
    const style = bold ? ' s="2"' : "";
    return cell === ""
      ? ""
      : `<c r="${ref}" t="inlineStr"${style}><is><t xml:space="preserve">${xmlText(cell)}</t></is></c>`;
  }
  return `<c r="${ref}" s="${bold ? 3 : 1}"><v>${groszeToDecimalString(cell.grosze)}</v></c>`;
}

/** An .xlsx file of one sheet: `rows[0]` is the header (bold), `boldRows` other rows' indexes. */
export function writeXlsx(sheet: {
  name: string;
  rows: readonly XlsxCell[][];
  boldRows?: readonly number[];
}): Uint8Array {
  const bold = new Set([0, ...(sheet.boldRows ?? [])]);
  const width = Math.max(1, ...sheet.rows.map((row) => row.length));
  const rowsXml = sheet.rows
    .map((row, r) => {
      const cells = row.map((cell, c) => cellXml(cell, `${columnName(c)}${r + 1}`, bold.has(r))).join("");
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join("");
  const lastRef = `${columnName(width - 1)}${Math.max(1, sheet.rows.length)}`;
  const worksheet = `${HEAD}<worksheet xmlns="${MAIN}"><dimension ref="A1:${lastRef}"/>\
<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>\
<sheetFormatPr defaultRowHeight="15"/><cols><col min="1" max="${width}" width="16" customWidth="1"/></cols>\
<sheetData>${rowsXml}</sheetData></worksheet>`;
  // a sheet's name: at most 31 characters, none of : \ / ? * [ ]
  const name = xmlText(sheet.name.replace(/[:\\/?*[\]]/g, " ").slice(0, 31) || "Arkusz1");
  const workbook = `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>\
<sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  return zipSync(
    {
      "[Content_Types].xml": strToU8(CONTENT_TYPES),
      "_rels/.rels": strToU8(PACKAGE_RELS),
      "xl/workbook.xml": strToU8(workbook),
      "xl/_rels/workbook.xml.rels": strToU8(WORKBOOK_RELS),
      "xl/styles.xml": strToU8(STYLES),
      "xl/worksheets/sheet1.xml": strToU8(worksheet),
    },
    { level: 6 },
  );
}
