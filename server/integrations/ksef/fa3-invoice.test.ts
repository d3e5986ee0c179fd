import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildCorrectingInvoiceDocument, type CorrectionLine } from "../../../domain/correcting-invoice";
import { fa3InvoiceXml } from "../../../domain/fa3-invoice";
import { buildInvoiceDocument, type InvoiceDocument } from "../../../domain/invoice";
import { formatPrice, groszeToDecimalString } from "../../../domain/money";
import { orderItem, sampleOrder } from "../../../domain/order.fixtures";
import { schemaErrors } from "./xml-schema";

// What these tests prove: the FA(3) XML of the shop's invoices and correcting invoices is valid
// against the Ministry's official schema (offline, ./xml-schema.ts), and its sums are the figures the
// PDF prints (the same InvoiceDocument), to the grosz. One schema validation costs ~0.2 s: there are
// seven of them.

const SAMPLE = path.join(path.dirname(fileURLToPath(import.meta.url)), "schemas/fa3-official-sample.xml");
const SELLER = {
  name: "Pracownia Szycia Sp. z o.o.",
  nip: "5260250274",
  address: ["ul. Krawiecka 1", "00-001 Warszawa"],
  bankAccount: null,
};
/** the fixture's buyer as a company (the NIP with dashes, as typed) */
const COMPANY = {
  ...sampleOrder().invoiceData,
  displayName: "Szwalnia <Łódź> & Synowie Sp. z o.o.",
  nip: "774-00-01-454",
};
const CREATED_AT = new Date("2026-11-21T10:00:05Z");
const SYSTEM = "Sklep Pracowni Szycia";

function invoice(order: ReturnType<typeof sampleOrder>, number = "FV/2026/11/0001"): InvoiceDocument {
  return buildInvoiceDocument({
    order,
    seller: SELLER,
    number,
    issuedAt: new Date("2026-11-21T10:00:00Z"),
    saleDate: new Date("2026-11-20T10:00:00Z"),
  });
}

/** every value of <name> in the XML, unescaped */
function values(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, "g"))].map((match) =>
    (match[1] ?? "")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&quot;", '"')
      .replaceAll("&amp;", "&"),
  );
}

function value(xml: string, name: string): string | undefined {
  return values(xml, name)[0];
}

/** "12.34" -> 1234, exactly */
function grosze(decimal: string | undefined): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(decimal ?? "");
  if (!match) throw new Error(`not an amount: ${decimal}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
}

const FIELDS: Record<number, [string, string | null]> = {
  23: ["P_13_1", "P_14_1"],
  8: ["P_13_2", "P_14_2"],
  5: ["P_13_3", "P_14_3"],
  0: ["P_13_6_1", null],
};

/** The sums agree with the document (and so with its PDF): per rate, in total and line by line. */
function expectSumsOfDocument(xml: string, doc: InvoiceDocument): void {
  expect(grosze(value(xml, "P_15"))).toBe(doc.totals.grossGrosze);
  expect(value(xml, "P_15")).toBe(groszeToDecimalString(doc.totals.grossGrosze));
  for (const row of doc.vatSummary) {
    const [net, vat] = FIELDS[row.vatRate] ?? ["?", null];
    expect(grosze(value(xml, net))).toBe(row.netGrosze);
    if (vat) expect(grosze(value(xml, vat))).toBe(row.vatGrosze);
  }
  const lineValues = values(xml, "P_11A").map(grosze);
  expect(lineValues).toEqual(doc.lines.map((line) => line.grossGrosze));
  expect(lineValues.reduce((sum, gross) => sum + gross, 0)).toBe(doc.totals.grossGrosze);
  const rates = values(xml, "P_12");
  for (const row of doc.vatSummary) {
    const code = row.vatRate === 0 ? "0 KR" : String(row.vatRate);
    const rateGross = lineValues.filter((_, index) => rates[index] === code).reduce((a, b) => a + b, 0);
    expect(rateGross).toBe(row.grossGrosze);
  }
}

describe("fa3InvoiceXml: invoices", () => {
  it("a consumer's invoice with free delivery: BrakID, no delivery line, paid, valid", async () => {
    const doc = invoice(sampleOrder());
    const xml = fa3InvoiceXml({ document: doc, createdAt: CREATED_AT, systemInfo: SYSTEM });
    expect(await schemaErrors("fa3", xml)).toEqual([]);
    expect(xml).toContain('<KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza>');
    expect(xml).toContain('xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/"');
    expect(value(xml, "DataWytworzeniaFa")).toBe("2026-11-21T10:00:05.000Z");
    expect(value(xml, "SystemInfo")).toBe(SYSTEM);
    expect(values(xml, "NIP")).toEqual(["5260250274"]);
    expect(value(xml, "BrakID")).toBe("1");
    expect(values(xml, "Nazwa")).toEqual([SELLER.name, "Zofia Łęcka"]);
    expect(values(xml, "AdresL1")).toEqual(["ul. Krawiecka 1", "ul. Źródlana 5/7"]);
    expect(value(xml, "P_1")).toBe("2026-11-21");
    expect(value(xml, "P_2")).toBe("FV/2026/11/0001");
    expect(value(xml, "P_6")).toBe("2026-11-20");
    expect(value(xml, "RodzajFaktury")).toBe("VAT");
    expect(values(xml, "P_7")).toEqual(["Kocyk minky Żółty (Rozmiar: 75×100)", "Śliniak bawełniany"]);
    expect(values(xml, "P_8B")).toEqual(["1", "2"]);
    expect(values(xml, "P_9B")).toEqual(["89.00", "19.50"]);
    expect(values(xml, "P_10")).toEqual([]);
    expect(value(xml, "Zaplacono")).toBe("1");
    expect(value(xml, "DataZaplaty")).toBe("2026-11-20");
    expect(value(xml, "OpisPlatnosci")).toBe("płatność online");
    expect(value(xml, "NrZamowienia")).toBe(doc.orderNumber);
    expectSumsOfDocument(xml, doc);
  });

  it("a company's invoice with 23/8/5 %, a coupon, paid delivery and a long odd name: valid, sums of the PDF", async () => {
    const longTitle = `Kocyk "minky" <premium> & więcej ${"bardzo długi opis ".repeat(40)}`;
    const cart = [
      orderItem({ product: 1, productTitle: longTitle, unitPriceGrosze: 8_999, quantity: 3, vatRate: 23 }),
      orderItem({ product: 2, productTitle: "Książka o szyciu", unitPriceGrosze: 4_733, vatRate: 5 }),
      orderItem({
        product: 3,
        productTitle: "Tkanina\tbawełniana\u0007",
        unitPriceGrosze: 1_111,
        quantity: 7,
        vatRate: 8,
      }),
    ];
    const products = cart.reduce((sum, item) => sum + item.priceGrosze, 0);
    const doc = invoice(
      sampleOrder({
        cart,
        delivery: { method: "courier", title: "Kurier", priceGrosze: 1_499 },
        coupon: { code: "WITAJ10" } as never,
        couponDiscountGrosze: Math.round(products / 10),
        invoiceData: COMPANY,
      }),
    );
    expect(doc.vatSummary.map((row) => row.vatRate)).toEqual([23, 8, 5]);
    const xml = fa3InvoiceXml({ document: doc, createdAt: CREATED_AT, systemInfo: SYSTEM });
    expect(await schemaErrors("fa3", xml)).toEqual([]);
    expect(values(xml, "NIP")).toEqual(["5260250274", "7740001454"]);
    expect(xml).not.toContain("<BrakID>");
    expect(xml).toContain("<Nazwa>Szwalnia &lt;Łódź&gt; &amp; Synowie Sp. z o.o.</Nazwa>");
    const names = values(xml, "P_7");
    expect(Array.from(names[0] ?? "").length).toBeGreaterThan(500);
    expect(Array.from(names[0] ?? "").length).toBeLessThanOrEqual(512);
    expect(names[0]).toMatch(/^Kocyk "minky" <premium> & więcej bardzo.*\S…$/);
    expect(names[2]).toBe("Tkanina bawełniana");
    expect(names[3]).toBe("Dostawa: Kurier");
    expect(values(xml, "P_8A")).toEqual(["szt.", "szt.", "szt.", "usł."]);
    expect(values(xml, "P_12")).toEqual(["23", "5", "8", "23"]);
    expect(values(xml, "P_10").map(grosze)).toEqual(
      doc.lines.filter((line) => line.discountGrosze > 0).map((line) => line.discountGrosze),
    );
    expect(value(xml, "Wartosc")).toBe(
      `kod WITAJ10: -${formatPrice(doc.coupon?.discountGrosze ?? 0)}, rozdzielony na pozycje proporcjonalnie do ich wartości brutto`,
    );
    expectSumsOfDocument(xml, doc);
  });

  it("a 0 % line goes to P_13_6_1 with the rate 0 KR; P_6 is left out when the sale was on the issue day", async () => {
    const doc = buildInvoiceDocument({
      order: sampleOrder({
        cart: [
          orderItem({ productTitle: "Wykrój (e-book)", unitPriceGrosze: 2_500, vatRate: 0 }),
          orderItem({ product: 2, productTitle: "Nici", unitPriceGrosze: 999, vatRate: 23 }),
        ],
        deliveryPriceGrosze: 1_299,
      }),
      seller: SELLER,
      number: "FV/2026/11/0002",
      issuedAt: new Date("2026-11-21T10:00:00Z"),
      saleDate: new Date("2026-11-21T08:00:00Z"),
    });
    const xml = fa3InvoiceXml({ document: doc, createdAt: CREATED_AT, systemInfo: SYSTEM });
    expect(await schemaErrors("fa3", xml)).toEqual([]);
    expect(xml).not.toContain("<P_6>");
    expect(values(xml, "P_12")).toEqual(["0 KR", "23", "23"]);
    expect(value(xml, "P_13_6_1")).toBe("25.00");
    expectSumsOfDocument(xml, doc);
  });
});

describe("fa3InvoiceXml: correcting invoices", () => {
  const lines: CorrectionLine[] = [
    { orderItemId: 1, title: "Kocyk minky Żółty", quantity: -1, vatRate: 23, amountGrosze: -8_100 },
    { orderItemId: 2, title: "Śliniak bawełniany", quantity: -2, vatRate: 8, amountGrosze: -3_511 },
    { orderItemId: null, title: "Dostawa: Kurier", quantity: -1, vatRate: 23, amountGrosze: -1_499 },
  ];
  const doc = buildCorrectingInvoiceDocument({
    number: "KOR/2026/11/0003",
    issuedAt: new Date("2026-11-27T10:00:00Z"),
    reason: "zwrot towaru – odstąpienie od umowy",
    lines,
    invoice: {
      number: "FV/2026/11/0001",
      issuedAt: new Date("2026-11-21T10:00:00Z"),
      saleDate: new Date("2026-11-20T10:00:00Z"),
    },
    order: { orderNumber: "20261121-0007", invoiceData: COMPANY },
    seller: SELLER,
  });

  it("with the corrected invoice's KSeF number: KOR, the reason, NrKSeF, negative differences, valid", async () => {
    const ksefNumber = "5265877635-20250826-0100001AF629-AF";
    const xml = fa3InvoiceXml({
      document: doc,
      createdAt: CREATED_AT,
      systemInfo: SYSTEM,
      corrected: { ksefNumber },
    });
    expect(await schemaErrors("fa3", xml)).toEqual([]);
    expect(value(xml, "RodzajFaktury")).toBe("KOR");
    expect(value(xml, "PrzyczynaKorekty")).toBe("zwrot towaru – odstąpienie od umowy");
    expect(value(xml, "TypKorekty")).toBe("2");
    expect(value(xml, "DataWystFaKorygowanej")).toBe("2026-11-21");
    expect(value(xml, "NrFaKorygowanej")).toBe("FV/2026/11/0001");
    expect(value(xml, "NrKSeF")).toBe("1");
    expect(value(xml, "NrKSeFFaKorygowanej")).toBe(ksefNumber);
    expect(xml).not.toContain("<NrKSeFN>");
    expect(value(xml, "P_15")).toBe("-131.10");
    expect(values(xml, "P_8B")).toEqual(["-1", "-2", "-1"]);
    expect(values(xml, "P_9B")).toEqual(["81.00", "17.56", "14.99"]);
    expect(xml).not.toContain("<Platnosc>");
    expectSumsOfDocument(xml, doc);
  });

  it("without it (the invoice was issued outside KSeF): NrKSeFN, valid", async () => {
    const xml = fa3InvoiceXml({
      document: doc,
      createdAt: CREATED_AT,
      systemInfo: SYSTEM,
      corrected: { ksefNumber: null },
    });
    expect(await schemaErrors("fa3", xml)).toEqual([]);
    expect(value(xml, "NrKSeFN")).toBe("1");
    expect(xml).not.toContain("<NrKSeFFaKorygowanej>");
    expectSumsOfDocument(xml, doc);
  });
});

describe("the validator itself", () => {
  it("accepts the Ministry's own sample with its placeholders filled", async () => {
    const xml = fs
      .readFileSync(SAMPLE, "utf8")
      .replace("#nip#", "5260250274")
      .replace("#invoicing_date#", "2026-11-21")
      .replace("#invoice_number#", "0001");
    expect(await schemaErrors("fa3", xml)).toEqual([]);
  });

  it("rejects a broken document (a rate the schema does not know, a line before the sums)", async () => {
    const good = fa3InvoiceXml({
      document: invoice(sampleOrder()),
      createdAt: CREATED_AT,
      systemInfo: SYSTEM,
    });
    const broken = good.replace("<P_12>23</P_12>", "<P_12>19</P_12>").replace(/<P_15>[^<]*<\/P_15>/, "");
    const errors = await schemaErrors("fa3", broken);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join("\n")).toMatch(/P_12|P_15|Adnotacje/);
  });
});
