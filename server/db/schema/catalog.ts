import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, deletedAt, id, requiredRef, updatedAt } from "./columns";

// The catalogue: categories, product fields and their options, products with their pictures,
// categories, fields and variants, and every price they had.

export const categories = pgTable(
  "categories",
  {
    id: id(),
    title: text("title").notNull(),
    // English content (issue 30, docs/decisions/078): blank = none, the Polish text is shown
    titleEn: text("title_en").notNull().default(""),
    parentId: integer("parent_id").references((): AnyPgColumn => categories.id, { onDelete: "restrict" }),
    order: integer("order").notNull().default(0),
    image: text("image"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("categories_parent_idx").on(t.parentId, t.order)],
);

export const productFields = pgTable("product_fields", {
  id: id(),
  title: text("title").notNull(),
  type: text("type").notNull().default("radio"),
  description: text("description").notNull().default(""),
  titleEn: text("title_en").notNull().default(""),
  descriptionEn: text("description_en").notNull().default(""),
  changePrice: boolean("change_price").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const fieldOptions = pgTable(
  "field_options",
  {
    id: id(),
    fieldId: requiredRef("field_id", () => productFields.id, "cascade"),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    titleEn: text("title_en").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    image: text("image"),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("field_options_field_idx").on(t.fieldId, t.position)],
);

export const products = pgTable(
  "products",
  {
    id: id(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    // English content (issue 30, docs/decisions/078): blank = none, the Polish text is shown
    titleEn: text("title_en").notNull().default(""),
    slugEn: text("slug_en").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    tags: text("tags").array().notNull().default(sql`ARRAY[]::text[]`),
    quantity: integer("quantity").notNull().default(0),
    priceGrosze: integer("price_grosze").notNull(),
    promotionalPriceGrosze: integer("promotional_price_grosze"),
    vatRate: integer("vat_rate").notNull().default(23),
    isHidden: boolean("is_hidden").notNull().default(false),
    isNew: boolean("is_new").notNull().default(false),
    isSale: boolean("is_sale").notNull().default(false),
    isPremium: boolean("is_premium").notNull().default(false),
    isLayette: boolean("is_layette").notNull().default(false),
    isSet: boolean("is_set").notNull().default(false),
    hasSlides: boolean("has_slides").notNull().default(false),
    slideIds: integer("slide_ids").array().notNull().default(sql`ARRAY[]::integer[]`),
    slidesTitle: text("slides_title").notNull().default(""),
    slidesDescription: text("slides_description").notNull().default(""),
    processingTime: text("processing_time", { enum: ["1-2", "3-6", "7-9", "10-14"] })
      .notNull()
      .default("1-2"),
    /** the parcel size ("gabaryt", A/B/C = InPost small/medium/large) a shipment of it needs at least */
    parcelSize: text("parcel_size", { enum: ["A", "B", "C"] })
      .notNull()
      .default("A"),
    /**
     * The list price (the cheapest variant's effective price, else the product's own): derived,
     * kept by the triggers of migration 0008 (docs/decisions/022-list-indexes.md), never written
     * by the app; stored so that the list's price filter and sort can use an index.
     */
    listPriceGrosze: integer("list_price_grosze").notNull().default(0),
    // identity and SEO (issue 30, docs/decisions/073): blank SKU and GTIN are null
    sku: text("sku"),
    gtin: text("gtin"),
    weightGrams: integer("weight_grams"),
    lengthMm: integer("length_mm"),
    widthMm: integer("width_mm"),
    heightMm: integer("height_mm"),
    seoTitle: text("seo_title").notNull().default(""),
    seoDescription: text("seo_description").notNull().default(""),
    // product safety (GPSR, docs/decisions/073): a blank manufacturer is the shop itself (the seller)
    manufacturerName: text("manufacturer_name").notNull().default(""),
    manufacturerAddress: text("manufacturer_address").notNull().default(""),
    manufacturerContact: text("manufacturer_contact").notNull().default(""),
    manufacturerOutsideEu: boolean("manufacturer_outside_eu").notNull().default(false),
    euRepName: text("eu_rep_name").notNull().default(""),
    euRepAddress: text("eu_rep_address").notNull().default(""),
    euRepContact: text("eu_rep_contact").notNull().default(""),
    safetyIdentifier: text("safety_identifier").notNull().default(""),
    safetyWarnings: text("safety_warnings").notNull().default(""),
    careInstructions: text("care_instructions").notNull().default(""),
    /**
     * Derived: domain/gpsr.ts safetyGaps found nothing at the last save (the product admin service
     * writes it with the fields); stored so that the staff list can filter and count by it.
     */
    safetyComplete: boolean("safety_complete").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    check("products_quantity_nonnegative", sql`${t.quantity} >= 0`),
    check("products_price_nonnegative", sql`${t.priceGrosze} >= 0`),
    check("products_promotional_price_nonnegative", sql`${t.promotionalPriceGrosze} >= 0`),
    index("products_visible_created_idx").on(t.isHidden, t.createdAt),
    index("products_updated_idx").on(t.updatedAt),
    index("products_price_idx").on(t.priceGrosze),
    // the product list (catalog.search.ts): visible products in the default order (updated_at,
    // then id, either direction), by list price (filter and sort), and each flag's products in the
    // default order (partial: only the flagged visible rows)
    index("products_visible_updated_idx").on(t.isHidden, t.updatedAt, t.id),
    index("products_visible_list_price_idx").on(t.isHidden, t.listPriceGrosze, t.id),
    index("products_new_idx").on(t.updatedAt, t.id).where(sql`is_hidden = false and is_new`),
    index("products_sale_idx").on(t.updatedAt, t.id).where(sql`is_hidden = false and is_sale`),
    index("products_premium_idx").on(t.updatedAt, t.id).where(sql`is_hidden = false and is_premium`),
    index("products_layette_idx").on(t.updatedAt, t.id).where(sql`is_hidden = false and is_layette`),
    index("products_set_idx").on(t.updatedAt, t.id).where(sql`is_hidden = false and is_set`),
    uniqueIndex("products_sku_unique").on(t.sku).where(sql`sku is not null`),
    index("products_trashed_idx").on(t.deletedAt).where(sql`deleted_at is not null`),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: id(),
    productId: requiredRef("product_id", () => products.id, "cascade"),
    url: text("url").notNull(),
    thumbUrl: text("thumb_url").notNull(),
    name: text("name").notNull(),
    isNew: boolean("is_new").notNull().default(true),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.position)],
);

/** A product's categories; the one with the lowest position is its first (breadcrumb default). */
export const productCategories = pgTable(
  "product_categories",
  {
    productId: requiredRef("product_id", () => products.id, "cascade"),
    categoryId: requiredRef("category_id", () => categories.id, "restrict"),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    // a category's products (the list's category filter) from the index alone
    index("product_categories_category_idx").on(t.categoryId, t.productId),
  ],
);

export const productFieldLinks = pgTable(
  "product_field_links",
  {
    productId: requiredRef("product_id", () => products.id, "cascade"),
    fieldId: requiredRef("field_id", () => productFields.id, "restrict"),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.fieldId] })],
);

export const productVariants = pgTable(
  "product_variants",
  {
    id: id(),
    productId: requiredRef("product_id", () => products.id, "cascade"),
    /** field id -> option id, for the price-changing fields */
    fields: jsonb("fields").$type<Record<string, number>>().notNull(),
    /** option ids sorted and joined by dots (SPEC §3 minVariantPrice key) */
    variantKey: text("variant_key").notNull(),
    priceGrosze: integer("price_grosze").notNull(),
    promotionalPriceGrosze: integer("promotional_price_grosze"),
    quantity: integer("quantity").notNull().default(0),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    check("product_variants_quantity_nonnegative", sql`${t.quantity} >= 0`),
    check("product_variants_price_nonnegative", sql`${t.priceGrosze} >= 0`),
    uniqueIndex("product_variants_key_idx").on(t.productId, t.variantKey),
  ],
);

/** Every effective price a product or variant had, for "najniższa cena z 30 dni". */
export const priceHistory = pgTable(
  "price_history",
  {
    id: id(),
    productId: requiredRef("product_id", () => products.id, "cascade"),
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    priceGrosze: integer("price_grosze").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("price_history_product_idx").on(t.productId, t.variantId, t.recordedAt)],
);
