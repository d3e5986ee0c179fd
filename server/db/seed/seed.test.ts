import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { variantKey } from "../../../domain/pricing";
import { verifyPassword } from "../../areas/accounts/password";
import { type Config, loadConfig } from "../../config";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { PRODUCTION_READY } from "../../test/production-env";
import { testConfig } from "../../test/test-config";
import {
  blogArticles,
  categories,
  coupons,
  fieldOptions,
  galleryImages,
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
import { IMAGE_WIDTHS, renderDemoImages } from "./images";
import { seedDemoShop, seedIfEmpty } from "./index";
import { blogImageSpecs, planProducts, slideImageSpecs } from "./plan";

const DAY_MS = 24 * 60 * 60 * 1000;

let database: TestDatabase;
let config: Config;
let tmpDir: string;

async function tableCounts() {
  const db = database.db;
  const one = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    categories: await one(categories),
    products: await one(products),
    variants: await one(productVariants),
    images: await one(productImages),
    history: await one(priceHistory),
    slides: await one(headerSlides),
    pages: await one(pages),
    blog: await one(blogArticles),
    coupons: await one(coupons),
    points: await one(parcelPoints),
    users: await one(users),
    gallery: await one(galleryImages),
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-test-"));
  config = testConfig({ DATA_DIR: tmpDir, LOG_LEVEL: "silent" });
});

afterAll(async () => {
  await database.destroy();
  fs.rmSync(tmpDir, { recursive: true, force: true });
});

describe("seedIfEmpty", () => {
  it("seeds once and is idempotent", async () => {
    expect(await seedIfEmpty(database, config, { images: false })).toBe(true);
    const first = await tableCounts();
    expect(first.products).toBeGreaterThanOrEqual(40);
    expect(await seedIfEmpty(database, config, { images: false })).toBe(false);
    expect(await tableCounts()).toEqual(first);
  });

  it("seeds at least 40 products with every flag", async () => {
    const rows = await database.db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    const countOf = (predicate: (row: (typeof rows)[number]) => boolean) => rows.filter(predicate).length;
    expect(countOf((r) => r.isSale)).toBeGreaterThanOrEqual(8);
    expect(countOf((r) => r.isPremium)).toBeGreaterThanOrEqual(8);
    expect(countOf((r) => r.isNew)).toBeGreaterThanOrEqual(8);
    expect(countOf((r) => r.isLayette)).toBeGreaterThanOrEqual(6);
    expect(countOf((r) => r.isSet)).toBeGreaterThanOrEqual(6);
    expect(countOf((r) => r.isHidden)).toBe(2);
    expect(
      countOf((r) => r.hasSlides && r.slideIds.length > 0 && r.slidesTitle !== ""),
    ).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((r) => r.processingTime))).toEqual(new Set(["1-2", "3-6", "7-9", "10-14"]));
    // sale products are cheaper than their regular price
    for (const row of rows.filter((r) => r.isSale)) {
      expect(row.promotionalPriceGrosze).not.toBeNull();
      expect(row.promotionalPriceGrosze ?? Infinity).toBeLessThan(row.priceGrosze);
    }
    // slugs follow the product slug rule, titles are Polish
    expect(rows.find((r) => r.title === "Poduszka klin (antyrefluksowa)")?.slug).toBe(
      "Poduszka_klin_antyrefluksowa",
    );
    expect(rows.some((r) => /[ąćęłńóśźż]/i.test(r.title))).toBe(true);
    // createdAt spread over the last 120 days, nothing in the future
    const now = Date.now();
    for (const row of rows) {
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(now);
      expect(now - row.createdAt.getTime()).toBeLessThan(121 * DAY_MS);
      expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
      expect(row.description).toMatch(/^<p>/);
      expect(row.description).toContain("<ul><li>");
    }
    // every related product id exists
    const ids = new Set(rows.map((r) => r.id));
    for (const row of rows) for (const id of row.slideIds) expect(ids.has(id)).toBe(true);
  });

  it("gives each product 1–3 categories and at least one image", async () => {
    const links = await database.db.select().from(productCategories);
    const perProduct = new Map<number, number>();
    for (const link of links) perProduct.set(link.productId, (perProduct.get(link.productId) ?? 0) + 1);
    const productCount = (await database.db.select({ n: count() }).from(products))[0]?.n ?? 0;
    expect(perProduct.size).toBe(productCount);
    for (const n of perProduct.values()) expect(n).toBeGreaterThanOrEqual(1);
    for (const n of perProduct.values()) expect(n).toBeLessThanOrEqual(3);
    const images = await database.db.select().from(productImages);
    expect(new Set(images.map((image) => image.productId)).size).toBe(productCount);
    for (const image of images) {
      expect(image.url).toMatch(/^\/media\/demo\/products\/[a-z0-9_-]+-\d\.webp$/);
      expect(image.thumbUrl).toBe(image.url.replace(/\.webp$/, "-thumb.webp"));
    }
  });

  it("stores variants over two price-changing fields with matching keys", async () => {
    const db = database.db;
    const variants = await db.select().from(productVariants);
    const fields = await db.select().from(productFields);
    const options = await db.select().from(fieldOptions);
    const links = await db.select().from(productFieldLinks);
    const priceFields = new Set(fields.filter((f) => f.changePrice).map((f) => f.id));
    const optionField = new Map(options.map((o) => [o.id, o.fieldId]));

    const byProduct = new Map<number, typeof variants>();
    for (const variant of variants)
      byProduct.set(variant.productId, [...(byProduct.get(variant.productId) ?? []), variant]);
    const twoFieldProducts = [...byProduct.entries()].filter(([, list]) =>
      list.every((v) => Object.keys(v.fields).length === 2),
    );
    expect(twoFieldProducts.length).toBeGreaterThanOrEqual(8);

    for (const variant of variants) {
      expect(variant.variantKey).toBe(variantKey(variant.fields));
      expect(variant.variantKey).toBe(
        Object.values(variant.fields)
          .sort((a, b) => a - b)
          .join("."),
      );
      for (const [fieldId, optionId] of Object.entries(variant.fields)) {
        expect(priceFields.has(Number(fieldId))).toBe(true);
        expect(optionField.get(optionId)).toBe(Number(fieldId));
        expect(links.some((l) => l.productId === variant.productId && l.fieldId === Number(fieldId))).toBe(
          true,
        );
      }
      expect(Number.isInteger(variant.priceGrosze)).toBe(true);
      expect(variant.quantity).toBeGreaterThanOrEqual(0);
      if (variant.promotionalPriceGrosze != null)
        expect(variant.promotionalPriceGrosze).toBeLessThan(variant.priceGrosze);
    }
    // variants cover every option combination of their fields
    for (const [, list] of byProduct) {
      const fieldIds = Object.keys(list[0]?.fields ?? {});
      const combinations = fieldIds.reduce(
        (n, id) => n * options.filter((o) => o.fieldId === Number(id)).length,
        1,
      );
      expect(list.length).toBe(combinations);
    }
    // the fields: Rozmiar, Kolor (with descriptions), and a non-price field
    expect(fields.find((f) => f.title === "Rozmiar")?.changePrice).toBe(true);
    const kolor = fields.find((f) => f.title === "Kolor");
    expect(kolor?.changePrice).toBe(true);
    const colours = options.filter((o) => o.fieldId === kolor?.id);
    expect(colours.map((o) => o.title)).toEqual(["Różowy", "Miętowy", "Szary", "Beżowy"]);
    for (const colour of colours) expect(colour.description).not.toBe("");
    expect(fields.some((f) => !f.changePrice && f.title === "Haft imienia")).toBe(true);
  });

  it("has out-of-stock products, no negative quantities and integer prices", async () => {
    const db = database.db;
    const rows = await db.select().from(products);
    const variants = await db.select().from(productVariants);
    const variantsOf = (id: number) => variants.filter((v) => v.productId === id);
    const outOfStock = rows.filter((row) => {
      const list = variantsOf(row.id);
      return list.length > 0 ? list.every((v) => v.quantity === 0) : row.quantity === 0;
    });
    expect(outOfStock.length).toBeGreaterThanOrEqual(3);
    expect(outOfStock.some((row) => variantsOf(row.id).length > 0)).toBe(true);
    for (const row of outOfStock) expect(row.quantity).toBe(0);
    for (const row of rows) {
      expect(row.quantity).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(row.priceGrosze)).toBe(true);
      expect(row.priceGrosze).toBeGreaterThan(0);
      if (row.promotionalPriceGrosze != null) expect(Number.isInteger(row.promotionalPriceGrosze)).toBe(true);
      const list = variantsOf(row.id);
      if (list.length > 0) expect(row.quantity).toBe(list.reduce((sum, v) => sum + v.quantity, 0));
    }
  });

  it("records price history so the 30-day lowest price is meaningful", async () => {
    const db = database.db;
    const history = await db.select().from(priceHistory);
    const rows = await db.select().from(products);
    const variants = await db.select().from(productVariants);
    const now = Date.now();
    for (const row of rows) {
      const own = history.filter((h) => h.productId === row.id && h.variantId === null);
      expect(own.length).toBeGreaterThanOrEqual(1);
      const current = row.promotionalPriceGrosze ?? row.priceGrosze;
      const latest = own.reduce((a, b) => (a.recordedAt > b.recordedAt ? a : b));
      expect(latest.priceGrosze).toBe(current);
      if (row.isSale) {
        const inWindow = own.filter((h) => now - h.recordedAt.getTime() <= 30 * DAY_MS);
        const older = own.filter((h) => now - h.recordedAt.getTime() > 30 * DAY_MS);
        expect(older.some((h) => h.priceGrosze > current)).toBe(true);
        expect(Math.min(...inWindow.map((h) => h.priceGrosze))).toBeLessThan(current);
      }
    }
    for (const variant of variants) {
      expect(history.some((h) => h.variantId === variant.id)).toBe(true);
    }
    for (const h of history) expect(Number.isInteger(h.priceGrosze)).toBe(true);
  });

  it("builds the category tree under root", async () => {
    const rows = await database.db.select().from(categories);
    const roots = rows.filter((row) => row.parentId === null);
    expect(roots.map((row) => row.title)).toEqual(["root"]);
    const root = roots[0];
    const topLevel = rows.filter((row) => row.parentId === root?.id).sort((a, b) => a.order - b.order);
    expect(topLevel.map((row) => row.title)).toEqual([
      "Dla dzieci",
      "Wyprawki",
      "Zestawy prezentowe",
      "Tkaniny premium",
      "Akcesoria",
    ]);
    const dlaDzieci = topLevel[0];
    expect(
      rows
        .filter((row) => row.parentId === dlaDzieci?.id)
        .sort((a, b) => a.order - b.order)
        .map((row) => row.title),
    ).toEqual(["Kocyki", "Poduszki", "Przytulanki", "Śpiworki"]);
    const akcesoria = topLevel[4];
    expect(rows.filter((row) => row.parentId === akcesoria?.id).map((row) => row.title)).toEqual(
      expect.arrayContaining(["Girlandy", "Woreczki"]),
    );
  });

  it("seeds pages, slides, blog articles, coupons and parcel points", async () => {
    const db = database.db;
    const pageRows = await db.select().from(pages);
    expect(pageRows.map((row) => row.link).sort()).toEqual(
      [
        "dev-info",
        "dev-info-en",
        "kontakt",
        "o-nas",
        "polityka-prywatnosci",
        "regulamin",
        "wysylka-i-platnosci",
      ].sort(),
    );
    for (const row of pageRows) {
      expect(row.protected).toBe(true);
      expect(row.content.length).toBeGreaterThan(200);
    }
    const shipping = pageRows.find((row) => row.link === "wysylka-i-platnosci");
    expect(shipping?.content).toContain("14,99 zł");
    expect(shipping?.content).toContain("9,99 zł");
    expect(shipping?.content).toContain("99 zł");

    const slides = await db.select().from(headerSlides);
    expect(slides).toHaveLength(3);
    expect(slides.some((slide) => slide.link === "/produkty?wyprawki=tak")).toBe(true);

    const blog = await db.select().from(blogArticles);
    expect(blog.length).toBeGreaterThanOrEqual(3);
    expect(blog.some((article) => article.hasSlides && article.slideIds.length > 0)).toBe(true);
    for (const article of blog) {
      expect(article.image?.url).toMatch(/^\/media\/demo\/blog\/.+\.webp$/);
      expect(article.slug).not.toMatch(/[ąćęłńóśźż\s]/i);
    }

    const couponRows = await db.select().from(coupons);
    const now = new Date();
    const byCode = new Map(couponRows.map((row) => [row.code, row]));
    expect(byCode.get("WITAJ10")).toMatchObject({ discountType: "percent", discountValue: 10 });
    expect(byCode.get("MINUS20")).toMatchObject({
      discountType: "fixed",
      discountValue: 2000,
      minOrderGrosze: 10000,
    });
    expect(byCode.get("PIERWSZE5")?.usageLimit).toBe(5);
    const expired = byCode.get("LATO2024");
    expect(expired?.endDate.getTime()).toBeLessThan(now.getTime());
    for (const code of ["WITAJ10", "MINUS20", "PIERWSZE5"]) {
      const coupon = byCode.get(code);
      expect(coupon?.startDate.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(coupon?.endDate.getTime()).toBeGreaterThan(now.getTime());
    }

    const points = await db.select().from(parcelPoints);
    expect(points.length).toBeGreaterThanOrEqual(20);
    expect(new Set(points.map((point) => point.city)).size).toBeGreaterThanOrEqual(5);
    for (const point of points) {
      expect(point.postalCode).toMatch(/^\d{2}-\d{3}$/);
      expect(point.openingHours).toBe("24/7");
      expect(point.latitude).not.toBeNull();
    }

    const gallery = await db.select().from(galleryImages);
    expect(new Set(gallery.map((image) => image.folder.split("/")[0]))).toEqual(
      new Set(["baner", "blog", "produkty"]),
    );
  });

  it("creates the staff account and the demo customers", async () => {
    const db = database.db;
    const [staff] = await db.select().from(users).where(eq(users.email, config.admin.email));
    expect(staff?.roles).toEqual(expect.arrayContaining(["admin", "shop-moderator", "user"]));
    expect(staff?.approved).toBe(true);
    expect(staff?.emailConfirmedAt).not.toBeNull();
    expect(staff?.displayName).toBe("Administrator Sklepu");
    expect(await verifyPassword(config.admin.password, staff?.passwordHash ?? "")).toBe(true);

    const [customer] = await db.select().from(users).where(eq(users.email, "klient@example.com"));
    expect(customer).toMatchObject({ approved: true, roles: ["user"] });
    expect(customer?.city).toBeTruthy();
    expect(customer?.postCode).toMatch(/^\d{2}-\d{3}$/);
    expect(await verifyPassword("klient1234", customer?.passwordHash ?? "")).toBe(true);

    const [unapproved] = await db.select().from(users).where(eq(users.email, "nowy@example.com"));
    expect(unapproved?.approved).toBe(false);
    expect(await verifyPassword("nowy12345", unapproved?.passwordHash ?? "")).toBe(true);
  });

  it("hashes the accounts' passwords at the configured cost (the tests' quick one here)", async () => {
    const rows = await database.db.select({ passwordHash: users.passwordHash }).from(users);
    expect(rows.length).toBeGreaterThanOrEqual(4); // the staff account and the demo ones
    for (const row of rows) expect(row.passwordHash).toMatch(/^scrypt\$4096\$8\$1\$/);
  });
});

describe("production start", () => {
  it("creates only the owner's staff account: no demo accounts, coupons or catalog, even if told to seed", async () => {
    const other = await createTestDatabase();
    try {
      const production = loadConfig({ ...PRODUCTION_READY, DATA_DIR: tmpDir });
      expect(production.seedDemo).toBe(false);
      // a config made by hand with the flag on is still not seeded in production
      expect(await seedIfEmpty(other, { ...production, seedDemo: true }, { images: false })).toBe(false);
      const accounts = await other.db.select({ email: users.email, hash: users.passwordHash }).from(users);
      expect(accounts.map((row) => row.email)).toEqual(["owner@shop.pl"]);
      // production hashes at the standard cost (quick is refused there)
      expect(accounts[0]?.hash).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect(await other.db.select().from(coupons)).toHaveLength(0);
      expect(await other.db.select().from(products)).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});

describe("staff account", () => {
  it("is ensured even when demo seeding is off, and only once", async () => {
    const other = await createTestDatabase();
    try {
      const noDemo = testConfig({
        DATA_DIR: tmpDir,
        SEED_DEMO: "false",
        ADMIN_EMAIL: "Szefowa@Example.com",
        ADMIN_PASSWORD: "bardzo-tajne-haslo",
      });
      expect(await seedIfEmpty(other, noDemo, { images: false })).toBe(false);
      expect(await seedIfEmpty(other, noDemo, { images: false })).toBe(false);
      const rows = await other.db.select().from(users);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.roles).toEqual(expect.arrayContaining(["admin", "shop-moderator"]));
      expect(await verifyPassword("bardzo-tajne-haslo", rows[0]?.passwordHash ?? "")).toBe(true);
      const [productCount] = await other.db.select({ n: count() }).from(products);
      expect(productCount?.n).toBe(0);
      // the demo seed later on does not duplicate the (case-insensitively equal) staff e-mail
      const summary = await seedDemoShop(
        other.db,
        { ...noDemo, admin: { ...noDemo.admin, email: "szefowa@example.com" } },
        {
          images: false,
        },
      );
      expect(summary.seeded).toBe(true);
      const staffRows = await other.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = 'szefowa@example.com'`);
      expect(staffRows).toHaveLength(1);
    } finally {
      await other.destroy();
    }
  });
});

describe("plan", () => {
  it("is deterministic for the same time", () => {
    const now = new Date("2025-03-01T12:00:00Z");
    expect(JSON.stringify(planProducts(now))).toBe(JSON.stringify(planProducts(now)));
  });
});

describe("demo images", () => {
  it("writes WebP files in three widths, and skips them the second time", async () => {
    const mediaDir = path.join(tmpDir, "images-test");
    const specs = [
      ...planProducts(new Date())
        .slice(0, 2)
        .flatMap((product) => product.images.map((image) => image.spec)),
      ...slideImageSpecs().slice(0, 1),
      ...blogImageSpecs().slice(0, 1),
    ];
    const first = await renderDemoImages(mediaDir, specs);
    expect(first.written).toBe(specs.length * 4);
    for (const spec of specs) {
      const base = path.join(mediaDir, spec.base);
      const full = await sharp(`${base}.webp`).metadata();
      const thumb = await sharp(`${base}-thumb.webp`).metadata();
      const medium = await sharp(`${base}-medium.webp`).metadata();
      const large = await sharp(`${base}-large.webp`).metadata();
      expect(full.format).toBe("webp");
      expect(full.width).toBe(IMAGE_WIDTHS.full);
      expect(large.width).toBe(IMAGE_WIDTHS.large);
      expect(medium.width).toBe(IMAGE_WIDTHS.medium);
      expect(thumb.format).toBe("webp");
      expect(thumb.width).toBe(300);
      const ratio = (full.width ?? 0) / (full.height ?? 1);
      if (spec.kind === "product") expect(ratio).toBe(1);
      if (spec.kind === "slide") expect(ratio).toBeCloseTo(16 / 6, 2);
      if (spec.kind === "blog") expect(ratio).toBeCloseTo(16 / 9, 2);
    }
    const second = await renderDemoImages(mediaDir, specs);
    expect(second).toMatchObject({ written: 0, skipped: specs.length * 4 });
  });

  it("seeds with images into the media dir", async () => {
    const other = await createTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-images-"));
    try {
      const withImages = testConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
      const summary = await seedDemoShop(other.db, withImages, { images: true });
      expect(summary.seeded).toBe(true);
      expect(summary.images?.written).toBeGreaterThan(0);
      const [image] = await other.db.select().from(productImages).limit(1);
      const file = path.join(withImages.mediaDir, (image?.thumbUrl ?? "").replace(/^\/media\//, ""));
      const metadata = await sharp(file).metadata();
      expect(metadata.format).toBe("webp");
      expect(metadata.width).toBe(300);
      const [slide] = await other.db.select().from(headerSlides).limit(1);
      expect(
        fs.existsSync(path.join(withImages.mediaDir, (slide?.imageUrl ?? "").replace(/^\/media\//, ""))),
      ).toBe(true);
    } finally {
      await other.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
