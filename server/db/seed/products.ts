import { eq } from "drizzle-orm";
import type { Tx } from "../client";
import { productCategories, productFieldLinks, productImages, products } from "../schema";
import type { CategoryKey } from "./demo-data/categories";
import type { PlannedProduct } from "./plan";
import type { SeededFields } from "./product-fields";

// The demo products with their pictures, categories and fields, and their related-product
// carousels (which name other products, so they are set once every product has its id).

/** A demo product's id by its title. */
export type ProductIdOf = (title: string) => number;

/** The product columns of a planned product: all of it but what goes to other tables or comes later. */
function productValues({
  def: _def,
  categories: _categories,
  fields: _fields,
  variants: _variants,
  slides: _slides,
  slidesTitle: _slidesTitle,
  slidesDescription: _slidesDescription,
  images: _images,
  ...columns
}: PlannedProduct): typeof products.$inferInsert {
  return columns;
}

/** The demo products' SKUs: SZY-0001, SZY-0002, … in the seed's order. */
export const demoSku = (index: number) => `SZY-${String(index + 1).padStart(4, "0")}`;

export async function insertProducts(
  tx: Tx,
  planned: readonly PlannedProduct[],
  categoryIds: ReadonlyMap<CategoryKey, number>,
  fields: SeededFields,
): Promise<{ count: number; productId: ProductIdOf }> {
  const productRows = await tx
    .insert(products)
    // every demo product has its SKU, so that the catalog's export imports back as it is (ADR 077)
    .values(planned.map((product, index) => ({ ...productValues(product), sku: demoSku(index) })))
    .returning({ id: products.id, title: products.title });
  const productIds = new Map(productRows.map((row) => [row.title, row.id]));
  const productId = (title: string) => {
    const id = productIds.get(title);
    if (id === undefined) throw new Error(`Unknown demo product "${title}"`);
    return id;
  };

  await tx.insert(productImages).values(
    planned.flatMap((product) =>
      product.images.map((image, position) => ({
        productId: productId(product.title),
        url: image.ref.url,
        thumbUrl: image.ref.thumb_url,
        name: image.ref.name,
        isNew: image.ref.isNew,
        position,
      })),
    ),
  );
  await tx.insert(productCategories).values(
    planned.flatMap((product) =>
      product.categories.map((key, position) => {
        const categoryId = categoryIds.get(key);
        if (categoryId === undefined) throw new Error(`Unknown category ${key}`);
        return { productId: productId(product.title), categoryId, position };
      }),
    ),
  );
  const fieldLinks = planned.flatMap((product) =>
    product.fields.map((key, position) => ({
      productId: productId(product.title),
      fieldId: fields.fieldId(key),
      position,
    })),
  );
  if (fieldLinks.length > 0) await tx.insert(productFieldLinks).values(fieldLinks);

  // related-product carousels
  for (const product of planned) {
    if (product.slides.length === 0) continue;
    await tx
      .update(products)
      .set({
        hasSlides: true,
        slideIds: product.slides.map(productId),
        slidesTitle: product.slidesTitle,
        slidesDescription: product.slidesDescription,
      })
      .where(eq(products.id, productId(product.title)));
  }
  return { count: productRows.length, productId };
}
