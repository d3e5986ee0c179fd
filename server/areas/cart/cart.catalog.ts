import { sql } from "drizzle-orm";
import type { RestorableProduct } from "../../../domain/cart";
import type { Id, ImageRef } from "../../../domain/types";
import type { FieldLike } from "../../../domain/variants";
import type { Db } from "../../db/client";
import { MAX_DB_ID } from "../../db/ids";
import type { PreparedStatement } from "../../db/prepared-statement";
import {
  fieldOptions,
  productFieldLinks,
  productFields,
  productImages,
  products,
  productVariants,
} from "../../db/schema";

// What the cart needs to know about the products in it, read in ONE statement whatever the number
// of lines: the products, each with its variants, its fields with their options and its first image
// as JSON subqueries (on PGlite every statement costs its own round trip on the one connection, and
// an order reads this inside its transaction). No N+1.

export interface CartProduct extends RestorableProduct {
  slug: string;
  /** the English title and slug (blank: none), for the English interface's cart (docs/decisions/078) */
  titleEn?: string;
  slugEn?: string;
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
  return [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_DB_ID);
}

/** What the loader needs of a database handle: a pool or a transaction (the order reads in its own). */
type Reader = Pick<Db, "execute">;

interface CatalogRow extends Record<string, unknown> {
  id: number;
  slug: string;
  title: string;
  title_en: string;
  slug_en: string;
  is_hidden: boolean;
  quantity: number;
  price_grosze: number;
  promotional_price_grosze: number | null;
  processing_time: CartProduct["processingTime"];
  vat_rate: number;
  variants: {
    id: number;
    fields: Record<string, number>;
    priceGrosze: number;
    promotionalPriceGrosze: number | null;
    quantity: number;
  }[];
  /** the product's fields in display order, each with its options in theirs */
  fields: {
    id: number;
    title: string;
    changePrice: boolean;
    options: { id: number; title: string }[];
  }[];
  image: { url: string; thumbUrl: string; name: string; isNew: boolean } | null;
}

/**
 * The products (hidden ones too: the caller decides) with variants, fields and first image. `run`: a
 * prepared statement to send it through (the order groups', planned once: its text is the same
 * whatever the ids, which travel as one JSON parameter).
 *
 * The ids are a JSON array, not an `int[]`: PostgreSQL estimates `= any(<array constant>)` from the
 * array's length, so each execution's plan for 1–3 ids looked cheaper than the one plan for any ids,
 * and the prepared statement was planned afresh on every order (122 of 122 executions). A JSON array's
 * elements are estimated alike whatever they are (100 rows), so the one plan is kept (ADR 014). The plan is the same index lookup per id either way.
 */
export async function loadCartCatalog(
  db: Reader,
  productIds: Iterable<Id>,
  run?: PreparedStatement,
): Promise<CartCatalog> {
  const ids = validIds(productIds);
  const catalog: CartCatalog = { products: new Map(), fields: new Map() };
  if (ids.length === 0) return catalog;

  const query = sql`
    select p.id, p.slug, p.title, p.title_en, p.slug_en, (p.is_hidden or p.deleted_at is not null) as is_hidden, p.quantity, p.price_grosze, p.promotional_price_grosze,
      p.processing_time, p.vat_rate,
      coalesce((
        select json_agg(json_build_object('id', v.id, 'fields', v.fields, 'priceGrosze', v.price_grosze,
          'promotionalPriceGrosze', v.promotional_price_grosze, 'quantity', v.quantity)
          order by v.position, v.id)
        from ${productVariants} v where v.product_id = p.id), '[]'::json) as variants,
      coalesce((
        select json_agg(json_build_object('id', f.id, 'title', f.title, 'changePrice', f.change_price,
          'options', coalesce((
            select json_agg(json_build_object('id', o.id, 'title', o.title) order by o.position nulls last, o.id)
            from ${fieldOptions} o where o.field_id = f.id), '[]'::json))
          order by l.position, l.field_id)
        from ${productFieldLinks} l join ${productFields} f on f.id = l.field_id
        where l.product_id = p.id), '[]'::json) as fields,
      (select json_build_object('url', i.url, 'thumbUrl', i.thumb_url, 'name', i.name, 'isNew', i.is_new)
        from ${productImages} i where i.product_id = p.id order by i.position, i.id limit 1) as image
    from ${products} p
    where p.id in (select value::int from json_array_elements_text(${JSON.stringify(ids)}::json))`;
  const rows = run ? await run<CatalogRow>(query) : (await db.execute<CatalogRow>(query)).rows;

  for (const row of rows) {
    const product: CartProduct = {
      _id: row.id,
      slug: row.slug,
      title: row.title,
      titleEn: row.title_en,
      slugEn: row.slug_en,
      isHidden: row.is_hidden,
      quantity: row.quantity,
      priceGrosze: row.price_grosze,
      promotionalPriceGrosze: row.promotional_price_grosze,
      processingTime: row.processing_time,
      vatRate: row.vat_rate,
      fields: row.fields.map((field) => field.id),
      variants: row.variants.map((variant) => ({
        _id: variant.id,
        fields: variant.fields,
        priceGrosze: variant.priceGrosze,
        promotionalPriceGrosze: variant.promotionalPriceGrosze,
        quantity: variant.quantity,
      })),
      image: row.image
        ? { url: row.image.url, thumb_url: row.image.thumbUrl, name: row.image.name, isNew: row.image.isNew }
        : null,
    };
    catalog.products.set(row.id, product);
    for (const field of row.fields) {
      if (catalog.fields.has(field.id)) continue;
      catalog.fields.set(field.id, {
        _id: field.id,
        title: field.title,
        changePrice: field.changePrice,
        options: field.options.map((option) => ({ _id: option.id, title: option.title })),
      });
    }
  }
  return catalog;
}
