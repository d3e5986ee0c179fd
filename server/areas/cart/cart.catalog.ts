import { asc, eq, inArray, sql } from "drizzle-orm";
import type { RestorableProduct } from "../../../domain/cart";
import type { Id, ImageRef } from "../../../domain/types";
import type { FieldLike } from "../../../domain/variants";
import type { Db } from "../../db/client";
import {
  fieldOptions,
  productFieldLinks,
  productFields,
  productImages,
  products,
  productVariants,
} from "../../db/schema";

// What the cart needs to know about the products in it, read in a fixed number of queries
// whatever the number of lines: one for the products, one for their variants, one for their fields
// with options, one for the first image of each. No N+1.

/** ids are PostgreSQL `integer`: anything outside cannot exist (and must not reach the query) */
const MAX_ID = 2_147_483_647;

export interface CartProduct extends RestorableProduct {
  slug: string;
  /** VAT rate in percent (order lines and invoices) */
  vatRate: number;
  image: ImageRef | null;
  /** field ids in display order (always present here) */
  fields: Id[];
}

export interface CartCatalog {
  products: Map<Id, CartProduct>;
  fields: Map<Id, FieldLike>;
}

function validIds(ids: Iterable<Id>): Id[] {
  return [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID);
}

/** What the loader needs of a database handle: a pool or a transaction (the order reads in its own). */
type Reader = Pick<Db, "select" | "selectDistinctOn">;

/** The products (hidden ones too: the caller decides) with variants, fields and first image. */
export async function loadCartCatalog(db: Reader, productIds: Iterable<Id>): Promise<CartCatalog> {
  const ids = validIds(productIds);
  const catalog: CartCatalog = { products: new Map(), fields: new Map() };
  if (ids.length === 0) return catalog;

  const [productRows, variantRows, fieldRows, imageRows] = await Promise.all([
    db
      .select({
        id: products.id,
        slug: products.slug,
        title: products.title,
        isHidden: products.isHidden,
        quantity: products.quantity,
        priceGrosze: products.priceGrosze,
        promotionalPriceGrosze: products.promotionalPriceGrosze,
        processingTime: products.processingTime,
        vatRate: products.vatRate,
      })
      .from(products)
      .where(inArray(products.id, ids)),
    db
      .select({
        id: productVariants.id,
        productId: productVariants.productId,
        fields: productVariants.fields,
        priceGrosze: productVariants.priceGrosze,
        promotionalPriceGrosze: productVariants.promotionalPriceGrosze,
        quantity: productVariants.quantity,
      })
      .from(productVariants)
      .where(inArray(productVariants.productId, ids))
      .orderBy(productVariants.productId, productVariants.position, productVariants.id),
    // one row per (product, field, option); a field without options still gives one row
    db
      .select({
        productId: productFieldLinks.productId,
        fieldId: productFields.id,
        fieldTitle: productFields.title,
        changePrice: productFields.changePrice,
        optionId: fieldOptions.id,
        optionTitle: fieldOptions.title,
      })
      .from(productFieldLinks)
      .innerJoin(productFields, eq(productFields.id, productFieldLinks.fieldId))
      .leftJoin(fieldOptions, eq(fieldOptions.fieldId, productFields.id))
      .where(inArray(productFieldLinks.productId, ids))
      .orderBy(
        productFieldLinks.productId,
        productFieldLinks.position,
        productFieldLinks.fieldId,
        sql`${fieldOptions.position} nulls last`,
        asc(fieldOptions.id),
      ),
    db
      .selectDistinctOn([productImages.productId], {
        productId: productImages.productId,
        url: productImages.url,
        thumbUrl: productImages.thumbUrl,
        name: productImages.name,
        isNew: productImages.isNew,
      })
      .from(productImages)
      .where(inArray(productImages.productId, ids))
      .orderBy(productImages.productId, productImages.position, productImages.id),
  ]);

  for (const row of productRows) {
    catalog.products.set(row.id, {
      _id: row.id,
      slug: row.slug,
      title: row.title,
      isHidden: row.isHidden,
      quantity: row.quantity,
      priceGrosze: row.priceGrosze,
      promotionalPriceGrosze: row.promotionalPriceGrosze,
      processingTime: row.processingTime,
      vatRate: row.vatRate,
      fields: [],
      variants: [],
      image: null,
    });
  }
  for (const row of variantRows) {
    const product = catalog.products.get(row.productId);
    if (!product) continue;
    (product.variants as RestorableProduct["variants"][number][]).push({
      _id: row.id,
      fields: row.fields,
      priceGrosze: row.priceGrosze,
      promotionalPriceGrosze: row.promotionalPriceGrosze,
      quantity: row.quantity,
    });
  }
  for (const row of fieldRows) {
    const product = catalog.products.get(row.productId);
    if (product && !product.fields.includes(row.fieldId)) product.fields.push(row.fieldId);
    let field = catalog.fields.get(row.fieldId);
    if (!field) {
      field = { _id: row.fieldId, title: row.fieldTitle, changePrice: row.changePrice, options: [] };
      catalog.fields.set(row.fieldId, field);
    }
    const options = field.options as { _id: Id; title: string }[];
    if (row.optionId !== null && row.optionTitle !== null && !options.some((o) => o._id === row.optionId)) {
      options.push({ _id: row.optionId, title: row.optionTitle });
    }
  }
  for (const row of imageRows) {
    const product = catalog.products.get(row.productId);
    if (product) product.image = { url: row.url, thumb_url: row.thumbUrl, name: row.name, isNew: row.isNew };
  }
  return catalog;
}
