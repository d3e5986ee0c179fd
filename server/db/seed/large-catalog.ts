import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../client";
import { categories, fieldOptions, productFields } from "../schema";

// A large generated catalog (10,000 products in a few seconds, also on PGlite) for the scale and
// index tests and `npm run bench`: every row is written by a few INSERT … SELECT generate_series
// statements, so the cost does not grow with round trips. The data looks like the shop's own:
// Polish titles, descriptions and tags from word lists, a category tree of three levels, every
// fifth product with size × colour variants (fields and options linked as the demo seed does),
// promotional prices, the list flags, some hidden and some sold-out products, and the price
// history the triggers of migration 0004 write on insert.
//
// Every value is a function of the product's number i (1..n), so tests can count what to expect.
// It adds to whatever the database holds (the demo seed or nothing): ids come from the database,
// slugs carry a number above every existing id.

export interface LargeCatalogOptions {
  products: number;
  /** product images to cycle through (two per product); none when omitted */
  images?: { url: string; thumbUrl: string }[];
}

export interface LargeCatalog {
  /** the categories it created, parents before children (index 0 is the first top-level one) */
  categoryIds: number[];
  /** its products' ids, all of first..last */
  productIds: { first: number; last: number };
}

/** The category tree under the shop's root: top level → subcategories → leaves (products). */
export const LARGE_CATALOG_TREE: readonly (readonly [
  string,
  readonly (readonly [string, readonly string[]])[],
])[] = [
  [
    "Sypialnia malucha",
    [
      ["Kocyki i pledy", ["Kocyki minky", "Pledy bawełniane"]],
      ["Pościel dziecięca", ["Komplety pościeli", "Prześcieradła"]],
      ["Poduszki", ["Poduszki klinowe", "Poduszki dekoracyjne"]],
    ],
  ],
  [
    "Spacer i podróż",
    [
      ["Śpiworki", ["Śpiworki do wózka", "Śpiworki zimowe"]],
      ["Rożki i otulacze", ["Rożki usztywniane", "Otulacze bambusowe"]],
    ],
  ],
  [
    "Zabawa",
    [
      ["Przytulanki", ["Misie", "Króliczki"]],
      ["Dekoracje pokoju", ["Girlandy", "Proporczyki"]],
    ],
  ],
  [
    "Dla mamy",
    [
      ["Torby", ["Torby do wózka", "Kosmetyczki"]],
      ["Prezenty", ["Zestawy prezentowe", "Bony podarunkowe"]],
    ],
  ],
];

/** Kinds of product: the noun of the title and its grammatical gender (colour agreement). */
export const LARGE_CATALOG_KINDS = [
  "Kocyk",
  "Poduszka",
  "Rożek",
  "Śpiworek",
  "Girlanda",
  "Przytulanka",
] as const;
const KIND_GENDER = ["m", "f", "m", "m", "f", "f"] as const;
/** Colours: masculine, feminine forms (i / 6 cycles them, so kind and colour vary independently). */
export const LARGE_CATALOG_COLOURS = [
  ["żółty", "żółta"],
  ["miętowy", "miętowa"],
  ["różowy", "różowa"],
  ["szary", "szara"],
  ["beżowy", "beżowa"],
  ["granatowy", "granatowa"],
] as const;
const PATTERNS = ["w gwiazdki", "w groszki", "w kratkę", "w paski", "w chmurki", "w serduszka", "w jodełkę"];
const MATERIALS = ["bawełny organicznej", "muślinu bambusowego", "minky", "lnu", "weluru", "flaneli"];
const SENTENCES = [
  "Świetny pomysł na prezent dla noworodka i na chrzest.",
  "Można prać w pralce w 40 °C, nie traci koloru.",
  "Wypełnienie antyalergiczne, miękkie i lekkie.",
  "Powstaje w małej pracowni pod Krakowem, na zamówienie.",
  "Tkanina z certyfikatem Oeko-Tex, bezpieczna dla skóry dziecka.",
];
const OCCASION_TAGS = ["prezent", "lato", "zima", "niemowlę", "chrzest", "roczek", "baby shower"];
const MATERIAL_TAGS = ["bawełna", "muślin", "minky", "len", "welur", "flanela"];

/** The variant fields every fifth product gets (both price-changing, like the demo's). */
const SIZE_FIELD = {
  title: "Rozmiar",
  description: "Wymiary po uszyciu.",
  options: ["70x100 cm", "100x140 cm"],
};
const COLOUR_FIELD = { title: "Kolor", description: "Kolor wiodący tkaniny.", options: ["Biały", "Szary"] };
/** A size's surcharge over the smallest, in grosze. */
const SIZE_SURCHARGE = 3000;

// ---------------------------------------------------------------- per-product values (SQL of i)

/** ARRAY[…]::text[] with one parameter per value. */
function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** The element of a word list chosen by a number (cycled). */
const pick = (values: readonly string[], index: SQL) =>
  sql`(${textArray(values)})[1 + (${index}) % ${values.length}]`;

/**
 * A flag on about `percent` % of products: i scattered by a multiplier, modulo a prime of its own,
 * so that the flags are independent of each other (and of the residues below) over the catalog.
 */
const flag = (i: SQL, prime: number, percent: number) =>
  sql`((${i}) * 37) % ${prime} * 100 < ${percent * prime}`;

/** Which products are hidden, sold out or have variants: the tests count their expectations with these. */
export const largeCatalogRules = {
  hidden: (i: number) => i % 50 === 7,
  soldOut: (i: number) => i % 20 === 0 || i % 20 === 3,
  hasVariants: (i: number) => i % 5 === 0,
};

function productValues(i: SQL) {
  const kind = sql`(${i}) % ${LARGE_CATALOG_KINDS.length}`;
  const colour = sql`((${i}) / ${LARGE_CATALOG_KINDS.length}) % ${LARGE_CATALOG_COLOURS.length}`;
  const feminine = sql`(${textArray(KIND_GENDER)})[1 + ${kind}] = 'f'`;
  const basePrice = sql`((19 + ((${i}) * 37) % 281) * 100 + 90)`;
  const isSale = flag(i, 89, 15);
  // a sale takes 20 % off, rounded down to …,90 zł
  const salePrice = (price: SQL) => sql`(((${price}) * 8 / 10) / 100 * 100 - 10)`;
  return {
    kind,
    colour,
    title: sql`${pick(LARGE_CATALOG_KINDS, kind)} || ' ' || (case when ${feminine}
        then ${pick(
          LARGE_CATALOG_COLOURS.map((forms) => forms[1]),
          colour,
        )} else ${pick(
          LARGE_CATALOG_COLOURS.map((forms) => forms[0]),
          colour,
        )} end) || ' ' || ${pick(PATTERNS, sql`(${i}) / 7`)}
        || (case when (${i}) % 97 = 13 then ', edycja limitowana' else '' end)`,
    description: sql`'<p>Szyjemy ręcznie z ' || ${pick(MATERIALS, sql`(${i}) / 3`)} || '. ' || ${pick(
      SENTENCES,
      i,
    )} || '</p><p>' || ${pick(SENTENCES, sql`(${i}) / 7 + 2`)} || '</p>'`,
    tags: sql`array[${pick(OCCASION_TAGS, i)}, ${pick(MATERIAL_TAGS, sql`(${i}) / 3`)}]`,
    basePrice,
    isSale,
    salePrice,
    isNew: flag(i, 97, 12),
    isPremium: flag(i, 83, 6),
    isLayette: flag(i, 79, 20),
    isSet: flag(i, 73, 8),
    isHidden: sql`(${i}) % 50 = 7`,
    soldOut: sql`(${i}) % 20 in (0, 3)`,
    hasVariants: sql`(${i}) % 5 = 0`,
    // spread over the last year, distinct to the minute for most products
    updatedAt: sql`now() - make_interval(mins => ((${i}) * 7919) % 525600)`,
  };
}

// ---------------------------------------------------------------- the generator

async function insertCategories(tx: Db): Promise<{ ids: number[]; leaves: number[] }> {
  const [existingRoot] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(isNull(categories.parentId), eq(categories.title, "root")))
    .orderBy(categories.id)
    .limit(1);
  const rootId =
    existingRoot?.id ??
    (
      await tx.insert(categories).values({ title: "root", parentId: null }).returning({ id: categories.id })
    )[0]?.id;
  if (rootId === undefined) throw new Error("root category not inserted");
  const ids: number[] = [];
  const leaves: number[] = [];
  const insert = async (title: string, parentId: number, order: number) => {
    const [row] = await tx
      .insert(categories)
      .values({ title, parentId, order })
      .returning({ id: categories.id });
    if (!row) throw new Error("category not inserted");
    ids.push(row.id);
    return row.id;
  };
  for (const [topIndex, [top, subs]] of LARGE_CATALOG_TREE.entries()) {
    const topId = await insert(top, rootId, 10 + topIndex);
    for (const [subIndex, [sub, leafTitles]] of subs.entries()) {
      const subId = await insert(sub, topId, subIndex);
      for (const [leafIndex, leaf] of leafTitles.entries()) leaves.push(await insert(leaf, subId, leafIndex));
    }
  }
  return { ids, leaves };
}

async function insertField(tx: Db, def: { title: string; description: string; options: string[] }) {
  const [field] = await tx
    .insert(productFields)
    .values({ title: def.title, description: def.description, type: "radio", changePrice: true })
    .returning({ id: productFields.id });
  if (!field) throw new Error("field not inserted");
  const options = await tx
    .insert(fieldOptions)
    .values(def.options.map((title, position) => ({ fieldId: field.id, title, position })))
    .returning({ id: fieldOptions.id });
  return { id: field.id, options: options.map((option) => option.id) };
}

/**
 * Adds `options.products` generated products (with their categories, variants, images and price
 * history) to the database, in one transaction, and refreshes the planner's statistics.
 */
export async function seedLargeCatalog(db: Db, options: LargeCatalogOptions): Promise<LargeCatalog> {
  const count = Math.floor(options.products);
  if (count < 1) throw new Error("seedLargeCatalog: products must be at least 1");
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const { ids: categoryIds, leaves } = await insertCategories(tx);
    const size = await insertField(tx, SIZE_FIELD);
    const colour = await insertField(tx, COLOUR_FIELD);
    const [sizeSmall, sizeLarge] = size.options as [number, number];
    const [colourA, colourB] = colour.options as [number, number];

    // the products: a variant product carries its cheapest variant's price and its variants' total
    // stock (as the demo seed writes them)
    const i = sql`g.i`;
    const v = productValues(i);
    const titleOf = productValues(sql`s.i`).title;
    const numbered = await tx.execute<{ base: number }>(
      sql`select coalesce(max(id), 0)::integer as base from products`,
    );
    const base = Number(numbered.rows[0]?.base ?? 0);
    // a variant product's stock is its variants' total: 0+1+2+3 over the four, plus 3 on the first
    const stock = sql`(case when ${v.soldOut} then 0 when ${v.hasVariants} then 9 else 1 + (${i}) % 20 end)`;
    // a few products carry a promotional price equal to the price (no promotion, domain/pricing)
    const promo = sql`(case when ${v.isSale} then ${v.salePrice(v.basePrice)}
      when (${i}) % 97 = 0 then ${v.basePrice} else null end)`;
    const inserted = await tx.execute<{ first: number; last: number }>(sql`
      with g as (
        select s.i, (${titleOf}) || ' nr ' || (${base} + s.i) as title from generate_series(1, ${count}) as s(i)
      ),
      ins as (
        insert into products (title, slug, description, tags, quantity, price_grosze, promotional_price_grosze,
          is_new, is_sale, is_premium, is_layette, is_set, is_hidden, processing_time, created_at, updated_at)
        select g.title,
          btrim(regexp_replace(public.f_unaccent(g.title), '[^A-Za-z0-9]+', '_', 'g'), '_'),
          ${v.description}, ${v.tags}, ${stock}, ${v.basePrice}, ${promo},
          ${v.isNew}, ${v.isSale}, ${v.isPremium}, ${v.isLayette}, ${v.isSet}, ${v.isHidden},
          ${pick(["1-2", "3-6", "7-9", "10-14"], sql`(${i}) / 11`)},
          ${v.updatedAt} - interval '30 days', ${v.updatedAt}
        from g order by g.i
        returning id
      )
      select min(id)::integer as first, max(id)::integer as last from ins`);
    const first = Number(inserted.rows[0]?.first);
    const last = Number(inserted.rows[0]?.last);
    if (!Number.isInteger(first) || last - first + 1 !== count) {
      throw new Error(`seedLargeCatalog: expected ${count} consecutive product ids, got ${first}..${last}`);
    }
    // product number i of an inserted row
    const ofRow = sql`(p.id - ${first} + 1)`;
    const p = productValues(ofRow);
    const ours = sql`p.id between ${first} and ${last}`;

    // categories: a leaf each, every third product a second leaf elsewhere in the tree
    await tx.execute(sql`
      insert into product_categories (product_id, category_id, position)
      select p.id, (${sql.raw(`array[${leaves.join(",")}]::integer[]`)})[1 + (${ofRow} * 7) % ${leaves.length}], 0
      from products p where ${ours}
      union all
      select p.id, (${sql.raw(`array[${leaves.join(",")}]::integer[]`)})[1 + (${ofRow} * 7 + 5) % ${leaves.length}], 1
      from products p where ${ours} and ${ofRow} % 3 = 0`);

    // variants: 2 sizes × 2 colours, the larger size dearer; the sale takes 20 % off each
    await tx.execute(sql`
      insert into product_field_links (product_id, field_id, position)
      select p.id, f.field_id, f.position from products p
      cross join (values (${size.id}::integer, 0), (${colour.id}::integer, 1)) as f(field_id, position)
      where ${ours} and ${p.hasVariants}`);
    await tx.execute(sql`
      insert into product_variants (product_id, fields, variant_key, price_grosze, promotional_price_grosze,
        quantity, position)
      select p.id,
        jsonb_build_object(${String(size.id)}::text, o.size_option, ${String(colour.id)}::text, o.colour_option),
        least(o.size_option, o.colour_option) || '.' || greatest(o.size_option, o.colour_option),
        ${p.basePrice} + o.size_index * ${SIZE_SURCHARGE},
        case when ${p.isSale} then ${p.salePrice(sql`${p.basePrice} + o.size_index * ${SIZE_SURCHARGE}`)} end,
        case when ${p.soldOut} then 0 else (${ofRow} + o.position) % 4 end + case when o.position = 0 and not ${p.soldOut} then 3 else 0 end,
        o.position
      from products p cross join (values
        (${sizeSmall}::integer, ${colourA}::integer, 0, 0), (${sizeSmall}::integer, ${colourB}::integer, 0, 1),
        (${sizeLarge}::integer, ${colourA}::integer, 1, 2), (${sizeLarge}::integer, ${colourB}::integer, 1, 3)
      ) as o(size_option, colour_option, size_index, position)
      where ${ours} and ${p.hasVariants}`);

    // images, cycled: two per product
    const images = options.images ?? [];
    if (images.length > 0) {
      const urls = textArray(images.map((image) => image.url));
      const thumbs = textArray(images.map((image) => image.thumbUrl));
      await tx.execute(sql`
        insert into product_images (product_id, url, thumb_url, name, is_new, position)
        select p.id, (${urls})[1 + (${ofRow} + k) % ${images.length}], (${thumbs})[1 + (${ofRow} + k) % ${images.length}],
          p.title, false, k
        from products p cross join generate_series(0, ${Math.min(images.length, 2) - 1}) as k
        where ${ours}`);
    }
    // fresh statistics, so that the next queries are planned for the new size (PGlite has no
    // autovacuum; on a server it would come later)
    await tx.execute(
      sql`analyze products, product_variants, product_categories, product_images, product_field_links, price_history, categories`,
    );
    return { categoryIds, productIds: { first, last } };
  });
}
