import fs from "node:fs/promises";
import path from "node:path";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { variantKey } from "../../../domain/pricing";
import { slugify } from "../../../domain/slug";
import { hashPassword } from "../../areas/accounts/password";
import { parcelLockerName } from "../../areas/parcel-points/parcel-points.service";
import type { Config } from "../../config";
import type { Database, Db } from "../client";
import {
  blogArticles,
  categories,
  coupons,
  creatorCategories,
  creators,
  fieldOptions,
  galleryImages,
  games,
  headerSlides,
  pages,
  parcelPoints,
  priceHistory,
  productCategories,
  productFieldLinks,
  productFields,
  productImages,
  products,
  productVariants,
  users,
} from "../schema";
import { type CategoryKey, categoryDefs, ROOT_CATEGORY_TITLE } from "./demo-data/categories";
import {
  blogDefs,
  creatorCategoryDefs,
  creatorDefs,
  gameDefs,
  pageDefs,
  slideDefs,
} from "./demo-data/content";
import { couponDefs } from "./demo-data/coupons";
import { parcelPointDefs } from "./demo-data/parcel-points";
import { type FieldKey, fieldDefs } from "./demo-data/products";
import { demoUserDefs, staffUserDef, type UserDef } from "./demo-data/users";
import {
  IMAGE_WIDTHS,
  type ImageSpec,
  imageHeight,
  imageUrls,
  type RenderResult,
  renderDemoImages,
} from "./images";
import {
  blogImageSpecs,
  categoryImageSpecs,
  daysBefore,
  planProducts,
  priceHistoryPoints,
  slideImageSpecs,
} from "./plan";

// The demo shop seeded on first start (SEED_DEMO=true and no products yet), and the staff
// account from ADMIN_EMAIL / ADMIN_PASSWORD, which is ensured on every start.

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Executor = Db | Tx;

/** Serialises concurrent seeding (several instances starting against one PostgreSQL). */
const SEED_LOCK_ID = 7_246_002;

export interface SeedSummary {
  /** false when another process seeded first (products already present under the lock) */
  seeded: boolean;
  categories: number;
  fields: number;
  products: number;
  productsWithVariants: number;
  variants: number;
  productImages: number;
  priceHistory: number;
  headerSlides: number;
  pages: number;
  blogArticles: number;
  coupons: number;
  parcelPoints: number;
  users: number;
  galleryImages: number;
  creators: number;
  games: number;
  /** null when images were not requested */
  images: RenderResult | null;
  ms: number;
}

/** A shop that has ever had a catalogue is never seeded again (deleting every product must not bring the demo back). */
async function hasCatalog(db: Executor): Promise<boolean> {
  const [productRow] = await db.select({ n: count() }).from(products);
  const [categoryRow] = await db.select({ n: count() }).from(categories);
  return (productRow?.n ?? 0) > 0 || (categoryRow?.n ?? 0) > 0;
}

interface UserRow {
  def: UserDef;
  passwordHash: string;
}

function userValues(now: Date, { def, passwordHash }: UserRow): typeof users.$inferInsert {
  const createdAt = daysBefore(now, def.daysAgo);
  return {
    email: def.email,
    passwordHash,
    displayName: def.displayName,
    roles: def.roles,
    approved: def.approved,
    approvedAt: def.approved ? createdAt : null,
    emailConfirmedAt: def.emailConfirmed ? createdAt : null,
    phone: def.phone ?? null,
    postCode: def.postCode ?? null,
    city: def.city ?? null,
    street: def.street ?? null,
    createdAt,
    updatedAt: createdAt,
  };
}

async function userExists(db: Executor, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows.length > 0;
}

/**
 * Creates the staff account from the config (roles admin, shop-moderator, user; approved) when no
 * user has that e-mail. An existing account is left as it is (its password may have been changed).
 * Returns true when it created the account.
 */
export async function ensureStaffAccount(db: Executor, config: Config): Promise<boolean> {
  if (await userExists(db, config.admin.email)) return false;
  const def = staffUserDef(config);
  const passwordHash = await hashPassword(def.password);
  const inserted = await db
    .insert(users)
    .values(userValues(new Date(), { def, passwordHash }))
    .onConflictDoNothing()
    .returning({ id: users.id });
  return inserted.length > 0;
}

/** Inserts the demo parcel lockers (existing ids are kept); returns how many were inserted. */
async function insertDemoParcelPoints(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .insert(parcelPoints)
    .values(
      parcelPointDefs.map((def) => ({
        id: def.id,
        provider: "inpost",
        type: "parcel_locker",
        name: parcelLockerName(def.id),
        street: def.street,
        houseNumber: def.houseNumber,
        flatNumber: null,
        postalCode: def.postalCode,
        city: def.city,
        province: def.province,
        latitude: def.latitude,
        longitude: def.longitude,
        locationDescription: def.locationDescription,
        openingHours: def.openingHours,
        status: "Operating",
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: parcelPoints.id });
  return rows.length;
}

/**
 * The demo parcel lockers when the points table is empty, independently of the catalogue: a shop
 * that already has products (seeded before the picker existed, or its own) still gets them.
 * Under the seed lock, so concurrent starts insert them once. Returns how many were inserted.
 */
export async function seedParcelPointsIfEmpty(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [row] = await tx.select({ n: count() }).from(parcelPoints);
    if ((row?.n ?? 0) > 0) return 0;
    return insertDemoParcelPoints(tx, new Date());
  });
}

/**
 * Seeds the demo data in one transaction. Pictures (when `options.images`) are written under
 * config.mediaDir before the transaction starts; they are deterministic and existing files are
 * kept, so a crashed or repeated run is harmless. Existing users, coupons, pages and parcel points
 * with the same keys are kept; an existing root category is reused.
 */
export async function seedDemoShop(
  db: Db,
  config: Config,
  options: { images: boolean },
): Promise<SeedSummary> {
  const started = performance.now();
  const now = new Date();

  const planned = planProducts(now);
  const categorySpecs = categoryImageSpecs();
  const slideSpecs = slideImageSpecs();
  const blogSpecs = blogImageSpecs();
  const allSpecs: ImageSpec[] = [
    ...planned.flatMap((product) => product.images.map((image) => image.spec)),
    ...categorySpecs.values(),
    ...slideSpecs,
    ...blogSpecs,
  ];

  // slow work outside the transaction: pictures and password hashes
  let images: RenderResult | null = null;
  if (options.images) {
    try {
      images = await renderDemoImages(config.mediaDir, allSpecs);
    } catch (error) {
      throw new Error(`Cannot write the demo images to ${config.mediaDir}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  // Hash only the passwords of accounts that do not exist yet (each scrypt hash costs ~0.4 s).
  const userDefs = [staffUserDef(config), ...demoUserDefs];
  const missingDefs: UserDef[] = [];
  for (const def of userDefs) if (!(await userExists(db, def.email))) missingDefs.push(def);
  const userRows: UserRow[] = await Promise.all(
    missingDefs.map(async (def) => ({ def, passwordHash: await hashPassword(def.password) })),
  );

  const summary = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (await hasCatalog(tx)) return null;

    // ------------------------------------------------------------ categories
    const categoryIds = new Map<CategoryKey, number>();
    const [existingRoot] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.title, ROOT_CATEGORY_TITLE), isNull(categories.parentId)))
      .orderBy(categories.id)
      .limit(1);
    let categoryCount = 0;
    for (const def of categoryDefs) {
      if (def.key === "root" && existingRoot) {
        categoryIds.set("root", existingRoot.id);
        continue;
      }
      const parentId = def.parent ? categoryIds.get(def.parent) : null;
      if (parentId === undefined) throw new Error(`Category ${def.key} is listed before its parent`);
      const spec = categorySpecs.get(def.key);
      const [row] = await tx
        .insert(categories)
        .values({
          title: def.title,
          parentId,
          order: def.order,
          image: spec ? imageUrls(spec).url : null,
          createdAt: daysBefore(now, 120),
          updatedAt: daysBefore(now, 120),
        })
        .returning({ id: categories.id });
      if (!row) throw new Error("Category insert returned nothing");
      categoryIds.set(def.key, row.id);
      categoryCount++;
    }

    // ------------------------------------------------------------ product fields
    const fieldIds = new Map<FieldKey, number>();
    const optionIds = new Map<string, number>(); // "field:option" -> id
    for (const def of fieldDefs) {
      const [field] = await tx
        .insert(productFields)
        .values({
          title: def.title,
          type: "radio",
          description: def.description,
          changePrice: def.changePrice,
          createdAt: daysBefore(now, 120),
          updatedAt: daysBefore(now, 120),
        })
        .returning({ id: productFields.id });
      if (!field) throw new Error("Field insert returned nothing");
      fieldIds.set(def.key, field.id);
      const options = await tx
        .insert(fieldOptions)
        .values(
          def.options.map((option, position) => ({
            fieldId: field.id,
            title: option.title,
            description: option.description,
            position,
          })),
        )
        .returning({ id: fieldOptions.id, position: fieldOptions.position });
      for (const option of options) {
        const key = def.options[option.position]?.key;
        if (key) optionIds.set(`${def.key}:${key}`, option.id);
      }
    }
    const fieldId = (key: FieldKey) => {
      const id = fieldIds.get(key);
      if (id === undefined) throw new Error(`Unknown field ${key}`);
      return id;
    };
    const optionId = (field: FieldKey, option: string) => {
      const id = optionIds.get(`${field}:${option}`);
      if (id === undefined) throw new Error(`Unknown option ${field}:${option}`);
      return id;
    };

    // ------------------------------------------------------------ products
    const productRows = await tx
      .insert(products)
      .values(
        planned.map((product) => ({
          title: product.title,
          slug: product.slug,
          description: product.description,
          tags: product.tags,
          quantity: product.quantity,
          priceGrosze: product.priceGrosze,
          promotionalPriceGrosze: product.promotionalPriceGrosze,
          vatRate: product.vatRate,
          isHidden: product.isHidden,
          isNew: product.isNew,
          isSale: product.isSale,
          isPremium: product.isPremium,
          isLayette: product.isLayette,
          isSet: product.isSet,
          processingTime: product.processingTime,
          createdAt: product.createdAt,
          updatedAt: product.updatedAt,
        })),
      )
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
        fieldId: fieldId(key),
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

    // ------------------------------------------------------------ variants and price history
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

    // ------------------------------------------------------------ content
    await tx.insert(headerSlides).values(
      slideDefs.map((def, index) => ({
        title: def.title,
        description: def.description,
        link: def.link,
        imageUrl: imageUrls(slideSpecs[index] ?? { base: `demo/slides/${def.key}` }).url,
        order: def.order,
        createdAt: daysBefore(now, 90 - index),
        updatedAt: daysBefore(now, 30 - index),
      })),
    );
    const pageRows = await tx
      .insert(pages)
      .values(
        pageDefs.map((def, index) => ({
          link: def.link,
          title: def.title,
          image: null,
          content: def.content,
          protected: def.protected,
          createdAt: daysBefore(now, 120),
          updatedAt: daysBefore(now, 10 + index * 3),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: pages.id });
    const blogRows = await tx
      .insert(blogArticles)
      .values(
        blogDefs.map((def, index) => {
          const urls = imageUrls(blogSpecs[index] ?? { base: "demo/blog/missing" });
          const createdAt = daysBefore(now, def.daysAgo, 9 * 60);
          return {
            title: def.title,
            slug: slugify(def.title),
            tags: [...def.tags],
            image: {
              url: urls.url,
              thumb_url: urls.thumbUrl,
              name: path.posix.basename(urls.url),
              isNew: true,
            },
            content: def.content,
            hasSlides: (def.slides?.length ?? 0) > 0,
            slideIds: (def.slides ?? []).map(productId),
            slidesTitle: def.slidesTitle ?? "",
            slidesDescription: def.slidesDescription ?? "",
            createdAt,
            updatedAt: createdAt,
          };
        }),
      )
      .returning({ id: blogArticles.id });

    // gallery: the banner, blog and category pictures and the first picture of some products
    const gallerySpecs: { folder: string; spec: ImageSpec }[] = [
      ...slideSpecs.map((spec) => ({ folder: "baner", spec })),
      ...blogSpecs.map((spec) => ({ folder: "blog", spec })),
      ...[...categorySpecs.values()].map((spec) => ({ folder: "produkty/kategorie", spec })),
      ...planned
        .filter((_, index) => index % 4 === 0)
        .flatMap((product) =>
          product.images.slice(0, 1).map((image) => ({ folder: "produkty", spec: image.spec })),
        ),
    ];
    const galleryValues = await Promise.all(
      gallerySpecs.map(async ({ folder, spec }) => {
        const urls = imageUrls(spec);
        let sizeBytes: number | null = null;
        if (options.images) {
          sizeBytes = await fs
            .stat(path.join(config.mediaDir, `${spec.base}.webp`))
            .then((stat) => stat.size)
            .catch(() => null);
        }
        return {
          folder,
          name: path.posix.basename(urls.url),
          url: urls.url,
          thumbUrl: urls.thumbUrl,
          width: IMAGE_WIDTHS.full,
          height: imageHeight(spec.kind, IMAGE_WIDTHS.full),
          sizeBytes,
          mimeType: "image/webp",
          createdAt: daysBefore(now, 100),
        };
      }),
    );
    await tx.insert(galleryImages).values(galleryValues);

    const creatorCategoryIds = new Map<string, number>();
    for (const def of creatorCategoryDefs) {
      const [row] = await tx
        .insert(creatorCategories)
        .values({ title: def.title, order: def.order })
        .returning({ id: creatorCategories.id });
      if (row) creatorCategoryIds.set(def.key, row.id);
    }
    await tx.insert(creators).values(
      creatorDefs.map((def, index) => ({
        title: def.title,
        description: def.description,
        categoryId: creatorCategoryIds.get(def.category) ?? null,
        createdAt: daysBefore(now, 80 - index * 5),
      })),
    );
    await tx
      .insert(games)
      .values(gameDefs.map((def, index) => ({ ...def, createdAt: daysBefore(now, 70 - index * 5) })));

    // ------------------------------------------------------------ checkout data
    const couponRows = await tx
      .insert(coupons)
      .values(
        couponDefs(now).map((def) => ({
          ...def,
          createdAt: daysBefore(now, 60),
          updatedAt: daysBefore(now, 60),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: coupons.id });
    const pointCount = await insertDemoParcelPoints(tx, now);

    // ------------------------------------------------------------ users
    let userCount = 0;
    for (const row of userRows) {
      if (await userExists(tx, row.def.email)) continue;
      const inserted = await tx
        .insert(users)
        .values(userValues(now, row))
        .onConflictDoNothing()
        .returning({ id: users.id });
      userCount += inserted.length;
    }

    return {
      categories: categoryCount,
      fields: fieldDefs.length,
      products: productRows.length,
      productsWithVariants: planned.filter((product) => product.variants.length > 0).length,
      variants: variantRows.length,
      productImages: planned.reduce((sum, product) => sum + product.images.length, 0),
      priceHistory: historyValues.length,
      headerSlides: slideDefs.length,
      pages: pageRows.length,
      blogArticles: blogRows.length,
      coupons: couponRows.length,
      parcelPoints: pointCount,
      users: userCount,
      galleryImages: galleryValues.length,
      creators: creatorDefs.length,
      games: gameDefs.length,
    };
  });

  const ms = Math.round(performance.now() - started);
  if (!summary) {
    return {
      seeded: false,
      categories: 0,
      fields: 0,
      products: 0,
      productsWithVariants: 0,
      variants: 0,
      productImages: 0,
      priceHistory: 0,
      headerSlides: 0,
      pages: 0,
      blogArticles: 0,
      coupons: 0,
      parcelPoints: 0,
      users: 0,
      galleryImages: 0,
      creators: 0,
      games: 0,
      images,
      ms,
    };
  }
  return { seeded: true, ...summary, images, ms };
}

/**
 * Start-up seeding: the demo shop when SEED_DEMO is true and there is no catalogue yet, the demo
 * parcel lockers when SEED_DEMO is true and there are no points yet (whatever the catalogue), and
 * always the staff account from ADMIN_EMAIL / ADMIN_PASSWORD. Returns true when it seeded the demo.
 * `options.images: false` (tests) skips writing the demo pictures; the URLs stay the same.
 */
export async function seedIfEmpty(
  database: Database,
  config: Config,
  options: { images?: boolean } = {},
): Promise<boolean> {
  let seeded = false;
  // demo accounts and coupons have published passwords and codes: never in production, whatever
  // the config says (loadConfig refuses SEED_DEMO=true there too)
  const seedDemo = config.seedDemo && config.env !== "production";
  if (seedDemo && !(await hasCatalog(database.db))) {
    const summary = await seedDemoShop(database.db, config, { images: options.images ?? true });
    seeded = summary.seeded;
    if (seeded && config.logLevel !== "silent") {
      const pictures = summary.images
        ? `, ${summary.images.written} image files written in ${summary.images.ms} ms`
        : "";
      console.log(
        `  Demo data: ${summary.products} products (${summary.variants} variants), ${summary.categories} categories, ` +
          `${summary.blogArticles} blog articles, ${summary.pages} pages, ${summary.coupons} coupons, ` +
          `${summary.parcelPoints} parcel lockers${pictures}; seeding took ${summary.ms} ms.`,
      );
    }
  }
  if (seedDemo) {
    const points = await seedParcelPointsIfEmpty(database.db);
    if (points > 0 && config.logLevel !== "silent") console.log(`  Demo data: ${points} parcel lockers.`);
  }
  await ensureStaffAccount(database.db, config);
  return seeded;
}
