import { slugify } from "../../../domain/slug";
import type { ImageRef, ProcessingTime } from "../../../domain/types";
import { type CategoryKey, categoryDefs } from "./demo-data/categories";
import { blogDefs, slideDefs } from "./demo-data/content";
import {
  type FieldKey,
  fieldDefs,
  iconForCategory,
  materials,
  type ProductDef,
  productDefs,
  SLIDES_TITLE,
} from "./demo-data/products";
import { type ImageSpec, imageUrls } from "./images";

// Pure, deterministic planning of the demo data: everything that does not need database ids.
// The same `now` always gives the same plan (no Math.random; a seeded PRNG for stock levels).

export const DAY_MS = 24 * 60 * 60 * 1000;

/** mulberry32: a tiny deterministic PRNG returning floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function daysBefore(now: Date, days: number, minutes = 0): Date {
  return new Date(now.getTime() - days * DAY_MS - minutes * 60_000);
}

/** A file-name-safe base for generated pictures: the slug, lower case, dots dropped. */
export function fileBase(title: string): string {
  return slugify(title)
    .toLowerCase()
    .replace(/[^a-z0-9_-]/g, "");
}

/** A price after a percent discount, ending in ,99 (e.g. 129,00 zł -20% -> 102,99 zł). */
export function discounted(priceGrosze: number, percent: number): number {
  const raw = Math.floor((priceGrosze * (100 - percent)) / 100 / 100) * 100 - 1;
  return Math.max(1, Math.min(raw, priceGrosze - 1));
}

/** A short flash-sale price 20 days ago: lower than the current one, so the 30-day low is visible. */
export function flashSalePrice(currentGrosze: number): number {
  return Math.max(1, currentGrosze - Math.max(100, Math.round((currentGrosze * 0.06) / 100) * 100));
}

export function productDescription(def: ProductDef): string {
  const material = materials[def.material];
  const items = def.details.map((line) => {
    const colon = line.indexOf(":");
    return colon === -1
      ? `<li>${line}</li>`
      : `<li><strong>${line.slice(0, colon + 1)}</strong>${line.slice(colon + 1)}</li>`;
  });
  return [
    ...def.intro.map((paragraph) => `<p>${paragraph}</p>`),
    `<p><strong>Materiał:</strong> ${material.text}</p>`,
    `<ul>${items.join("")}</ul>`,
    `<p><strong>Pielęgnacja:</strong> ${material.care}</p>`,
  ].join("");
}

export interface PlannedVariant {
  /** option keys: [size option key, colour option key] */
  sizeField: FieldKey;
  sizeOption: string;
  colourOption: string;
  priceGrosze: number;
  promotionalPriceGrosze: number | null;
  quantity: number;
}

export interface PlannedProduct {
  def: ProductDef;
  title: string;
  slug: string;
  description: string;
  tags: string[];
  categories: CategoryKey[];
  /** variant fields first (size, colour), then the non-price fields */
  fields: FieldKey[];
  variants: PlannedVariant[];
  quantity: number;
  priceGrosze: number;
  promotionalPriceGrosze: number | null;
  vatRate: number;
  isHidden: boolean;
  isNew: boolean;
  isSale: boolean;
  isPremium: boolean;
  isLayette: boolean;
  isSet: boolean;
  processingTime: ProcessingTime;
  slides: string[];
  slidesTitle: string;
  slidesDescription: string;
  createdAt: Date;
  updatedAt: Date;
  images: { spec: ImageSpec; ref: ImageRef }[];
}

function effective(price: number, promo: number | null): number {
  return promo != null && promo !== price ? promo : price;
}

function planVariants(def: ProductDef, random: () => number): PlannedVariant[] {
  const spec = def.variants;
  if (!spec) return [];
  const sizeField = fieldDefs.find((field) => field.key === spec.sizeField);
  const colourField = fieldDefs.find((field) => field.key === "kolor");
  if (!sizeField || !colourField) throw new Error(`Unknown variant fields for ${def.title}`);
  const variants: PlannedVariant[] = [];
  sizeField.options.forEach((size, sizeIndex) => {
    for (const colour of colourField.options) {
      const priceGrosze =
        (spec.sizePrices[sizeIndex] ?? spec.sizePrices[0]) + (spec.colourSurcharge?.[colour.key] ?? 0);
      const roll = random();
      const quantity = spec.soldOut ? 0 : roll < 0.15 ? 0 : 1 + Math.floor(random() * 14);
      variants.push({
        sizeField: spec.sizeField,
        sizeOption: size.key,
        colourOption: colour.key,
        priceGrosze,
        promotionalPriceGrosze: spec.salePercent ? discounted(priceGrosze, spec.salePercent) : null,
        quantity,
      });
    }
  });
  const first = variants[0];
  if (!spec.soldOut && first && variants.every((variant) => variant.quantity === 0)) first.quantity = 5;
  return variants;
}

export function planProducts(now: Date): PlannedProduct[] {
  const titles = new Set<string>();
  return productDefs.map((def, index) => {
    if (titles.has(def.title)) throw new Error(`Duplicate demo product title: ${def.title}`);
    titles.add(def.title);
    const random = seededRandom(index + 1);
    const variants = planVariants(def, random);
    // the variant with the lowest effective price stands for the product (list price, filters)
    const cheapest = variants.reduce<PlannedVariant | null>(
      (best, variant) =>
        best === null ||
        effective(variant.priceGrosze, variant.promotionalPriceGrosze) <
          effective(best.priceGrosze, best.promotionalPriceGrosze)
          ? variant
          : best,
      null,
    );
    const priceGrosze = cheapest ? cheapest.priceGrosze : def.priceGrosze;
    const promotionalPriceGrosze = cheapest
      ? cheapest.promotionalPriceGrosze
      : (def.promotionalPriceGrosze ?? null);
    const quantity =
      variants.length > 0 ? variants.reduce((sum, v) => sum + v.quantity, 0) : (def.quantity ?? 0);

    // new products are recent (2–21 days), the rest 45–119 days old, so sale history fits
    const age = def.isNew ? 2 + ((index * 7) % 20) : 45 + ((index * 37) % 75);
    const minutes = (index * 97) % 600;
    const createdAt = daysBefore(now, age, minutes);
    const updatedAgo = Math.floor((age * ((index * 29) % 100)) / 100);
    const updatedAt = daysBefore(now, updatedAgo, Math.floor(minutes / 2));

    const base = fileBase(def.title);
    const icon = iconForCategory(def.categories[0] ?? "akcesoria");
    const imageCount = variants.length > 0 ? 2 : 1;
    const images = Array.from({ length: imageCount }, (_, n) => {
      const spec: ImageSpec = {
        base: `demo/products/${base}-${n + 1}`,
        kind: "product",
        label: def.label,
        tint: def.tint,
        icon,
        pattern: index + n * 3,
        detail: n > 0,
      };
      const urls = imageUrls(spec);
      return {
        spec,
        ref: { url: urls.url, thumb_url: urls.thumbUrl, name: `${base}-${n + 1}.webp`, isNew: true },
      };
    });

    const fields: FieldKey[] = def.variants ? [def.variants.sizeField, "kolor"] : [];
    for (const extra of def.extraFields ?? []) fields.push(extra);

    return {
      def,
      title: def.title,
      slug: slugify(def.title),
      description: productDescription(def),
      tags: [...def.tags],
      categories: [...def.categories],
      fields,
      variants,
      quantity,
      priceGrosze,
      promotionalPriceGrosze,
      vatRate: def.vatRate ?? 23,
      isHidden: def.isHidden ?? false,
      isNew: def.isNew ?? false,
      isSale: promotionalPriceGrosze != null && promotionalPriceGrosze < priceGrosze,
      isPremium: def.isPremium ?? false,
      isLayette: def.isLayette ?? false,
      isSet: def.isSet ?? false,
      processingTime: def.processingTime,
      slides: [...(def.slides ?? [])],
      slidesTitle: def.slides ? SLIDES_TITLE : "",
      slidesDescription: def.slides ? (def.slidesDescription ?? "") : "",
      createdAt,
      updatedAt,
      images,
    };
  });
}

/** Price history of one product or variant: the current price now; for sale items also 40 and 20 days ago. */
export function priceHistoryPoints(
  now: Date,
  priceGrosze: number,
  promotionalPriceGrosze: number | null,
): { priceGrosze: number; recordedAt: Date }[] {
  const current = effective(priceGrosze, promotionalPriceGrosze);
  if (current >= priceGrosze) return [{ priceGrosze: current, recordedAt: now }];
  return [
    { priceGrosze, recordedAt: daysBefore(now, 40) },
    { priceGrosze: flashSalePrice(current), recordedAt: daysBefore(now, 20) },
    { priceGrosze: current, recordedAt: now },
  ];
}

export function categoryImageSpecs(): Map<CategoryKey, ImageSpec> {
  const tints = ["rozowy", "mietowy", "lawendowy", "bezowy", "niebieski"] as const;
  const icons = ["toy", "set", "set", "fabric", "garland"] as const;
  const specs = new Map<CategoryKey, ImageSpec>();
  categoryDefs
    .filter((def) => def.banner)
    .forEach((def, index) => {
      specs.set(def.key, {
        base: `demo/categories/${fileBase(def.title)}`,
        kind: "category",
        label: def.banner?.label ?? def.title,
        tint: tints[index % tints.length] ?? "rozowy",
        icon: icons[index % icons.length] ?? "set",
        pattern: index * 2 + 1,
      });
    });
  return specs;
}

export function slideImageSpecs(): ImageSpec[] {
  const icons = ["set", "blanket", "set"] as const;
  return slideDefs.map((def, index) => ({
    base: `demo/slides/${def.key}`,
    kind: "slide",
    label: def.label,
    tint: def.tint,
    icon: icons[index % icons.length] ?? "set",
    pattern: index + 1,
  }));
}

export function blogImageSpecs(): ImageSpec[] {
  const icons = ["set", "fabric", "blanket", "toy"] as const;
  return blogDefs.map((def, index) => ({
    base: `demo/blog/${fileBase(def.title)}`,
    kind: "blog",
    label: def.label,
    tint: def.tint,
    icon: icons[index % icons.length] ?? "set",
    pattern: index + 2,
  }));
}
