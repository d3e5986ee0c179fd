import { describe, expect, it } from "vitest";
import { contactHref, EMPTY_SAFETY, type ProductSafety, safetyGaps, safetyInfo } from "./gpsr";

const SELLER = {
  name: "Pracownia",
  address: "ul. Krawiecka 1, 00-001 Warszawa",
  contact: "https://sklep.pl",
};
const complete: ProductSafety = {
  ...EMPTY_SAFETY,
  identifier: "Partia 2025/04",
  warnings: "Nie dla dzieci poniżej 3 lat",
};

describe("safetyGaps (what a visible product lacks)", () => {
  it("finds a new product without an identifier and warnings; the shop's own make needs no manufacturer", () => {
    expect(safetyGaps(EMPTY_SAFETY, null)).toEqual(["identifier", "warnings"]);
    expect(safetyGaps(complete, null)).toEqual([]);
  });

  it("takes the SKU as the identifier", () => {
    expect(safetyGaps({ ...complete, identifier: "" }, "SZ-001")).toEqual([]);
    expect(safetyGaps({ ...complete, identifier: "  " }, null)).toEqual(["identifier"]);
  });

  it("asks another manufacturer's address and contact", () => {
    expect(
      safetyGaps({ ...complete, manufacturerName: "Tkalnia", manufacturerAddress: "Łódź" }, null),
    ).toEqual(["manufacturer"]);
    const other = {
      ...complete,
      manufacturerName: "Tkalnia",
      manufacturerAddress: "Łódź",
      manufacturerContact: "a@b.pl",
    };
    expect(safetyGaps(other, null)).toEqual([]);
  });

  it("asks the responsible person in the EU for a manufacturer outside it", () => {
    const outside = {
      ...complete,
      manufacturerName: "Weaver Ltd",
      manufacturerAddress: "London",
      manufacturerContact: "https://weaver.example",
      manufacturerOutsideEu: true,
    };
    expect(safetyGaps(outside, null)).toEqual(["euResponsible"]);
    expect(
      safetyGaps({ ...outside, euRepName: "Rep", euRepAddress: "Berlin", euRepContact: "rep@x.de" }, null),
    ).toEqual([]);
    // "outside the EU" without naming the manufacturer: the seller is in the EU, so it is a mistake
    expect(safetyGaps({ ...complete, manufacturerOutsideEu: true }, null)).toEqual(["euResponsible"]);
  });
});

describe("safetyInfo (the product page's block)", () => {
  it("shows the seller for the shop's own make and the SKU as the identifier", () => {
    const info = safetyInfo({ ...complete, identifier: "" }, "SZ-1", SELLER);
    expect(info.manufacturer).toEqual(SELLER);
    expect(info.identifier).toBe("SZ-1");
    expect(info).not.toHaveProperty("euResponsible");
  });

  it("shows another manufacturer and its responsible person in the EU", () => {
    const info = safetyInfo(
      {
        ...complete,
        manufacturerName: "Weaver Ltd",
        manufacturerAddress: "London",
        manufacturerContact: "w@x.uk",
        manufacturerOutsideEu: true,
        euRepName: "Rep GmbH",
        euRepAddress: "Berlin",
        euRepContact: "rep@x.de",
      },
      null,
      SELLER,
    );
    expect(info.manufacturer.name).toBe("Weaver Ltd");
    expect(info.euResponsible).toEqual({ name: "Rep GmbH", address: "Berlin", contact: "rep@x.de" });
  });
});

describe("contactHref", () => {
  it("links an e-mail and a web address, nothing else", () => {
    expect(contactHref("sklep@example.com")).toBe("mailto:sklep@example.com");
    expect(contactHref("https://sklep.pl/kontakt")).toBe("https://sklep.pl/kontakt");
    expect(contactHref("javascript:alert(1)")).toBeNull();
  });
});
