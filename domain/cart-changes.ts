// What changed in the cart between the checkout page the shopper saw and the order they sent
// (issue 25, defect 2): per line, it ran out, fewer units are left, or its price changed. The
// cart restored from the cookie caps each quantity at the stock and drops what cannot be bought
// (SPEC §4 Cart), so without this the order would only see a different total.

/** A cart line as the checkout page showed it (posted back with "Przejdź do płatności"). */
export interface SeenCartLine {
  lineId: string;
  /** the product's title (and variant) as shown, to name a line that is gone */
  title: string;
  quantity: number;
  unitPriceGrosze: number;
}

/** The lines as the checkout shows them (the title with the variant), to post back with the order. */
export function seenLines(
  lines: readonly (FreshCartLine & { productTitle: string; variantLabel: string })[],
): SeenCartLine[] {
  return lines.map((line) => ({
    lineId: line.lineId,
    title: line.variantLabel ? `${line.productTitle} (${line.variantLabel})` : line.productTitle,
    quantity: line.quantity,
    unitPriceGrosze: line.unitPriceGrosze,
  }));
}

/** A cart line as the server priced it now. */
export interface FreshCartLine {
  lineId: string;
  quantity: number;
  unitPriceGrosze: number;
}

export type CartLineChange =
  | { lineId: string; title: string; reason: "out-of-stock" }
  | { lineId: string; title: string; reason: "fewer-left"; requested: number; available: number }
  | {
      lineId: string;
      title: string;
      reason: "price-changed";
      oldUnitPriceGrosze: number;
      newUnitPriceGrosze: number;
    };

/**
 * The changes of the lines the shopper saw, in their order: a line that is gone is out of stock
 * (the restore drops a line with no units or no longer on sale); a smaller quantity means fewer
 * units left; a line can also have a new price. Lines added meanwhile (another tab) are not
 * listed here: the new total says it.
 */
export function cartChanges(
  seen: readonly SeenCartLine[],
  fresh: readonly FreshCartLine[],
): CartLineChange[] {
  const freshById = new Map(fresh.map((line) => [line.lineId, line]));
  const changes: CartLineChange[] = [];
  for (const line of seen) {
    const now = freshById.get(line.lineId);
    if (!now) {
      changes.push({ lineId: line.lineId, title: line.title, reason: "out-of-stock" });
      continue;
    }
    if (now.quantity < line.quantity) {
      changes.push({
        lineId: line.lineId,
        title: line.title,
        reason: "fewer-left",
        requested: line.quantity,
        available: now.quantity,
      });
    }
    if (now.unitPriceGrosze !== line.unitPriceGrosze) {
      changes.push({
        lineId: line.lineId,
        title: line.title,
        reason: "price-changed",
        oldUnitPriceGrosze: line.unitPriceGrosze,
        newUnitPriceGrosze: now.unitPriceGrosze,
      });
    }
  }
  return changes;
}

/** The change a stock shortage found while taking the units makes (an order raced this one). */
export function shortageChange(line: SeenCartLine, available: number): CartLineChange {
  return available > 0
    ? { lineId: line.lineId, title: line.title, reason: "fewer-left", requested: line.quantity, available }
    : { lineId: line.lineId, title: line.title, reason: "out-of-stock" };
}
