import { and, asc, count, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { findCycle, isWithin, type TreeNode } from "../../../domain/category-tree-edit";
import { isShopModerator } from "../../../domain/roles";
import type { Category, PublicUser } from "../../../domain/types";
import type {
  CategoryPayload,
  CategoryUpdatePayload,
  categoriesOrderSchema,
} from "../../../domain/validation/catalog";
import { MSG } from "../../../domain/validation/messages";
import type { Db, Tx } from "../../db/client";
import { categories, productCategories } from "../../db/schema";
import { fail, type Result } from "../../lib/result";
import { auditedWrite, created, deleted, notFound, refuse, updated } from "../audit/audited-write";
import { buildCategoryTree, flattenCategoryTree, ROOT_CATEGORY_TITLE } from "./catalog.mapper";

// Staff writes of the category tree (SPEC §7: POST /shops/categories, PUT /shops/categories (bulk),
// PUT and DELETE /shops/categories/{id}). The category titled 'root' is the tree's root: it is never
// listed, moved or deleted; its children are the first level, whose `parent` is null in every DTO.
// Each write is one transaction with its audit entry.

type CategoriesOrder = z.output<typeof categoriesOrderSchema>;

/** A category as staff edit it (first level: parent null). */
export interface CategoryRecord {
  _id: number;
  title: string;
  /** the English title (issue 30): blank = none */
  titleEn: string;
  parent: number | null;
  order: number;
  image: string | null;
}

type Row = typeof categories.$inferSelect;

const toRecord = (row: Row, rootId: number | null): CategoryRecord => ({
  _id: row.id,
  title: row.title,
  titleEn: row.titleEn,
  parent: row.parentId === rootId ? null : row.parentId,
  order: row.order,
  image: row.image,
});

export function createCategoryAdminService(db: Db) {
  async function rootIdOf(tx: Db | Tx): Promise<number | null> {
    const [root] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(isNull(categories.parentId), eq(categories.title, ROOT_CATEGORY_TITLE)))
      .orderBy(asc(categories.id))
      .limit(1);
    return root?.id ?? null;
  }

  /** Every category row, locked for the rest of the transaction (tree edits see one consistent tree). */
  async function lockedRows(tx: Tx): Promise<Row[]> {
    return tx.select().from(categories).orderBy(asc(categories.id)).for("update");
  }

  /** One past the last sibling's order under `parentId` (the first level: under root or without a parent). */
  function nextOrder(rows: readonly Row[], parentId: number | null, rootId: number | null, except?: number) {
    const firstLevel = parentId === null || parentId === rootId;
    const siblings = rows.filter(
      (row) =>
        row.id !== except &&
        row.id !== rootId &&
        (firstLevel ? row.parentId === null || row.parentId === rootId : row.parentId === parentId),
    );
    return siblings.reduce((last, row) => Math.max(last, row.order + 1), 0);
  }

  /** The stored parent of a requested one: null or the root's id = the first level (stored under root). */
  function storedParent(parent: number | null, rootId: number | null): number | null {
    return parent === null || parent === rootId ? rootId : parent;
  }

  return {
    /** Every category's English title by id (the staff tree's rename forms; blank = none). */
    async englishTitles(): Promise<Map<number, string>> {
      const rows = await db.select({ id: categories.id, titleEn: categories.titleEn }).from(categories);
      return new Map(rows.map((row) => [row.id, row.titleEn]));
    },

    /** Adds a category; without an order it becomes the last of its siblings. */
    async createCategory(actor: PublicUser, payload: CategoryPayload): Promise<Result<CategoryRecord>> {
      if (!isShopModerator(actor)) return fail("forbidden-moderator");
      return auditedWrite(db, actor, "category.create", async (tx) => {
        const rows = await lockedRows(tx);
        const rootId = await rootIdOf(tx);
        const parentId = storedParent(payload.parent, rootId);
        if (parentId !== null && !rows.some((row) => row.id === parentId)) {
          refuse(fail("validation", { parent: { key: MSG.invalid } }));
        }
        const order = payload.order ?? nextOrder(rows, parentId, rootId);
        const [row] = await tx
          .insert(categories)
          .values({ title: payload.title, titleEn: payload.titleEn, parentId, order, image: payload.image })
          .returning();
        if (!row) throw new Error("category not inserted");
        return created(toRecord(row, rootId));
      });
    },

    /** Renames, re-parents (as the last child unless an order is given) or changes the image. */
    async updateCategory(
      actor: PublicUser,
      id: number,
      payload: CategoryUpdatePayload,
    ): Promise<Result<CategoryRecord>> {
      if (!isShopModerator(actor)) return fail("forbidden-moderator");
      return auditedWrite(db, actor, "category.update", async (tx) => {
        const rows = await lockedRows(tx);
        const rootId = await rootIdOf(tx);
        const current = rows.find((row) => row.id === id) ?? refuse(notFound());
        if (id === rootId) refuse(fail("category/root-protected"));
        const before = toRecord(current, rootId);
        const changes: Partial<Row> = {};
        if (payload.title !== undefined) changes.title = payload.title;
        if (payload.titleEn !== undefined) changes.titleEn = payload.titleEn;
        if (payload.image !== undefined) changes.image = payload.image;
        if (payload.parent !== undefined) {
          const parentId = storedParent(payload.parent, rootId);
          if (parentId !== null && !rows.some((row) => row.id === parentId)) {
            refuse(fail("validation", { parent: { key: MSG.invalid } }));
          }
          const nodes = rows.filter((row) => row.id !== rootId).map((row) => toRecord(row, rootId));
          if (parentId !== null && parentId !== rootId && isWithin(nodes, parentId, id)) {
            refuse(fail("category/cycle"));
          }
          if (parentId !== current.parentId) {
            changes.parentId = parentId;
            changes.order = payload.order ?? nextOrder(rows, parentId, rootId, id);
          }
        }
        if (payload.order !== undefined) changes.order = payload.order;
        const [row] = await tx
          .update(categories)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(categories.id, id))
          .returning();
        if (!row) throw new Error("category not updated");
        return updated(id, before, toRecord(row, rootId));
      });
    },

    /**
     * The bulk tree edit: the new parent and order of each category sent, all or nothing. Refused:
     * the root, unknown ids (also as parents), the same id twice, and a result with a parent cycle.
     * Returns every category (flat, depth first, as GET /shops/categories).
     */
    async reorderCategories(actor: PublicUser, items: CategoriesOrder): Promise<Result<Category[]>> {
      if (!isShopModerator(actor)) return fail("forbidden-moderator");
      const seen = new Set<number>();
      for (const [index, item] of items.entries()) {
        if (seen.has(item._id)) return fail("validation", { [`${index}._id`]: { key: MSG.invalid } });
        seen.add(item._id);
      }
      return auditedWrite(db, actor, "category.reorder", async (tx) => {
        const rows = await lockedRows(tx);
        const rootId = await rootIdOf(tx);
        const known = new Set(rows.map((row) => row.id));
        if (items.some((item) => item._id === rootId)) refuse(fail("category/root-protected"));
        const unknown = [
          ...new Set(items.flatMap((item) => [item._id, ...(item.parent === null ? [] : [item.parent])])),
        ].filter((candidate) => !known.has(candidate));
        if (unknown.length > 0) refuse(fail("bulk/unknown-ids", undefined, { ids: unknown }));

        const byId = new Map(rows.map((row) => [row.id, row]));
        const nodes: TreeNode[] = rows.filter((row) => row.id !== rootId).map((row) => toRecord(row, rootId));
        const wanted = new Map(items.map((item) => [item._id, item]));
        const next = nodes.map((node) => {
          const change = wanted.get(node._id);
          return change
            ? { _id: node._id, parent: change.parent === rootId ? null : change.parent, order: change.order }
            : node;
        });
        if (findCycle(next) !== null) refuse(fail("category/cycle"));

        const before: TreeNode[] = [];
        const after: TreeNode[] = [];
        for (const node of next) {
          const row = byId.get(node._id);
          if (!row || !wanted.has(node._id)) continue;
          const parentId = storedParent(node.parent, rootId);
          if (row.parentId === parentId && row.order === node.order) continue;
          before.push({
            _id: row.id,
            parent: row.parentId === rootId ? null : row.parentId,
            order: row.order,
          });
          after.push(node);
          await tx
            .update(categories)
            .set({ parentId, order: node.order, updatedAt: new Date() })
            .where(eq(categories.id, row.id));
        }
        const fresh = await tx
          .select({
            id: categories.id,
            title: categories.title,
            parentId: categories.parentId,
            order: categories.order,
            image: categories.image,
          })
          .from(categories);
        const value = flattenCategoryTree(buildCategoryTree(fresh));
        return { value, entityId: null, before, after, unchanged: after.length === 0 };
      });
    },

    /** Deletes a category; refused for the root, and while subcategories or products use it. */
    async deleteCategory(actor: PublicUser, id: number): Promise<Result<CategoryRecord>> {
      if (!isShopModerator(actor)) return fail("forbidden-moderator");
      return auditedWrite(db, actor, "category.delete", async (tx) => {
        const rows = await lockedRows(tx);
        const rootId = await rootIdOf(tx);
        const current = rows.find((row) => row.id === id) ?? refuse(notFound());
        if (id === rootId) refuse(fail("category/root-protected"));
        const children = rows.filter((row) => row.parentId === id).length;
        if (children > 0) refuse(fail("category/has-children", undefined, { count: children }));
        const [used] = await tx
          .select({ total: count() })
          .from(productCategories)
          .where(eq(productCategories.categoryId, id));
        if ((used?.total ?? 0) > 0) {
          refuse(fail("category/in-use-products", undefined, { count: used?.total ?? 0 }));
        }
        await tx.delete(categories).where(eq(categories.id, id));
        return deleted(id, toRecord(current, rootId));
      });
    },
  };
}

export type CategoryAdminService = ReturnType<typeof createCategoryAdminService>;
