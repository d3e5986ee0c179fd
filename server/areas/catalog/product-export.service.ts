import { asc, inArray } from "drizzle-orm";
import { type EnglishOf, englishOf } from "../../../domain/english-texts";
import { parsePriceToGrosze } from "../../../domain/money";
import {
  PRICE_COLUMNS,
  PRODUCT_FILE_COLUMNS,
  type ProductFileDictionary,
  type ProductFileRow,
  productCsv,
  productToRow,
} from "../../../domain/product-file";
import type { Product } from "../../../domain/types";
import type { Db } from "../../db/client";
import { galleryImages, products } from "../../db/schema";
import { writeXlsx, type XlsxCell } from "../../lib/xlsx";
import type { CatalogService } from "./catalog.service";

// The product export (issue 30, docs/decisions/077): the whole catalog, hidden products too, read a
// page of products at a time, as the product file's rows (domain/product-file.ts) in CSV or XLSX.
// The dictionary — category paths, field and option titles, gallery paths — is the import's too,
// and so is `withEnglish`: the catalog's products with their English texts (issue 30).

const EXPORT_PAGE = 100;

export function createProductExportService(db: Db, deps: { catalog: CatalogService }) {
  const { catalog } = deps;

  async function dictionary(): Promise<ProductFileDictionary> {
    const [categoryList, fields, gallery] = await Promise.all([
      catalog.listCategories(),
      catalog.listFields(),
      db
        .select({
          folder: galleryImages.folder,
          name: galleryImages.name,
          url: galleryImages.url,
          thumbUrl: galleryImages.thumbUrl,
        })
        .from(galleryImages)
        .orderBy(asc(galleryImages.id)),
    ]);
    return {
      categoryPaths: new Map(categoryList.map((category) => [category._id, category.path])),
      fields: fields.map((field) => ({
        id: field._id,
        title: field.title,
        options: field.options.map((option) => ({ id: option._id, title: option.title })),
      })),
      gallery: gallery.map((image) => ({
        path: image.folder ? `${image.folder}/${image.name}` : image.name,
        image: { url: image.url, thumb_url: image.thumbUrl, name: image.name, isNew: true },
      })),
    };
  }

  /** The products with their English texts (read beside the catalog's product, which has none). */
  async function withEnglish(list: readonly Product[]): Promise<(Product & EnglishOf<"product">)[]> {
    if (list.length === 0) return [];
    const ids = list.map((product) => product._id);
    const rows = await db.select().from(products).where(inArray(products.id, ids));
    const byId = new Map(rows.map((row) => [row.id, englishOf("product", row)]));
    return list.map((product) => ({ ...product, ...englishOf("product", byId.get(product._id) ?? {}) }));
  }

  async function rows(): Promise<ProductFileRow[]> {
    const names = await dictionary();
    const all: ProductFileRow[] = [];
    for (let afterId = 0; ; ) {
      const page = await withEnglish(await catalog.productsAfter(afterId, EXPORT_PAGE));
      all.push(...page.map((product) => productToRow(product, names)));
      const last = page.at(-1);
      if (!last || page.length < EXPORT_PAGE) return all;
      afterId = last._id;
    }
  }

  return {
    dictionary,
    withEnglish,
    async csv(): Promise<string> {
      return productCsv(await rows());
    },
    async xlsx(): Promise<Uint8Array> {
      const cells = (await rows()).map((row) =>
        PRODUCT_FILE_COLUMNS.map((column): XlsxCell => {
          const grosze = PRICE_COLUMNS.has(column) ? parsePriceToGrosze(row[column]) : null;
          return grosze === null ? row[column] : { grosze };
        }),
      );
      return writeXlsx({ name: "Produkty", rows: [[...PRODUCT_FILE_COLUMNS], ...cells] });
    },
  };
}

export type ProductExportService = ReturnType<typeof createProductExportService>;
