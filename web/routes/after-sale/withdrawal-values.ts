// The withdrawal form's posted quantities, shared by the summary and the server side: one field per
// order line, `qty-{lineId}`, 0 (or empty) for a line the consumer keeps.

export const quantityField = (lineId: number) => `qty-${lineId}`;

/** The whole number of units posted for a line, 0 when none or not a number. */
export function quantityOf(values: Record<string, string>, lineId: number): number {
  const quantity = Number((values[quantityField(lineId)] ?? "").trim());
  return Number.isInteger(quantity) && quantity > 0 ? quantity : 0;
}
