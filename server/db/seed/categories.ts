import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "../client";
import { categories } from "../schema";
import { type CategoryKey, categoryDefs, ROOT_CATEGORY_TITLE } from "./demo-data/categories";
import { type ImageSpec, imageUrls } from "./images";
import { daysBefore } from "./plan";

// The demo category tree, parents first; an existing root category is reused.

export interface SeededCategories {
  ids: Map<CategoryKey, number>;
  /** how many were inserted (the reused root is not counted) */
  count: number;
}

export async function insertCategories(
  tx: Tx,
  now: Date,
  imageSpecs: ReadonlyMap<CategoryKey, ImageSpec>,
): Promise<SeededCategories> {
  const ids = new Map<CategoryKey, number>();
  const [existingRoot] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.title, ROOT_CATEGORY_TITLE), isNull(categories.parentId)))
    .orderBy(categories.id)
    .limit(1);
  let count = 0;
  for (const def of categoryDefs) {
    if (def.key === "root" && existingRoot) {
      ids.set("root", existingRoot.id);
      continue;
    }
    const parentId = def.parent ? ids.get(def.parent) : null;
    if (parentId === undefined) throw new Error(`Category ${def.key} is listed before its parent`);
    const spec = imageSpecs.get(def.key);
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
    ids.set(def.key, row.id);
    count++;
  }
  return { ids, count };
}
