import { localized } from "../../../domain/content-language";
import type { Lang } from "../../../domain/i18n/translate";
import {
  effectivePriceGrosze,
  lowestPriceReference,
  productThumbnail,
  standardPriceGrosze,
} from "../../../domain/pricing";
import type {
  Category,
  FieldOption,
  Id,
  ImageRef,
  MenuCategory,
  Product,
  ProductBasic,
  ProductField,
  Variant,
} from "../../../domain/types";
import type {
  categories,
  fieldOptions,
  productFields,
  productImages,
  products,
  productVariants,
} from "../../db/schema";
import { identityOf, safetyOf } from "./product-safety.columns";

// Pure shaping of database rows into the DTOs of domain/types.ts. The price rules
// themselves (effective price, discount, thumbnail, total quantity) come from domain/.

export type CategoryRow = Pick<
  typeof categories.$inferSelect,
  "id" | "title" | "parentId" | "order" | "image"
> &
  // the English title where the tree is shown in a language (the staff's tree is Polish)
  Partial<Pick<typeof categories.$inferSelect, "titleEn">>;
export type ProductRow = typeof products.$inferSelect;
export type VariantRow = Pick<
  typeof productVariants.$inferSelect,
  "id" | "productId" | "fields" | "variantKey" | "priceGrosze" | "promotionalPriceGrosze" | "quantity"
>;
export type ImageRow = Pick<
  typeof productImages.$inferSelect,
  "productId" | "url" | "thumbUrl" | "name" | "isNew"
>;
export type FieldRow = typeof productFields.$inferSelect;
export type FieldOptionRow = typeof fieldOptions.$inferSelect;

export const ROOT_CATEGORY_TITLE = "root";

const bySiblingOrder = (a: CategoryRow, b: CategoryRow) => a.order - b.order || a.id - b.id;

/**
 * The category tree of SPEC §3: the categories below the one titled 'root'; other top-level
 * categories (parent null) attach under root too. Siblings sorted by order, then id. `path` and
 * `idsPath` start at the first level below root, whose `parent` is null. Categories not reachable
 * from the root (a parent cycle) are left out.
 */
export function buildCategoryTree(rows: readonly CategoryRow[], lang: Lang = "pl"): Category[] {
  const root =
    rows
      .filter((row) => row.parentId === null && row.title === ROOT_CATEGORY_TITLE)
      .sort((a, b) => a.id - b.id)[0] ?? null;
  const children = new Map<Id, CategoryRow[]>();
  const firstLevel: CategoryRow[] = [];
  for (const row of rows) {
    if (row === root) continue;
    if (row.parentId === null || (root !== null && row.parentId === root.id)) {
      firstLevel.push(row);
      continue;
    }
    const siblings = children.get(row.parentId);
    if (siblings) siblings.push(row);
    else children.set(row.parentId, [row]);
  }
  const visited = new Set<Id>();
  const build = (row: CategoryRow, parent: Category | null): Category => {
    visited.add(row.id);
    const { title, polish } = localized({ title: row.title }, lang, { title: [row.title, row.titleEn] });
    const category: Category = {
      _id: row.id,
      title,
      ...(polish && { polish }),
      parent: parent ? parent._id : null,
      order: row.order,
      path: parent ? `${parent.path}/${title}` : title,
      idsPath: parent ? `${parent.idsPath}/${row.id}` : String(row.id),
      image: row.image,
      subcategories: [],
    };
    const kids = (children.get(row.id) ?? []).filter((kid) => !visited.has(kid.id)).sort(bySiblingOrder);
    category.subcategories = kids.map((kid) => build(kid, category));
    return category;
  };
  return firstLevel.sort(bySiblingOrder).map((row) => build(row, null));
}

/** The tree as the storefront's menus show it: titles, pictures and nesting, nothing else. */
export function menuCategoryTree(tree: readonly Category[]): MenuCategory[] {
  return tree.map((category) => ({
    _id: category._id,
    title: category.title,
    ...(category.polish && { polish: category.polish }),
    image: category.image,
    subcategories: menuCategoryTree(category.subcategories),
  }));
}

/** Every category of the tree, depth first (parent before its subcategories, siblings in order). */
export function flattenCategoryTree(tree: readonly Category[]): Category[] {
  const flat: Category[] = [];
  const visit = (list: readonly Category[]) => {
    for (const category of list) {
      flat.push(category);
      visit(category.subcategories);
    }
  };
  visit(tree);
  return flat;
}

/** The title and description of a field or option row for the interface language. */
const titleAndDescription = (row: FieldRow | FieldOptionRow) => ({
  title: [row.title, row.titleEn] as const,
  description: [row.description, row.descriptionEn] as const,
});

export function toFieldOption(row: FieldOptionRow, lang: Lang = "pl"): FieldOption {
  return localized(
    { _id: row.id, title: row.title, description: row.description, image: row.image },
    lang,
    titleAndDescription(row),
  );
}

export function toProductField(
  row: FieldRow,
  options: readonly FieldOptionRow[],
  lang: Lang = "pl",
): ProductField {
  return localized(
    {
      _id: row.id,
      title: row.title,
      type: row.type,
      description: row.description,
      changePrice: row.changePrice,
      options: options.map((option) => toFieldOption(option, lang)),
    },
    lang,
    titleAndDescription(row),
  );
}

export function toImageRef(row: ImageRow): ImageRef {
  return { url: row.url, thumb_url: row.thumbUrl, name: row.name, isNew: row.isNew };
}

export function toVariant(row: VariantRow): Variant {
  return {
    _id: row.id,
    fields: { ...row.fields },
    priceGrosze: row.priceGrosze,
    promotionalPriceGrosze: row.promotionalPriceGrosze,
    quantity: row.quantity,
  };
}

/** What the catalog service loads beside a product row. */
export interface ProductRelations {
  images: readonly ImageRow[];
  categoryIds: readonly Id[];
  fieldIds: readonly Id[];
  variants: readonly VariantRow[];
  /** product-level (variant null) price-history figures, if any history exists */
  history: HistoryFigures | undefined;
  /** price-history figures per variant id */
  variantHistory: ReadonlyMap<Id, HistoryFigures>;
}

/** What the price history says about one product or variant (see catalog.service priceHistoryFigures). */
export interface HistoryFigures {
  last30MinGrosze: number | null;
  beforeCurrentMinGrosze: number | null;
}

export interface ProductPriceFigures {
  minPriceGrosze: number;
  minVariantPrice: Record<string, number>;
  variants: Variant[];
  thumbnail: Product["thumbnail"];
}

/**
 * "najniższa cena z 30 dni" per product and variant (domain/pricing lowestPriceReference over the
 * price-history figures) and the thumbnail figures (domain/pricing productThumbnail).
 */
export function productPriceFigures(row: ProductRow, relations: ProductRelations): ProductPriceFigures {
  const minPriceGrosze = lowestPriceReference({
    effectiveGrosze: effectivePriceGrosze(row),
    standardGrosze: standardPriceGrosze(row),
    ...relations.history,
  });
  const minVariantPrice: Record<string, number> = {};
  for (const variant of relations.variants) {
    minVariantPrice[variant.variantKey] = lowestPriceReference({
      effectiveGrosze: effectivePriceGrosze(variant),
      standardGrosze: standardPriceGrosze(variant),
      ...relations.variantHistory.get(variant.id),
    });
  }
  const variants = relations.variants.map(toVariant);
  const thumbnail = productThumbnail({
    priceGrosze: row.priceGrosze,
    promotionalPriceGrosze: row.promotionalPriceGrosze,
    quantity: row.quantity,
    minPriceGrosze,
    minVariantPrice,
    variants,
  });
  return { minPriceGrosze, minVariantPrice, variants, thumbnail };
}

export function toProduct(row: ProductRow, relations: ProductRelations): Product {
  const figures = productPriceFigures(row, relations);
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    tags: [...row.tags],
    images: relations.images.map(toImageRef),
    categories: [...relations.categoryIds],
    fields: [...relations.fieldIds],
    variants: figures.variants,
    quantity: row.quantity,
    priceGrosze: row.priceGrosze,
    promotionalPriceGrosze: row.promotionalPriceGrosze,
    minPriceGrosze: figures.minPriceGrosze,
    minVariantPrice: figures.minVariantPrice,
    vatRate: row.vatRate,
    isHidden: row.isHidden,
    isNew: row.isNew,
    isSale: row.isSale,
    isPremium: row.isPremium,
    isLayette: row.isLayette,
    isSet: row.isSet,
    hasSlides: row.hasSlides,
    slides: [...row.slideIds],
    slidesTitle: row.slidesTitle,
    slidesDescription: row.slidesDescription,
    processingTime: row.processingTime,
    parcelSize: row.parcelSize,
    identity: identityOf(row),
    safety: safetyOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    thumbnail: figures.thumbnail,
  };
}

export function toProductBasic(row: ProductRow, relations: ProductRelations): ProductBasic {
  const { thumbnail } = productPriceFigures(row, relations);
  const firstImage = relations.images[0];
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    image: firstImage ? toImageRef(firstImage) : null,
    categories: [...relations.categoryIds],
    isHidden: row.isHidden,
    isNew: row.isNew,
    isSale: row.isSale,
    isPremium: row.isPremium,
    isLayette: row.isLayette,
    isSet: row.isSet,
    processingTime: row.processingTime,
    updatedAt: row.updatedAt.toISOString(),
    thumbnail,
  };
}

/**
 * A product DTO in the interface language (issue 30, docs/decisions/078): the English title, slug
 * and description where they are filled in (a blank English slug keeps the Polish one, as the page
 * is found by id); `polish` names the texts that stayed Polish.
 */
export function inLanguage<T extends Product | ProductBasic>(product: T, row: ProductRow, lang: Lang): T {
  if (lang === "pl") return product;
  const slug = row.slugEn.trim() !== "" ? row.slugEn : row.slug;
  if ("description" in product) {
    return localized({ ...product, slug }, lang, {
      title: [row.title, row.titleEn],
      description: [row.description, row.descriptionEn],
    });
  }
  return localized({ ...product, slug }, lang, { title: [row.title, row.titleEn] });
}
