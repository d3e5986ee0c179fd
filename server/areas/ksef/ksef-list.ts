import { type SQL, sql } from "drizzle-orm";
import { zipSync } from "fflate";
import type { KsefListState } from "../../../domain/ksef-state";
import type { StaffInvoicesQuery } from "../../../domain/validation/ksef";
import type { Db } from "../../db/client";
import { type ListPage, readListPage } from "../../db/list-page";
import { correctingInvoices, invoices, ksefSubmissions, orders } from "../../db/schema";
import type { KsefDocumentKind } from "./ksef.service";

// The staff invoices list (/konto/sklep/faktury, GET /api/staff/invoices): invoices and correcting
// invoices together, newest first, with their KSeF state; counted and paged in SQL like the other
// staff lists, filtered by KSeF state and month. And the accountant's monthly export: a CSV (`;`,
// UTF-8 with BOM, amounts "123,45") and a ZIP of the month's FA(3) XML files.

export interface StaffInvoiceRow {
  kind: KsefDocumentKind;
  _id: number;
  number: string;
  /** the order's number (the invoice PDF's route names it) */
  orderNumber: string;
  issuedAt: string;
  buyer: string;
  nip: string | null;
  grossGrosze: number;
  ksef: {
    state: KsefListState;
    ksefNumber: string | null;
    /** KSeF's refusal (code and message), or the last transient error while waiting */
    errorCode: number | null;
    errorMessage: string | null;
    hasXml: boolean;
    hasUpo: boolean;
  };
}

interface RawRow extends Record<string, unknown> {
  kind: KsefDocumentKind;
  id: number;
  number: string;
  order_number: string;
  issued_at: string | Date;
  buyer: string | null;
  nip: string | null;
  gross: number;
  state: KsefListState | null;
  ksef_number: string | null;
  error_code: number | null;
  error_message: string | null;
  has_upo: boolean;
  xml?: string | null;
}

/** Where each kind of document is, what its gross amount is, and how its submission names it. */
const KINDS = [
  {
    kind: sql.raw("'invoice'"),
    table: invoices,
    gross: sql.raw("o.price_grosze"),
    submission: sql.raw("s.invoice_id"),
  },
  {
    kind: sql.raw("'correcting'"),
    table: correctingInvoices,
    gross: sql.raw("x.total_grosze"),
    submission: sql.raw("s.correcting_invoice_id"),
  },
] as const;

/** Both kinds of document as one relation `d` (columns as RawRow), `xml` included when asked. */
function documents(withXml: boolean): SQL {
  const xml = withXml ? sql`, s.xml` : sql``;
  const selects = KINDS.map(
    (each) => sql`select ${each.kind} as kind, x.id, x.number, o.order_number, x.issued_at, x.year, x.month,
      o.invoice_data->>'displayName' as buyer, nullif(trim(o.invoice_data->>'nip'), '') as nip,
      ${each.gross} as gross, s.state, s.ksef_number, s.error_code, s.error_message,
      (s.upo_xml is not null) as has_upo${xml}
    from ${each.table} x
    join ${orders} o on o.id = x.order_id
    left join ${ksefSubmissions} s on ${each.submission} = x.id`,
  );
  return sql`(${sql.join(selects, sql` union all `)}) d`;
}

function filters(query: { state?: KsefListState; month?: string }): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.state === "none") conditions.push(sql`d.state is null`);
  else if (query.state) conditions.push(sql`d.state = ${query.state}`);
  if (query.month) {
    const [year, month] = query.month.split("-").map(Number);
    conditions.push(sql`d.year = ${year} and d.month = ${month}`);
  }
  return sql.join(conditions, sql` and `);
}

function rowView(row: RawRow): StaffInvoiceRow {
  return {
    kind: row.kind,
    _id: Number(row.id),
    number: row.number,
    orderNumber: row.order_number,
    issuedAt: new Date(row.issued_at).toISOString(),
    buyer: row.buyer ?? "",
    nip: row.nip,
    grossGrosze: Number(row.gross),
    ksef: {
      state: row.state ?? "none",
      ksefNumber: row.ksef_number,
      errorCode: row.error_code === null ? null : Number(row.error_code),
      errorMessage: row.error_message,
      hasXml: row.state !== null,
      hasUpo: Boolean(row.has_upo),
    },
  };
}

/** Grosze as the accountant's spreadsheet reads them: "123,45", "-12,00". */
export function csvAmount(grosze: number): string {
  const sign = grosze < 0 ? "-" : "";
  const abs = Math.abs(grosze);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

function csvField(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

const CSV_HEADER = [
  "Rodzaj",
  "Numer",
  "Data wystawienia",
  "Nabywca",
  "NIP",
  "Brutto",
  "Stan KSeF",
  "Numer KSeF",
];
const CSV_KIND: Record<KsefDocumentKind, string> = { invoice: "faktura", correcting: "korekta" };
const CSV_STATE: Record<KsefListState, string> = {
  none: "nie dotyczy",
  waiting: "wysyłana",
  sent: "wysłana",
  refused: "odrzucona",
};

export function invoicesCsv(rows: readonly StaffInvoiceRow[]): string {
  const lines = [
    CSV_HEADER,
    ...rows.map((row) => [
      CSV_KIND[row.kind],
      row.number,
      row.issuedAt.slice(0, 10),
      row.buyer,
      row.nip ?? "",
      csvAmount(row.grossGrosze),
      CSV_STATE[row.ksef.state],
      row.ksef.ksefNumber ?? "",
    ]),
  ];
  return `\uFEFF${lines.map((line) => line.map(csvField).join(";")).join("\r\n")}\r\n`;
}

export function createKsefListService(db: Db) {
  async function monthRows(month: string, withXml: boolean): Promise<RawRow[]> {
    const { rows } = await db.execute<RawRow>(
      sql`select * from ${documents(withXml)} where ${filters({ month })} order by d.issued_at, d.kind desc, d.id`,
    );
    return rows;
  }

  return {
    /** One page of the list, newest first. */
    async list(query: StaffInvoicesQuery): Promise<ListPage<StaffInvoiceRow>> {
      const where = filters(query);
      const { rows: counted } = await db.execute<{ total: number }>(
        sql`select count(*)::int as total from ${documents(false)} where ${where}`,
      );
      return readListPage(query.page, Number(counted[0]?.total ?? 0), async (limit, offset) => {
        const { rows } = await db.execute<RawRow>(
          sql`select * from ${documents(false)} where ${where}
            order by d.issued_at desc, d.kind, d.id desc limit ${limit} offset ${offset}`,
        );
        return rows.map(rowView);
      });
    },

    /** How many documents KSeF refused (the dashboard's counter). */
    async refusedCount(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(ksefSubmissions)
        .where(sql`${ksefSubmissions.state} = 'refused'`);
      return row?.count ?? 0;
    },

    /** The month's documents as CSV for the accountant. */
    async exportCsv(month: string): Promise<{ bytes: Uint8Array; fileName: string }> {
      const rows = (await monthRows(month, false)).map(rowView);
      return { bytes: new TextEncoder().encode(invoicesCsv(rows)), fileName: `faktury-${month}.csv` };
    },

    /** The month's FA(3) XML files as sent to KSeF, in one ZIP (documents that went there). */
    async exportZip(month: string): Promise<{ bytes: Uint8Array; fileName: string }> {
      const files: Record<string, Uint8Array> = {};
      for (const row of await monthRows(month, true)) {
        if (!row.xml) continue;
        files[`${row.number.replaceAll("/", "-")}.xml`] = new TextEncoder().encode(row.xml);
      }
      return { bytes: zipSync(files, { level: 6 }), fileName: `faktury-${month}-xml.zip` };
    },
  };
}

export type KsefListService = ReturnType<typeof createKsefListService>;
