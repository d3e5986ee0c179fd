import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { readXlsxFile } from "./read-xlsx";
import { writeXlsx } from "./xlsx";

// The XLSX reader: the shop's own files (inline strings, amounts) and a spreadsheet's (shared
// strings with rich-text runs, spans, skipped empty cells and rows, text with line breaks).

describe("readXlsxFile", () => {
  it("reads back what writeXlsx wrote: text with line breaks and specials, amounts as numbers", () => {
    const bytes = writeXlsx({
      name: "Produkty",
      rows: [
        ["sku", "title", "price"],
        ["K-1", 'Kocyk "Miś" & <poduszka>\nlinia 2', { grosze: 12_345 }],
      ],
    });
    expect(readXlsxFile(bytes).rows).toEqual([
      { line: 1, cells: ["sku", "title", "price"] },
      { line: 2, cells: ["K-1", 'Kocyk "Miś" & <poduszka>\nlinia 2', 123.45] },
    ]);
  });

  it("reads shared strings (rich text too), skipped cells and the sheet's own line numbers", () => {
    const shared = `<sst xmlns="x" count="3"><si><t>sku</t></si><si><r><t>Ko</t></r><r><rPr/><t xml:space="preserve">cyk&#10;</t></r></si><si><t>title</t></si></sst>`;
    const sheet = `<worksheet><sheetData><row r="1" spans="1:3"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>2</v></c></row>
<row r="4" spans="1:3"><c r="A4" t="str"><f>X</f><v>K-2</v></c><c r="B4" s="1"/><c r="C4" t="s"><v>1</v></c></row></sheetData></worksheet>`;
    const bytes = zipSync({
      "xl/sharedStrings.xml": strToU8(shared),
      "xl/worksheets/sheet1.xml": strToU8(sheet),
    });
    expect(readXlsxFile(bytes).rows).toEqual([
      { line: 1, cells: ["sku", "", "title"] },
      { line: 4, cells: ["K-2", "", "Kocyk\n"] },
    ]);
  });

  it("throws on a file that is not an XLSX package", () => {
    expect(() => readXlsxFile(strToU8("sku;title"))).toThrow();
  });
});
