import { asc, eq, or } from "drizzle-orm";
import type { Id } from "../../../domain/types";
import { creatorCategorySchema, creatorSchema, gameSchema } from "../../../domain/validation/creators";
import { parseForm } from "../../../domain/validation/errors";
import { MSG } from "../../../domain/validation/messages";
import type { Db, Tx } from "../../db/client";
import { isDbId } from "../../db/ids";
import { containsText, type ListPage, type ListQuery, readListPage, readTablePage } from "../../db/list-page";
import { creatorCategories, creators, games } from "../../db/schema";
import { fail, type Result } from "../../lib/result";
import type { AuditActor } from "../audit/audit";
import { auditedWrite, created, deleted, notFound, refuse, updated } from "../audit/audited-write";
import { deletedById, lockedById } from "../audit/row-by-id";
import {
  type Creator,
  type CreatorCategory,
  type Game,
  toCreator,
  toCreatorCategory,
  toGame,
} from "./creators.service";

// Staff writes of the design-creator side (§7 /creators, /creators/categories, /games): plain
// records, text stored as text. A creator's category must exist; deleting a category leaves its
// creators without one. Every write is audited in its transaction.

/** A creator in the staff list, with its category's title (null without one). */
export type StaffCreator = Creator & { categoryTitle: string | null };

async function assertCategoryExists(tx: Tx, id: Id | null): Promise<void> {
  if (id === null) return;
  const [row] = await tx
    .select({ id: creatorCategories.id })
    .from(creatorCategories)
    .where(eq(creatorCategories.id, id));
  if (!row) refuse(fail("validation", { category: { key: MSG.invalid } }));
}

/** "The title or the description contains `search`", or no condition for an empty search. */
function titleOrDescription(table: typeof games | typeof creators, search: string) {
  return search ? or(containsText(table.title, search), containsText(table.description, search)) : undefined;
}

export function createCreatorsAdminService(db: Db) {
  return {
    /** The staff list of games: by id, searched (title, description) and paged in SQL. */
    async searchGames(query: ListQuery): Promise<ListPage<Game>> {
      const where = titleOrDescription(games, query.search.trim());
      const found = await readTablePage(db, games, { where, orderBy: [asc(games.id)], page: query.page });
      return { ...found, items: found.items.map(toGame) };
    },

    /** The staff list of creators: by id, searched (title, description) and paged in SQL. */
    async searchCreators(query: ListQuery): Promise<ListPage<StaffCreator>> {
      const where = titleOrDescription(creators, query.search.trim());
      return readListPage(query.page, await db.$count(creators, where), async (limit, offset) => {
        const rows = await db
          .select({ creator: creators, categoryTitle: creatorCategories.title })
          .from(creators)
          .leftJoin(creatorCategories, eq(creatorCategories.id, creators.categoryId))
          .where(where)
          .orderBy(asc(creators.id))
          .limit(limit)
          .offset(offset);
        return rows.map((row) => ({ ...toCreator(row.creator), categoryTitle: row.categoryTitle }));
      });
    },

    async getGame(id: Id): Promise<Game | null> {
      if (!isDbId(id)) return null;
      const [row] = await db.select().from(games).where(eq(games.id, id));
      return row ? toGame(row) : null;
    },

    async getCreator(id: Id): Promise<Creator | null> {
      if (!isDbId(id)) return null;
      const [row] = await db.select().from(creators).where(eq(creators.id, id));
      return row ? toCreator(row) : null;
    },

    async createGame(actor: AuditActor, input: unknown): Promise<Result<Game>> {
      const parsed = parseForm(gameSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      return auditedWrite(db, actor, "game.create", async (tx) => {
        const [row] = await tx.insert(games).values(parsed.data).returning();
        if (!row) throw new Error("games insert returned nothing");
        return created(toGame(row));
      });
    },

    async updateGame(actor: AuditActor, id: Id, input: unknown): Promise<Result<Game>> {
      const parsed = parseForm(gameSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      return auditedWrite(db, actor, "game.update", async (tx) => {
        const old = await lockedById(tx, games, id);
        const [row] = await tx.update(games).set(parsed.data).where(eq(games.id, id)).returning();
        if (!row) refuse(notFound());
        return updated(id, toGame(old), toGame(row));
      });
    },

    async removeGame(actor: AuditActor, id: Id): Promise<Result<{ _id: Id }>> {
      return auditedWrite(db, actor, "game.delete", async (tx) => {
        const old = await deletedById(tx, games, id);
        return deleted(id, toGame(old), { _id: id });
      });
    },

    async createCreator(actor: AuditActor, input: unknown): Promise<Result<Creator>> {
      const parsed = parseForm(creatorSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const { category, ...data } = parsed.data;
      return auditedWrite(db, actor, "creator.create", async (tx) => {
        await assertCategoryExists(tx, category);
        const [row] = await tx
          .insert(creators)
          .values({ ...data, categoryId: category })
          .returning();
        if (!row) throw new Error("creators insert returned nothing");
        return created(toCreator(row));
      });
    },

    async updateCreator(actor: AuditActor, id: Id, input: unknown): Promise<Result<Creator>> {
      const parsed = parseForm(creatorSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const { category, ...data } = parsed.data;
      return auditedWrite(db, actor, "creator.update", async (tx) => {
        const old = await lockedById(tx, creators, id);
        await assertCategoryExists(tx, category);
        const [row] = await tx
          .update(creators)
          .set({ ...data, categoryId: category })
          .where(eq(creators.id, id))
          .returning();
        if (!row) refuse(notFound());
        return updated(id, toCreator(old), toCreator(row));
      });
    },

    async removeCreator(actor: AuditActor, id: Id): Promise<Result<{ _id: Id }>> {
      return auditedWrite(db, actor, "creator.delete", async (tx) => {
        const old = await deletedById(tx, creators, id);
        return deleted(id, toCreator(old), { _id: id });
      });
    },

    async createCategory(actor: AuditActor, input: unknown): Promise<Result<CreatorCategory>> {
      const parsed = parseForm(creatorCategorySchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      return auditedWrite(db, actor, "creatorCategory.create", async (tx) => {
        const [row] = await tx.insert(creatorCategories).values(parsed.data).returning();
        if (!row) throw new Error("creator_categories insert returned nothing");
        return created(toCreatorCategory(row));
      });
    },

    async updateCategory(actor: AuditActor, id: Id, input: unknown): Promise<Result<CreatorCategory>> {
      const parsed = parseForm(creatorCategorySchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      return auditedWrite(db, actor, "creatorCategory.update", async (tx) => {
        const old = await lockedById(tx, creatorCategories, id);
        const [row] = await tx
          .update(creatorCategories)
          .set(parsed.data)
          .where(eq(creatorCategories.id, id))
          .returning();
        if (!row) refuse(notFound());
        return updated(id, toCreatorCategory(old), toCreatorCategory(row));
      });
    },

    /** Its creators stay, without a category. */
    async removeCategory(actor: AuditActor, id: Id): Promise<Result<{ _id: Id }>> {
      return auditedWrite(db, actor, "creatorCategory.delete", async (tx) => {
        const old = await deletedById(tx, creatorCategories, id);
        return deleted(id, toCreatorCategory(old), { _id: id });
      });
    },
  };
}

export type CreatorsAdminService = ReturnType<typeof createCreatorsAdminService>;
