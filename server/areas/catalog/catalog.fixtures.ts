import { eq } from "drizzle-orm";
import { variantKey } from "../../../domain/pricing";
import type { Db } from "../../db/client";
import {
  categories,
  fieldOptions,
  priceHistory,
  productCategories,
  productFieldLinks,
  productFields,
  productImages,
  products,
  productVariants,
} from "../../db/schema";

// Explicit catalog fixtures for tests (not the demo seed). Every id is the one the database
// returned: nothing assumes ids start at 1.

const DAY_MS = 24 * 60 * 60 * 1000;

export const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

async function insertCategory(db: Db, title: string, parentId: number | null, order: number) {
  const [row] = await db
    .insert(categories)
    .values({ title, parentId, order })
    .returning({ id: categories.id });
  if (!row) throw new Error("category not inserted");
  return row.id;
}

/**
 * root
 * ├─ Dla dzieci (order 0)
 * │  ├─ Wyprawki (order 2)
 * │  │  └─ Rożki (order 0)
 * │  └─ Zabawki (order 5)
 * ├─ Kocyki (order 1, inserted before Akcesoria)
 * ├─ Akcesoria (order 1)
 * └─ Inne (parent null, order 9: attaches under root)
 */
export async function insertCategoryTree(db: Db) {
  const root = await insertCategory(db, "root", null, 0);
  const kocyki = await insertCategory(db, "Kocyki", root, 1);
  const dlaDzieci = await insertCategory(db, "Dla dzieci", root, 0);
  const akcesoria = await insertCategory(db, "Akcesoria", root, 1);
  const inne = await insertCategory(db, "Inne", null, 9);
  const zabawki = await insertCategory(db, "Zabawki", dlaDzieci, 5);
  const wyprawki = await insertCategory(db, "Wyprawki", dlaDzieci, 2);
  const rozki = await insertCategory(db, "Rożki", wyprawki, 0);
  return { root, kocyki, dlaDzieci, akcesoria, inne, zabawki, wyprawki, rozki };
}

/** Two price-changing fields; option positions are the reverse of insertion order. */
export async function insertFields(db: Db) {
  const [size, colour] = await db
    .insert(productFields)
    .values([
      { title: "Rozmiar", changePrice: true, description: "Wybierz rozmiar" },
      { title: "Kolor", changePrice: true },
    ])
    .returning({ id: productFields.id });
  if (!size || !colour) throw new Error("fields not inserted");
  const [sizeS, sizeM, white, pink] = await db
    .insert(fieldOptions)
    .values([
      { fieldId: size.id, title: "S", position: 1 },
      { fieldId: size.id, title: "M", position: 0 },
      { fieldId: colour.id, title: "Biały", position: 0, image: "/media/bialy.jpg" },
      { fieldId: colour.id, title: "Różowy", position: 1 },
    ])
    .returning({ id: fieldOptions.id });
  if (!sizeS || !sizeM || !white || !pink) throw new Error("options not inserted");
  return {
    size: size.id,
    colour: colour.id,
    sizeS: sizeS.id,
    sizeM: sizeM.id,
    white: white.id,
    pink: pink.id,
  };
}

type ProductInsert = typeof products.$inferInsert;

async function insertProduct(db: Db, values: Omit<ProductInsert, "slug"> & { slug?: string }) {
  const [row] = await db
    .insert(products)
    .values({ slug: values.title.replace(/\s+/g, "_"), ...values })
    .returning({ id: products.id });
  if (!row) throw new Error("product not inserted");
  return row.id;
}

/**
 * Products (newest first by createdAt): outOfStock (2 days ago), variantsNoStock and simpleSale
 * (both 3 days ago; variantsNoStock inserted later so it sorts first), blanket (5 days ago);
 * hidden (1 day ago) is hidden.
 */
export async function insertCatalogFixtures(db: Db, now: Date) {
  const cats = await insertCategoryTree(db);
  const fields = await insertFields(db);

  const blanket = await insertProduct(db, {
    title: "Kocyk z wariantami",
    description: "<p>Miękki kocyk</p>",
    tags: ["kocyk", "bawełna"],
    quantity: 99,
    priceGrosze: 10_000,
    isNew: true,
    hasSlides: true,
    slidesTitle: "Podobne",
    processingTime: "3-6",
    createdAt: daysAgo(now, 5),
  });
  const hidden = await insertProduct(db, {
    title: "Ukryty produkt",
    quantity: 5,
    priceGrosze: 2_000,
    isHidden: true,
    isPremium: true,
    createdAt: daysAgo(now, 1),
  });
  const outOfStock = await insertProduct(db, {
    title: "Wyprzedany zestaw",
    quantity: 0,
    priceGrosze: 3_000,
    isPremium: true,
    isSet: true,
    createdAt: daysAgo(now, 2),
  });
  const simpleSale = await insertProduct(db, {
    title: "Poduszka (promocja)",
    quantity: 3,
    priceGrosze: 5_000,
    promotionalPriceGrosze: 4_000,
    isSale: true,
    isPremium: true,
    createdAt: daysAgo(now, 3),
  });
  const variantsNoStock = await insertProduct(db, {
    title: "Rożek bez zapasu",
    // the product quantity is ignored: it has variants, all at 0
    quantity: 7,
    priceGrosze: 6_000,
    isLayette: true,
    createdAt: daysAgo(now, 3),
  });

  await db
    .update(products)
    .set({ slideIds: [simpleSale, outOfStock] })
    .where(eq(products.id, blanket));

  await db.insert(productImages).values([
    { productId: blanket, url: "/media/b.jpg", thumbUrl: "/media/b-thumb.jpg", name: "b", position: 1 },
    { productId: blanket, url: "/media/a.jpg", thumbUrl: "/media/a-thumb.jpg", name: "a", position: 0 },
    { productId: outOfStock, url: "/media/z.jpg", thumbUrl: "/media/z-thumb.jpg", name: "z", isNew: false },
  ]);
  await db.insert(productCategories).values([
    { productId: blanket, categoryId: cats.dlaDzieci, position: 1 },
    { productId: blanket, categoryId: cats.kocyki, position: 0 },
    { productId: hidden, categoryId: cats.kocyki, position: 0 },
    { productId: simpleSale, categoryId: cats.akcesoria, position: 0 },
  ]);
  await db.insert(productFieldLinks).values([
    { productId: blanket, fieldId: fields.colour, position: 1 },
    { productId: blanket, fieldId: fields.size, position: 0 },
  ]);

  const combos = {
    sWhite: { [fields.size]: fields.sizeS, [fields.colour]: fields.white },
    sPink: { [fields.size]: fields.sizeS, [fields.colour]: fields.pink },
    mWhite: { [fields.size]: fields.sizeM, [fields.colour]: fields.white },
    mPink: { [fields.size]: fields.sizeM, [fields.colour]: fields.pink },
  };
  const [sWhite, sPink, mWhite, mPink] = await db
    .insert(productVariants)
    .values([
      // effective 12000, standard 12000
      {
        productId: blanket,
        fields: combos.sWhite,
        variantKey: variantKey(combos.sWhite),
        priceGrosze: 12_000,
        quantity: 2,
        position: 0,
      },
      // cheapest: effective 8000, standard 12000 -> 33.33 %
      {
        productId: blanket,
        fields: combos.sPink,
        variantKey: variantKey(combos.sPink),
        priceGrosze: 12_000,
        promotionalPriceGrosze: 8_000,
        quantity: 0,
        position: 1,
      },
      // promotional price equal to the price: ignored
      {
        productId: blanket,
        fields: combos.mWhite,
        variantKey: variantKey(combos.mWhite),
        priceGrosze: 15_000,
        promotionalPriceGrosze: 15_000,
        quantity: 5,
        position: 2,
      },
      {
        productId: blanket,
        fields: combos.mPink,
        variantKey: variantKey(combos.mPink),
        priceGrosze: 15_000,
        promotionalPriceGrosze: 13_500,
        quantity: 1,
        position: 3,
      },
    ])
    .returning({ id: productVariants.id });
  if (!sWhite || !sPink || !mWhite || !mPink) throw new Error("variants not inserted");
  await db.insert(productVariants).values([
    {
      productId: variantsNoStock,
      fields: combos.sWhite,
      variantKey: variantKey(combos.sWhite),
      priceGrosze: 6_000,
      quantity: 0,
    },
  ]);

  await db.insert(priceHistory).values([
    // product level: 5000 was superseded before the window opened (ignored); 12000 was in
    // effect when it opened (counts, but is not the lowest)
    { productId: blanket, variantId: null, priceGrosze: 5_000, recordedAt: daysAgo(now, 50) },
    { productId: blanket, variantId: null, priceGrosze: 12_000, recordedAt: daysAgo(now, 40) },
    { productId: blanket, variantId: null, priceGrosze: 9_500, recordedAt: daysAgo(now, 10) },
    { productId: blanket, variantId: null, priceGrosze: 10_000, recordedAt: daysAgo(now, 1) },
    // variant sPink: 6000 set forty days ago was still in effect 30 days ago (counts), 7500 ten days ago
    { productId: blanket, variantId: sPink.id, priceGrosze: 6_000, recordedAt: daysAgo(now, 40) },
    { productId: blanket, variantId: sPink.id, priceGrosze: 7_500, recordedAt: daysAgo(now, 10) },
    { productId: blanket, variantId: sPink.id, priceGrosze: 8_000, recordedAt: daysAgo(now, 2) },
    // variant sWhite: 11000 ten days ago
    { productId: blanket, variantId: sWhite.id, priceGrosze: 11_000, recordedAt: daysAgo(now, 10) },
    // simpleSale: 3000 superseded long before; the regular 5000 from 80 days ago; the reduction to
    // 4000 started 45 days ago, so its reference is the lowest of the 30 days before: 5000
    { productId: simpleSale, variantId: null, priceGrosze: 3_000, recordedAt: daysAgo(now, 120) },
    { productId: simpleSale, variantId: null, priceGrosze: 5_000, recordedAt: daysAgo(now, 80) },
    { productId: simpleSale, variantId: null, priceGrosze: 4_000, recordedAt: daysAgo(now, 45) },
  ]);

  return {
    categories: cats,
    fields,
    products: { blanket, hidden, outOfStock, simpleSale, variantsNoStock },
    variants: { sWhite: sWhite.id, sPink: sPink.id, mWhite: mWhite.id, mPink: mPink.id },
    variantKeys: {
      sWhite: variantKey(combos.sWhite),
      sPink: variantKey(combos.sPink),
      mWhite: variantKey(combos.mWhite),
      mPink: variantKey(combos.mPink),
    },
  };
}

export type CatalogFixtures = Awaited<ReturnType<typeof insertCatalogFixtures>>;
