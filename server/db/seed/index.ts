import type { Config } from "../../config";
import type { Database, Db } from "../client";
import { insertCategories } from "./categories";
import { insertContent, insertCreatorsAndGames } from "./content";
import { insertCoupons } from "./coupons";
import { fieldDefs } from "./demo-data/products";
import { storeDemoImages } from "./demo-images-store";
import { insertEnglishTexts } from "./english";
import { insertGallery } from "./gallery";
import type { ImageSpec, RenderResult } from "./images";
import { insertDemoParcelPoints, seedParcelPointsIfEmpty } from "./parcel-points";
import { blogImageSpecs, categoryImageSpecs, planProducts, slideImageSpecs } from "./plan";
import { insertVariantsAndPriceHistory } from "./price-history";
import { insertProductFields } from "./product-fields";
import { insertProducts } from "./products";
import { hasCatalog, takeSeedLock } from "./seed-lock";
import { ensureStaffAccount, hashMissingUsers, insertUsers } from "./users";

// The demo shop seeded on first start (SEED_DEMO=true and no products yet), and the staff
// account from ADMIN_EMAIL / ADMIN_PASSWORD, which is ensured on every start. Each part of the
// shop is seeded by its own step (categories.ts, product-fields.ts, products.ts, price-history.ts,
// content.ts, gallery.ts, coupons.ts, parcel-points.ts, users.ts), in the order below: later
// steps use the ids of earlier ones.

export { seedParcelPointsIfEmpty } from "./parcel-points";
export { ensureStaffAccount } from "./users";

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

/** The summary of a run that found the shop already seeded (by another process, under the lock). */
const NOTHING_SEEDED = {
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
} as const;

/** Every demo picture: the products', the categories', the slides' and the posts'. */
function demoImageSpecs(
  planned: ReturnType<typeof planProducts>,
  specs: {
    categorySpecs: ReturnType<typeof categoryImageSpecs>;
    slideSpecs: ImageSpec[];
    blogSpecs: ImageSpec[];
  } = { categorySpecs: categoryImageSpecs(), slideSpecs: slideImageSpecs(), blogSpecs: blogImageSpecs() },
): ImageSpec[] {
  return [
    ...planned.flatMap((product) => product.images.map((image) => image.spec)),
    ...specs.categorySpecs.values(),
    ...specs.slideSpecs,
    ...specs.blogSpecs,
  ];
}

/** Where the pictures go, for a message (never a secret). */
function mediaPlace(config: Config): string {
  return config.mediaStorage.kind === "s3" ? `the bucket ${config.mediaStorage.bucket}` : config.mediaDir;
}

/**
 * Seeds the demo data in one transaction. Pictures (when `options.images`) are written under
 * config.mediaDir (and uploaded to the bucket with MEDIA_STORAGE=s3, demo-images-store.ts) before
 * the transaction starts; they are deterministic and existing files are kept, so a crashed or
 * repeated run is harmless. Existing users, coupons, pages and parcel points
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
  const allSpecs = demoImageSpecs(planned, { categorySpecs, slideSpecs, blogSpecs });

  // slow work outside the transaction: pictures and password hashes
  let images: RenderResult | null = null;
  if (options.images) {
    try {
      images = await storeDemoImages(config, allSpecs);
    } catch (error) {
      throw new Error(`Cannot write the demo images to ${mediaPlace(config)}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  // Hash only the passwords of accounts that do not exist yet (each scrypt hash costs ~0.4 s).
  const userRows = await hashMissingUsers(db, config);

  const summary = await db.transaction(async (tx) => {
    await takeSeedLock(tx);
    if (await hasCatalog(tx)) return null;
    const seededCategories = await insertCategories(tx, now, categorySpecs);
    const fields = await insertProductFields(tx, now);
    const { count: productCount, productId } = await insertProducts(
      tx,
      planned,
      seededCategories.ids,
      fields,
    );
    const prices = await insertVariantsAndPriceHistory(tx, now, planned, productId, fields);
    const content = await insertContent(tx, now, { slides: slideSpecs, blog: blogSpecs }, productId);
    await insertEnglishTexts(tx);
    const galleryImages = await insertGallery(
      tx,
      now,
      { slides: slideSpecs, blog: blogSpecs, categories: [...categorySpecs.values()], planned },
      options.images ? config.mediaDir : null,
    );
    const creatorsAndGames = await insertCreatorsAndGames(tx, now);
    const coupons = await insertCoupons(tx, now);
    const parcelPoints = await insertDemoParcelPoints(tx, now);
    const users = await insertUsers(tx, now, userRows);
    return {
      categories: seededCategories.count,
      fields: fieldDefs.length,
      products: productCount,
      productsWithVariants: planned.filter((product) => product.variants.length > 0).length,
      productImages: planned.reduce((sum, product) => sum + product.images.length, 0),
      ...prices,
      ...content,
      galleryImages,
      ...creatorsAndGames,
      coupons,
      parcelPoints,
      users,
    };
  });

  const ms = Math.round(performance.now() - started);
  if (!summary) return { ...NOTHING_SEEDED, images, ms };
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
  if (seedDemo && !seeded && config.mediaStorage.kind === "s3" && (options.images ?? true)) {
    // a demo shop moved to a bucket (or a bucket emptied): its pictures come back (docs/decisions/081)
    // the shop starts anyway when the bucket does not answer: its pictures are then 503 until it does
    const stored = await storeDemoImages(config, demoImageSpecs(planProducts(new Date()))).catch(
      (error: Error) => {
        console.warn(`  Demo pictures not checked in ${mediaPlace(config)}: ${error.message}`);
        return null;
      },
    );
    if (stored && stored.written > 0 && config.logLevel !== "silent")
      console.log(`  Demo data: ${stored.written} picture files uploaded to ${mediaPlace(config)}.`);
  }
  if (seedDemo) {
    const points = await seedParcelPointsIfEmpty(database.db);
    if (points > 0 && config.logLevel !== "silent") console.log(`  Demo data: ${points} parcel lockers.`);
  }
  await ensureStaffAccount(database.db, config);
  return seeded;
}
