// The accountant's export of paid orders (issue 29): one row per order paid within a range of
// Warsaw days — number, order and payment dates, buyer, NIP, net/VAT/gross per VAT rate (as the
// invoice counts them: domain/invoice.ts), delivery, discount, total, payment, invoice number —
// and a totals row. Pure: the server reads the orders, builds the table here and writes it as CSV
// (below) or XLSX (server/lib/xlsx.ts). Amounts are grosze in the table; the CSV writes "123,45",
// the XLSX a number with two decimals. Dates are text in Warsaw time ("27.11.2026, 14:05").

import { csvCell } from "./warehouse";

export interface ExportVatRow {
  vatRate: number;
  netGrosze: number;
  vatGrosze: number;
  grossGrosze: number;
}

export interface ExportOrder {
  orderNumber: string;
  /** Warsaw time as text */
  orderedAt: string;
  paidAt: string;
  buyer: string;
  nip: string;
  vat: readonly ExportVatRow[];
  deliveryGrosze: number;
  discountGrosze: number;
  totalGrosze: number;
  payment: string;
  invoiceNumber: string;
}

/** A cell: text, or an amount in grosze. */
export type ExportCell = string | { grosze: number };

export interface ExportTable {
  header: string[];
  rows: ExportCell[][];
  totals: ExportCell[];
}

/** The longest range one export covers (a year, as the statistics). */
export const EXPORT_MAX_DAYS = 366;

export const EXPORT_FILE_NAME = "zamowienia";

/** The table of `orders`: a net, VAT and gross column per rate any of them has (highest first). */
export function buildExportTable(orders: readonly ExportOrder[]): ExportTable {
  const rates = [...new Set(orders.flatMap((order) => order.vat.map((row) => row.vatRate)))].sort(
    (a, b) => b - a,
  );
  const header = [
    "Numer zamówienia",
    "Data zamówienia",
    "Data płatności",
    "Nabywca",
    "NIP",
    ...rates.flatMap((rate) => [`Netto ${rate}%`, `VAT ${rate}%`, `Brutto ${rate}%`]),
    "Dostawa brutto",
    "Rabat",
    "Razem brutto",
    "Płatność",
    "Numer faktury",
  ];
  const amounts = (order: ExportOrder): number[] => [
    ...rates.flatMap((rate) => {
      const row = order.vat.find((entry) => entry.vatRate === rate);
      return [row?.netGrosze ?? 0, row?.vatGrosze ?? 0, row?.grossGrosze ?? 0];
    }),
    order.deliveryGrosze,
    order.discountGrosze,
    order.totalGrosze,
  ];
  const money = (grosze: number): ExportCell => ({ grosze });
  const rows = orders.map((order) => [
    order.orderNumber,
    order.orderedAt,
    order.paidAt,
    order.buyer,
    order.nip,
    ...amounts(order).map(money),
    order.payment,
    order.invoiceNumber,
  ]);
  const sums = new Array<number>(rates.length * 3 + 3).fill(0);
  for (const order of orders) {
    amounts(order).forEach((value, i) => {
      sums[i] = (sums[i] ?? 0) + value;
    });
  }
  const totals: ExportCell[] = [`Razem (${orders.length})`, "", "", "", "", ...sums.map(money), "", ""];
  return { header, rows, totals };
}

/** "123,45": grosze as the Polish spreadsheet reads a number. */
function decimal(grosze: number): string {
  const sign = grosze < 0 ? "-" : "";
  const abs = Math.abs(grosze);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/** The table as CSV: UTF-8 with a BOM, `;` between cells, CRLF lines, amounts "123,45". */
export function exportCsv(table: ExportTable): string {
  const line = (cells: readonly ExportCell[]) =>
    cells.map((cell) => (typeof cell === "string" ? csvCell(cell) : decimal(cell.grosze))).join(";");
  return `\uFEFF${[table.header, ...table.rows, table.totals].map((cells) => `${line(cells)}\r\n`).join("")}`;
}
