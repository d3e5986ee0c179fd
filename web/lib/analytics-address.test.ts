import { describe, expect, it } from "vitest";
import { pathWithoutSecrets, withoutSecrets } from "./analytics-address";

// What Google Analytics may see of an address (issue 24 item 7).

const SHOP = "https://sklep.example.pl";

describe("withoutSecrets", () => {
  it.each([
    [`${SHOP}/ustaw-nowe-haslo?token=abc123&email=jan%40example.com`, `${SHOP}/ustaw-nowe-haslo`],
    [`${SHOP}/gotowe?orderNumber=20260042&email=jan@example.com`, `${SHOP}/gotowe`],
    [`${SHOP}/zamowienie?ORDERNUMBER=7&Email=a%40b.pl&lang=en`, `${SHOP}/zamowienie?lang=en`],
    [`${SHOP}/produkty?szukaj=ala%40kot.pl&strona=2`, `${SHOP}/produkty?strona=2`],
    [`${SHOP}/konto/jan@example.com/x#token=1`, `${SHOP}/konto/-/x`],
    [`${SHOP}/produkty?strona=2&sort=cena`, `${SHOP}/produkty?strona=2&sort=cena`],
    ["", ""],
  ])("%s → %s", (href, expected) => {
    expect(withoutSecrets(href)).toBe(expected);
  });
});

describe("pathWithoutSecrets", () => {
  it("is the safe address's path and query", () => {
    expect(pathWithoutSecrets(`${SHOP}/gotowe?orderNumber=1&email=a%40b.pl&x=1`)).toBe("/gotowe?x=1");
  });
});
