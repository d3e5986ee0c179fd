import { variantKey } from "../../../domain/pricing";
import type { Tx } from "../client";
import { priceHistory, productVariants } from "../schema";
import { type PlannedProduct, priceHistoryPoints } from "./plan";
import type { SeededFields } from "./product-fields";
import type { ProductIdOf } from "./products";

// The demo products' variants (size × colour) and the price history of products and variants
// ("najniższa cena z 30 dni").

export async function insertVariantsAndPriceHistory(
  tx: Tx,
  now: Date,
  planned: readonly PlannedProduct[],
  productId: ProductIdOf,
  { fieldId, optionId }: SeededFields,
): Promise<{ variants: number; priceHistory: number }> {
  const variantValues = planned.flatMap((product) =>
    product.variants.map((variant, position) => {
      const fields: Record<string, number> = {
        [String(fieldId(variant.sizeField))]: optionId(variant.sizeField, variant.sizeOption),
        [String(fieldId("kolor"))]: optionId("kolor", variant.colourOption),
      };
      return {
        productId: productId(product.title),
        fields,
        variantKey: variantKey(fields),
        priceGrosze: variant.priceGrosze,
        promotionalPriceGrosze: variant.promotionalPriceGrosze,
        quantity: variant.quantity,
        position,
      };
    }),
  );
  const variantRows =
    variantValues.length > 0
      ? await tx.insert(productVariants).values(variantValues).returning({
          id: productVariants.id,
          productId: productVariants.productId,
          priceGrosze: productVariants.priceGrosze,
          promotionalPriceGrosze: productVariants.promotionalPriceGrosze,
        })
      : [];
  const historyValues: (typeof priceHistory.$inferInsert)[] = [];
  for (const product of planned) {
    const id = productId(product.title);
    for (const point of priceHistoryPoints(now, product.priceGrosze, product.promotionalPriceGrosze)) {
      historyValues.push({ productId: id, variantId: null, ...point });
    }
  }
  for (const variant of variantRows) {
    for (const point of priceHistoryPoints(now, variant.priceGrosze, variant.promotionalPriceGrosze)) {
      historyValues.push({ productId: variant.productId, variantId: variant.id, ...point });
    }
  }
  await tx.insert(priceHistory).values(historyValues);
  return { variants: variantRows.length, priceHistory: historyValues.length };
}
