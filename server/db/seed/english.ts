import { and, eq, inArray } from "drizzle-orm";
import { slugify } from "../../../domain/slug";
import type { Tx } from "../client";
import {
  blogArticles,
  categories,
  fieldOptions,
  headerSlides,
  pages,
  productFields,
  products,
} from "../schema";
import {
  englishArticles,
  englishCategories,
  englishFields,
  englishPages,
  englishProducts,
  englishSlides,
} from "./demo-data/english";

// The demo records' English texts (./demo-data/english.ts), written after the records themselves;
// an English slug is made from the English title as the Polish one is from the Polish title.

export async function insertEnglishTexts(tx: Tx): Promise<void> {
  for (const [title, titleEn] of Object.entries(englishCategories)) {
    await tx.update(categories).set({ titleEn }).where(eq(categories.title, title));
  }
  for (const { title, titleEn, descriptionEn = "" } of englishProducts) {
    await tx
      .update(products)
      .set({ titleEn, slugEn: slugify(titleEn), descriptionEn })
      .where(eq(products.title, title));
  }
  for (const [title, { titleEn, options }] of Object.entries(englishFields)) {
    const fields = await tx
      .update(productFields)
      .set({ titleEn })
      .where(eq(productFields.title, title))
      .returning({ id: productFields.id });
    const fieldIds = fields.map((field) => field.id);
    if (fieldIds.length === 0) continue;
    for (const [option, optionEn] of Object.entries(options)) {
      await tx
        .update(fieldOptions)
        .set({ titleEn: optionEn })
        .where(and(inArray(fieldOptions.fieldId, fieldIds), eq(fieldOptions.title, option)));
    }
  }
  for (const [title, texts] of Object.entries(englishSlides)) {
    await tx.update(headerSlides).set(texts).where(eq(headerSlides.title, title));
  }
  for (const [link, texts] of Object.entries(englishPages)) {
    await tx.update(pages).set(texts).where(eq(pages.link, link));
  }
  for (const [title, { titleEn, contentEn }] of Object.entries(englishArticles)) {
    await tx
      .update(blogArticles)
      .set({ titleEn, slugEn: slugify(titleEn), contentEn })
      .where(eq(blogArticles.title, title));
  }
}
