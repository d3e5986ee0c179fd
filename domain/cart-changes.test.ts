import { describe, expect, it } from "vitest";
import { cartChanges, type SeenCartLine, shortageChange } from "./cart-changes";

const SEEN: SeenCartLine[] = [
  { lineId: "7|", title: "Kocyk", quantity: 2, unitPriceGrosze: 5_000 },
  { lineId: "8|1:11", title: "Poduszka (Niebieski)", quantity: 1, unitPriceGrosze: 3_000 },
];

describe("cartChanges", () => {
  it("finds nothing when every line is as shown (a line added meanwhile is not a change of a shown line)", () => {
    const fresh = [
      { lineId: "7|", quantity: 2, unitPriceGrosze: 5_000 },
      { lineId: "8|1:11", quantity: 1, unitPriceGrosze: 3_000 },
      { lineId: "9|", quantity: 1, unitPriceGrosze: 100 },
    ];
    expect(cartChanges(SEEN, fresh)).toEqual([]);
  });

  it("says per line: fewer left, gone (out of stock), a new price", () => {
    expect(cartChanges(SEEN, [{ lineId: "7|", quantity: 1, unitPriceGrosze: 4_500 }])).toEqual([
      { lineId: "7|", title: "Kocyk", reason: "fewer-left", requested: 2, available: 1 },
      {
        lineId: "7|",
        title: "Kocyk",
        reason: "price-changed",
        oldUnitPriceGrosze: 5_000,
        newUnitPriceGrosze: 4_500,
      },
      { lineId: "8|1:11", title: "Poduszka (Niebieski)", reason: "out-of-stock" },
    ]);
  });

  it("turns a shortage found while taking the units into the same change", () => {
    const [line] = SEEN as [SeenCartLine];
    expect(shortageChange(line, 1)).toEqual({
      lineId: "7|",
      title: "Kocyk",
      reason: "fewer-left",
      requested: 2,
      available: 1,
    });
    expect(shortageChange(line, 0)).toEqual({ lineId: "7|", title: "Kocyk", reason: "out-of-stock" });
  });
});
