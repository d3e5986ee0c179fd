import { describe, expect, it } from "vitest";
import { fa3InvoiceXml, fa3Text } from "./fa3-invoice";
import { buildInvoiceDocument } from "./invoice";
import { orderItem, sampleOrder } from "./order.fixtures";

// The pure parts of the FA(3) writer; the schema validation and the sums are proven in
// server/integrations/ksef/fa3-invoice.test.ts.

describe("fa3Text", () => {
  it("drops characters XML and KSeF refuse and collapses whitespace", () => {
    expect(fa3Text("  Kocyk\u0007 minky\n\t\u0085żółty\uFFFE\uFDD0 ", 256)).toBe("Kocyk minky żółty");
    expect(fa3Text("a\uD800b", 256)).toBe("ab");
  });

  it("cuts at the limit counted in characters, never inside a surrogate pair, ending with …", () => {
    const text = `${"ż".repeat(10)}🧵🧵🧵`;
    expect(fa3Text(text, 13)).toBe(text);
    const cut = fa3Text(text, 12);
    expect(Array.from(cut)).toHaveLength(12);
    expect(cut).toBe(`${"ż".repeat(10)}🧵…`);
    expect(fa3Text("ala ma kota", 5)).toBe("ala…");
  });
});

describe("fa3InvoiceXml", () => {
  const seller = { name: "Sklep", nip: "5260250274", address: ["ul. Krawiecka 1"] };

  it("refuses a VAT rate FA(3) has no field for in this shop", () => {
    const doc = buildInvoiceDocument({
      order: sampleOrder({ cart: [orderItem({ vatRate: 7 })] }),
      seller,
      number: "FV/2026/11/0001",
      issuedAt: new Date("2026-11-21T10:00:00Z"),
      saleDate: new Date("2026-11-21T10:00:00Z"),
    });
    expect(() => fa3InvoiceXml({ document: doc, createdAt: new Date(), systemInfo: "Sklep" })).toThrow(
      RangeError,
    );
  });

  it("refuses a seller without an address (AdresL1 is required)", () => {
    const doc = buildInvoiceDocument({
      order: sampleOrder(),
      seller: { ...seller, address: [" "] },
      number: "FV/2026/11/0001",
      issuedAt: new Date("2026-11-21T10:00:00Z"),
      saleDate: new Date("2026-11-21T10:00:00Z"),
    });
    expect(() => fa3InvoiceXml({ document: doc, createdAt: new Date(), systemInfo: "Sklep" })).toThrow(
      /address/,
    );
  });
});
