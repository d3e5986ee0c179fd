import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allocateProportionally,
  amountInWordsPl,
  buildInvoiceDocument,
  type InvoiceSellerInput,
  invoiceDate,
  invoiceNumber,
  invoicePeriod,
  numberInWordsPl,
  summarizeVat,
  vatFromGross,
} from "./invoice";
import { orderItem, sampleOrder } from "./order.fixtures";

const seller: InvoiceSellerInput = {
  name: "Pracownia Szycia Sp. z o.o.",
  nip: "111-111-11-11",
  address: ["ul. Krawiecka 1", "00-001 Warszawa"],
  bankAccount: null,
};
const issuedAt = new Date("2026-11-21T10:00:00Z");

describe("invoiceNumber", () => {
  it.each<[number, number, number, string]>([
    [2026, 11, 1, "FV/2026/11/0001"],
    [2026, 1, 42, "FV/2026/01/0042"],
    [2027, 12, 9999, "FV/2027/12/9999"],
    [2027, 12, 12345, "FV/2027/12/12345"],
  ])("%i/%i #%i -> %s", (year, month, sequence, expected) => {
    expect(invoiceNumber(year, month, sequence)).toBe(expected);
  });

  it.each<[number, number, number]>([
    [2026, 0, 1],
    [2026, 13, 1],
    [2026, 5, 0],
    [2026, 5, 1.5],
    [26, 5, 1],
  ])("rejects %i/%i #%i", (year, month, sequence) => {
    expect(() => invoiceNumber(year, month, sequence)).toThrow(RangeError);
  });
});

describe("invoiceDate and invoicePeriod (Polish calendar)", () => {
  it.each<[string, string, { year: number; month: number }]>([
    ["2026-11-21T10:00:00Z", "2026-11-21", { year: 2026, month: 11 }],
    // 23:30 UTC on 30 November is already 1 December in Warsaw (UTC+1 in winter)
    ["2026-11-30T23:30:00Z", "2026-12-01", { year: 2026, month: 12 }],
    // summer time: UTC+2
    ["2026-06-30T22:30:00Z", "2026-07-01", { year: 2026, month: 7 }],
    ["2026-12-31T22:59:59Z", "2026-12-31", { year: 2026, month: 12 }],
    ["2026-12-31T23:00:00Z", "2027-01-01", { year: 2027, month: 1 }],
  ])("%s -> %s", (iso, date, period) => {
    expect(invoiceDate(new Date(iso))).toBe(date);
    expect(invoicePeriod(new Date(iso))).toEqual(period);
  });
});

describe("vatFromGross", () => {
  it.each<[number, number, number]>([
    [12_300, 23, 2_300],
    [100, 23, 19], // 18.70
    [999, 23, 187], // 186.80
    [1_000, 8, 74], // 74.07
    [10_800, 8, 800],
    [1_050, 5, 50],
    [0, 23, 0],
    [12_345, 0, 0],
    [1, 100, 1], // 0.5 rounds half up
    [-12_300, 23, -2_300],
  ])("%i gr at %i%% -> %i gr VAT", (gross, rate, vat) => {
    expect(vatFromGross(gross, rate)).toBe(vat);
  });

  it("rejects fractional grosze and rates", () => {
    expect(() => vatFromGross(10.5, 23)).toThrow(RangeError);
    expect(() => vatFromGross(100, 7.5)).toThrow(RangeError);
    expect(() => vatFromGross(100, -1)).toThrow(RangeError);
  });
});

describe("allocateProportionally", () => {
  it.each<[number, number[], number[]]>([
    [10, [1, 1, 1], [4, 3, 3]],
    [100, [300, 100], [75, 25]],
    [2_060, [8_900, 3_900, 7_797], [890, 390, 780]],
    [0, [5, 5], [0, 0]],
    [7, [0, 10], [0, 7]],
    [3, [1, 1], [2, 1]],
    [0, [], []],
  ])("%i over %j -> %j", (total, weights, shares) => {
    expect(allocateProportionally(total, weights)).toEqual(shares);
  });

  it("refuses a negative amount, negative weights and an amount over zero weights", () => {
    expect(() => allocateProportionally(-1, [1])).toThrow(RangeError);
    expect(() => allocateProportionally(1, [-1, 2])).toThrow(RangeError);
    expect(() => allocateProportionally(1, [0, 0])).toThrow(RangeError);
  });

  it("always adds up exactly, stays within a grosz of the exact share and never exceeds a weight", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, fraction) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          fc.pre(sum > 0);
          const total = Math.floor(sum * fraction);
          const shares = allocateProportionally(total, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          shares.forEach((share, index) => {
            const weight = weights[index] ?? 0;
            expect(Math.abs(share - (total * weight) / sum)).toBeLessThan(1);
            expect(share).toBeLessThanOrEqual(weight);
            expect(Number.isInteger(share)).toBe(true);
          });
        },
      ),
    );
  });
});

describe("buildInvoiceDocument", () => {
  it("one rate, no coupon, free delivery: lines, per-rate row, totals, buyer and payment", () => {
    const order = sampleOrder({
      invoiceData: {
        displayName: "Szwalnia Łódź Sp. z o.o.",
        email: "biuro@example.com",
        phone: "600100200",
        postCode: "90-001",
        city: "Łódź",
        street: "ul. Piotrkowska 1",
        nip: "774-00-01-454",
      },
    });
    const doc = buildInvoiceDocument({
      order,
      seller,
      number: "FV/2026/11/0001",
      issuedAt,
      saleDate: new Date("2026-11-20T12:00:00Z"),
    });
    expect(doc.number).toBe("FV/2026/11/0001");
    expect(doc.issueDate).toBe("2026-11-21");
    expect(doc.saleDate).toBe("2026-11-20");
    expect(doc.orderNumber).toBe(order.orderNumber);
    expect(doc.seller).toEqual({
      name: "Pracownia Szycia Sp. z o.o.",
      addressLines: ["ul. Krawiecka 1", "00-001 Warszawa"],
      nip: "1111111111",
      bankAccount: null,
    });
    expect(doc.buyer).toEqual({
      name: "Szwalnia Łódź Sp. z o.o.",
      addressLines: ["ul. Piotrkowska 1", "90-001 Łódź"],
      nip: "7740001454",
    });
    expect(doc.lines).toEqual([
      {
        position: 1,
        name: "Kocyk minky Żółty (Rozmiar: 75×100)",
        quantity: 1,
        unit: "szt.",
        kind: "product",
        unitPriceGrosze: 8_900,
        discountGrosze: 0,
        grossGrosze: 8_900,
        netGrosze: 7_236,
        vatGrosze: 1_664, // 1664.23
        vatRate: 23,
      },
      {
        position: 2,
        name: "Śliniak bawełniany",
        quantity: 2,
        unit: "szt.",
        kind: "product",
        unitPriceGrosze: 1_950,
        discountGrosze: 0,
        grossGrosze: 3_900,
        netGrosze: 3_171,
        vatGrosze: 729, // 729.27
        vatRate: 23,
      },
    ]);
    // 12 800 × 23 / 123 = 2393.496 -> 2393
    expect(doc.vatSummary).toEqual([
      { vatRate: 23, netGrosze: 10_407, vatGrosze: 2_393, grossGrosze: 12_800 },
    ]);
    expect(doc.totals).toEqual({ netGrosze: 10_407, vatGrosze: 2_393, grossGrosze: 12_800 });
    expect(doc.coupon).toBeNull();
    expect(doc.payment).toEqual({
      status: "zapłacono",
      method: "płatność online",
      paidGrosze: 12_800,
      dueGrosze: 0,
    });
    expect(doc.amountInWords).toBe("sto dwadzieścia osiem złotych 00/100");
  });

  it("three rates, a coupon spread by gross value and a paid delivery at 23 %", () => {
    const cart = [
      orderItem({ productTitle: "Kocyk", unitPriceGrosze: 8_900, quantity: 1, vatRate: 23 }),
      orderItem({ product: 2, productTitle: "Książeczka", unitPriceGrosze: 1_950, quantity: 2, vatRate: 8 }),
      orderItem({ product: 3, productTitle: "Pieluszki", unitPriceGrosze: 2_599, quantity: 3, vatRate: 5 }),
    ];
    const order = sampleOrder({
      cart,
      delivery: { method: "courier", title: "Kurier", priceGrosze: 1_499 },
      coupon: { code: "WITAJ10" },
      couponDiscountGrosze: 2_060, // 10 % of 205,97 zł
    });
    expect(order.priceGrosze).toBe(20_036);
    const doc = buildInvoiceDocument({
      order,
      seller,
      number: "FV/2026/11/0002",
      issuedAt,
      saleDate: issuedAt,
    });

    expect(
      doc.lines.map((l) => [l.name, l.unitPriceGrosze, l.discountGrosze, l.grossGrosze, l.vatRate]),
    ).toEqual([
      ["Kocyk", 8_900, 890, 8_010, 23],
      ["Książeczka", 1_950, 390, 3_510, 8],
      ["Pieluszki", 2_599, 780, 7_017, 5],
      ["Dostawa: Kurier", 1_499, 0, 1_499, 23],
    ]);
    expect(doc.lines.at(-1)).toMatchObject({ kind: "delivery", unit: "usł.", position: 4 });
    expect(doc.lines.reduce((sum, l) => sum + l.discountGrosze, 0)).toBe(2_060);
    for (const l of doc.lines) expect(l.netGrosze + l.vatGrosze).toBe(l.grossGrosze);

    expect(doc.vatSummary).toEqual([
      { vatRate: 23, netGrosze: 7_731, vatGrosze: 1_778, grossGrosze: 9_509 },
      { vatRate: 8, netGrosze: 3_250, vatGrosze: 260, grossGrosze: 3_510 },
      { vatRate: 5, netGrosze: 6_683, vatGrosze: 334, grossGrosze: 7_017 },
    ]);
    expect(doc.totals).toEqual({ netGrosze: 17_664, vatGrosze: 2_372, grossGrosze: 20_036 });
    expect(doc.coupon).toEqual({ code: "WITAJ10", discountGrosze: 2_060 });
    expect(doc.payment.paidGrosze).toBe(20_036);
    expect(doc.buyer.nip).toBeNull();
    expect(doc.amountInWords).toBe("dwieście złotych 36/100");
  });

  it("per-rate VAT is computed from the rate's summed gross, so it may differ from the lines' VAT", () => {
    const cart = [1, 2, 3].map((product) =>
      orderItem({ product, productTitle: `P${product}`, unitPriceGrosze: 100 }),
    );
    const doc = buildInvoiceDocument({
      order: sampleOrder({ cart }),
      seller,
      number: "FV/2026/11/0003",
      issuedAt,
      saleDate: issuedAt,
    });
    expect(doc.lines.map((l) => l.vatGrosze)).toEqual([19, 19, 19]); // 18.70 each
    expect(doc.vatSummary).toEqual([{ vatRate: 23, netGrosze: 244, vatGrosze: 56, grossGrosze: 300 }]); // 56.10
    expect(doc.totals.vatGrosze).toBe(56);
  });

  it("spreads a discount whose coupon no longer exists, without a code", () => {
    const doc = buildInvoiceDocument({
      order: sampleOrder({ coupon: null, couponDiscountGrosze: 1_280 }),
      seller,
      number: "FV/2026/11/0007",
      issuedAt,
      saleDate: issuedAt,
    });
    expect(doc.coupon).toEqual({ code: null, discountGrosze: 1_280 });
    expect(doc.lines.map((l) => l.discountGrosze)).toEqual([890, 390]);
    expect(doc.totals.grossGrosze).toBe(11_520);
  });

  it("shows no coupon when the discount is 0 and no delivery line when delivery is free", () => {
    const doc = buildInvoiceDocument({
      order: sampleOrder({ coupon: { code: "ZERO" }, couponDiscountGrosze: 0 }),
      seller,
      number: "FV/2026/11/0004",
      issuedAt,
      saleDate: issuedAt,
    });
    expect(doc.coupon).toBeNull();
    expect(doc.lines.every((l) => l.kind === "product")).toBe(true);
  });

  it("refuses an order whose figures do not add up", () => {
    const order = { ...sampleOrder(), priceGrosze: 1 };
    expect(() =>
      buildInvoiceDocument({ order, seller, number: "FV/2026/11/0005", issuedAt, saleDate: issuedAt }),
    ).toThrow(/add up/);
    const tooMuch = sampleOrder({ coupon: { code: "X" }, couponDiscountGrosze: 999_999 });
    expect(() =>
      buildInvoiceDocument({
        order: tooMuch,
        seller,
        number: "FV/2026/11/0006",
        issuedAt,
        saleDate: issuedAt,
      }),
    ).toThrow(/exceeds/);
  });
});

describe("summarizeVat", () => {
  it("groups by rate, highest first, and keeps net + VAT = gross", () => {
    expect(
      summarizeVat([
        { vatRate: 5, grossGrosze: 1_050 },
        { vatRate: 23, grossGrosze: 100 },
        { vatRate: 5, grossGrosze: 1_050 },
        { vatRate: 0, grossGrosze: 500 },
      ]),
    ).toEqual([
      { vatRate: 23, netGrosze: 81, vatGrosze: 19, grossGrosze: 100 },
      { vatRate: 5, netGrosze: 2_000, vatGrosze: 100, grossGrosze: 2_100 },
      { vatRate: 0, netGrosze: 500, vatGrosze: 0, grossGrosze: 500 },
    ]);
  });
});

describe("amount in words", () => {
  it.each<[number, string]>([
    [0, "zero"],
    [1, "jeden"],
    [12, "dwanaście"],
    [21, "dwadzieścia jeden"],
    [100, "sto"],
    [215, "dwieście piętnaście"],
    [1_000, "tysiąc"],
    [1_001, "tysiąc jeden"],
    [2_500, "dwa tysiące pięćset"],
    [5_000, "pięć tysięcy"],
    [12_000, "dwanaście tysięcy"],
    [22_000, "dwadzieścia dwa tysiące"],
    [112_000, "sto dwanaście tysięcy"],
    [1_000_000, "milion"],
    [3_004_005, "trzy miliony cztery tysiące pięć"],
  ])("%i -> %s", (value, words) => {
    expect(numberInWordsPl(value)).toBe(words);
  });

  it.each<[number, string]>([
    [0, "zero złotych 00/100"],
    [100, "jeden złoty 00/100"],
    [199, "jeden złoty 99/100"],
    [200, "dwa złote 00/100"],
    [505, "pięć złotych 05/100"],
    [1_200, "dwanaście złotych 00/100"],
    [2_200, "dwadzieścia dwa złote 00/100"],
    [12_345, "sto dwadzieścia trzy złote 45/100"],
    [100_001, "tysiąc złotych 01/100"],
  ])("%i gr -> %s", (grosze, words) => {
    expect(amountInWordsPl(grosze)).toBe(words);
  });

  it("refuses what it cannot spell", () => {
    expect(() => amountInWordsPl(-1)).toThrow(RangeError);
    expect(() => numberInWordsPl(1e12)).toThrow(RangeError);
    expect(() => numberInWordsPl(1.5)).toThrow(RangeError);
  });
});
