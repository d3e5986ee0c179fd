import { describe, expect, it } from "vitest";
import { fetchKeepingMarker } from "./lang-marker";

describe("fetchKeepingMarker", () => {
  const asked: string[] = [];
  const fetchPage = fetchKeepingMarker(
    async (input) => {
      asked.push(String(input));
      return new Response("");
    },
    "https://sklep.example",
    "en",
  );

  it("adds the page's language marker to its route-data requests only", async () => {
    await fetchPage(new URL("https://sklep.example/produkty.data?kategoria=3"));
    await fetchPage(new URL("https://sklep.example/produkt/1-a.data?lang=pl"));
    await fetchPage(new URL("https://sklep.example/api/shops/products/1/views"));
    await fetchPage(new URL("https://elsewhere.example/x.data"));
    await fetchPage("/koszyk.data");
    expect(asked).toEqual([
      "https://sklep.example/produkty.data?kategoria=3&lang=en",
      "https://sklep.example/produkt/1-a.data?lang=pl",
      "https://sklep.example/api/shops/products/1/views",
      "https://elsewhere.example/x.data",
      "/koszyk.data",
    ]);
  });
});
