import { describe, expect, it } from "vitest";
import { formatStockCsv, isLowStock, LOW_STOCK_MAX, parseStockCsv, splitCsv, stockLevel } from "./warehouse";

describe("stock levels", () => {
  it("follows the availability levels", () => {
    expect([0, 1, 5, 6, 9, 10].map(stockLevel)).toEqual([0, 1, 1, 2, 2, 3]);
    expect([0, 5, 6].map(isLowStock)).toEqual([true, true, false]);
  });

  it("LOW_STOCK_MAX (the SQL filter's bound) is the last low quantity", () => {
    for (let quantity = 0; quantity <= 20; quantity++)
      expect(isLowStock(quantity), String(quantity)).toBe(quantity <= LOW_STOCK_MAX);
  });
});

describe("stock CSV", () => {
  const rows = [
    { productId: 1, variantId: null, title: "Kocyk; różowy", variant: "", quantity: 3 },
    { productId: 2, variantId: 7, title: 'Rożek "Mały"', variant: "S / Biały", quantity: 0 },
  ];

  it("exports UTF-8 with a BOM, ; separators, CRLF lines and quoted cells where needed", () => {
    const csv = formatStockCsv(rows);
    expect(csv.startsWith("\uFEFFproductId;variantId;title;variant;quantity\r\n")).toBe(true);
    expect(csv).toContain('1;;"Kocyk; różowy";;3\r\n');
    expect(csv).toContain('2;7;"Rożek ""Mały""";S / Biały;0\r\n');
  });

  it.each([
    ['=HYPERLINK("http://zly.example";"Kliknij")', `"'=HYPERLINK(""http://zly.example"";""Kliknij"")"`],
    ["+48 123", "'+48 123"],
    ["-5 zł", "'-5 zł"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tTab", "'\tTab"],
    ["\rCR", `"'\rCR"`],
    ["Kocyk = prezent", "Kocyk = prezent"],
  ])("exports the title %j as text, never as a formula", (title, cell) => {
    const csv = formatStockCsv([{ productId: 1, variantId: null, title, variant: title, quantity: 3 }]);
    expect(csv).toContain(`\r\n1;;${cell};${cell};3\r\n`);
  });

  it("reads back what it exports", () => {
    const parsed = parseStockCsv(formatStockCsv(rows));
    expect(parsed).toEqual({
      ok: true,
      entries: [
        { line: 2, productId: 1, variantId: null, quantity: 3 },
        { line: 3, productId: 2, variantId: 7, quantity: 0 },
      ],
    });
  });

  it("accepts a file without the header, LF lines and blank lines", () => {
    expect(parseStockCsv("5;;x;;4\n\n6;9;y;z;1\n")).toEqual({
      ok: true,
      entries: [
        { line: 1, productId: 5, variantId: null, quantity: 4 },
        { line: 3, productId: 6, variantId: 9, quantity: 1 },
      ],
    });
  });

  it("lists every bad line: negative or fractional quantities, bad ids, columns, duplicates", () => {
    const csv = [
      "productId;variantId;title;variant;quantity",
      "1;;a;;-2",
      "2;;b;;1,5",
      "x;;c;;1",
      "3;0;d;;1",
      "4;;e;;1",
      "4;;e again;;2",
      "5;;too few",
    ].join("\n");
    expect(parseStockCsv(csv)).toEqual({
      ok: false,
      errors: [
        { line: 2, problem: "quantity" },
        { line: 3, problem: "quantity" },
        { line: 4, problem: "productId" },
        { line: 5, problem: "variantId" },
        { line: 7, problem: "duplicate" },
        { line: 8, problem: "columns" },
      ],
    });
  });

  it("keeps quoted separators and newlines inside a cell", () => {
    expect(splitCsv('1;"a;\nb";c\r\n2')).toEqual([
      { line: 1, cells: ["1", "a;\nb", "c"] },
      { line: 3, cells: ["2"] },
    ]);
  });
});
