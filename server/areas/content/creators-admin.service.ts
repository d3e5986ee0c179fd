import { eq } from "drizzle-orm";
import type { Id } from "../../../domain/types";
import { creatorCategorySchema, creatorSchema, gameSchema } from "../../../domain/validation/creators";
import { parseForm } from "../../../domain/validation/errors";
import { MSG } from "../../../domain/validation/messages";
import type { Db, Tx } from "../../db/client";
import { isDbId } from "../../db/ids";
import { creatorCategories, creators, games } from "../../db/schema";
import { fail, type Result } from "../../lib/result";
import { type AuditActor, recordAudit } from "../audit/audit";
import { inTransaction, notFound, refuse } from "./admin-write";
import type { Creator, CreatorCategory, Game } from "./creators.service";

// Staff writes of the design-creator side (§7 /creators, /creators/categories, /games): plain
// records, text stored as text. A creator's category must exist; deleting a category leaves its
// creators without one. Every write is audited in its transaction.

type GameRow = typeof games.$inferSelect;
type CreatorRow = typeof creators.$inferSelect;
type CategoryRow = typeof creatorCategories.$inferSelect;

const toGame = (row: GameRow): Game => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  image: row.image,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
});
const toCreator = (row: CreatorRow): Creator => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  image: row.image,
  link: row.link,
  category: row.categoryId,
  createdAt: row.createdAt.toISOString(),
});
const toCategory = (row: CategoryRow): CreatorCategory => ({
  _id: row.id,
  title: row.title,
  order: row.order,
});

async function assertCategoryExists(tx: Tx, id: Id | null): Promise<void> {
  if (id === null) return;
  const [row] = await tx
    .select({ id: creatorCategories.id })
    .from(creatorCategories)
    .where(eq(creatorCategories.id, id));
  if (!row) refuse(fail("validation", { category: { key: MSG.invalid } }));
}

function checkedId(id: Id): Id {
  return isDbId(id) ? id : refuse(notFound());
}

export function createCreatorsAdminService(db: Db) {
  return {
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
      return inTransaction(db, async (tx) => {
        const [row] = await tx.insert(games).values(parsed.data).returning();
        if (!row) throw new Error("games insert returned nothing");
        const game = toGame(row);
        await recordAudit(tx, actor, {
          action: "game.create",
          entity: "game",
          entityId: game._id,
          after: game,
        });
        return game;
      });
    },

    async updateGame(actor: AuditActor, id: Id, input: unknown): Promise<Result<Game>> {
      const parsed = parseForm(gameSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      return inTransaction(db, async (tx) => {
        const [old] = await tx
          .select()
          .from(games)
          .where(eq(games.id, checkedId(id)))
          .for("update");
        if (!old) refuse(notFound());
        const [row] = await tx.update(games).set(parsed.data).where(eq(games.id, id)).returning();
        if (!row) refuse(notFound());
        const game = toGame(row);
        await recordAudit(tx, actor, {
          action: "game.update",
          entity: "game",
          entityId: id,
          before: toGame(old),
          after: game,
        });
        return game;
      });
    },

    async removeGame(actor: AuditActor, id: Id): Promise<Result<{ _id: Id }>> {
      return inTransaction(db, async (tx) => {
        const [old] = await tx
          .delete(games)
          .where(eq(games.id, checkedId(id)))
          .returning();
        if (!old) refuse(notFound());
        await recordAudit(tx, actor, {
          action: "game.delete",
          entity: "game",
          entityId: id,
          before: toGame(old),
        });
        return { _id: id };
      });
    },

    async createCreator(actor: AuditActor, input: unknown): Promise<Result<Creator>> {
      const parsed = parseForm(creatorSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const { category, ...data } = parsed.data;
      return inTransaction(db, async (tx) => {
        await assertCategoryExists(tx, category);
        const [row] = await tx
          .insert(creators)
          .values({ ...data, categoryId: category })
          .returning();
        if (!row) throw new Error("creators insert returned nothing");
        const creator = toCreator(row);
        await recordAudit(tx, actor, {
          action: "creator.create",
          entity: "creator",
          entityId: creator._id,
          after: creator,
        });
        return creator;
      });
    },

    async updateCreator(actor: AuditActor, id: Id, input: unknown): Promise<Result<Creator>> {
      const parsed = parseForm(creatorSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const { category, ...data } = parsed.data;
      return inTransaction(db, async (tx) => {
        const [old] = await tx
          .select()
          .from(creators)
          .where(eq(creators.id, checkedId(id)))
          .for("update");
        if (!old) refuse(notFound());
        await assertCategoryExists(tx, category);
        const [row] = await tx
          .update(creators)
          .set({ ...data, categoryId: category })
          .where(eq(creators.id, id))
          .returning();
        if (!row) refuse(notFound());
        const creator = toCreator(row);
        await recordAudit(tx, actor, {
          action: "creator.update",
          entity: "creator",
          entityId: id,
          before: toCreator(old),
          after: creator,
        });
        return creator;
      });
    },

    async removeCreator(actor: AuditActor, id: Id): Promise<Result<{ _id: Id }>> {
      return inTransaction(db, async (tx) => {
        const [old] = await tx
          .delete(creators)
          .where(eq(creators.id, checkedId(id)))
          .returning();
        if (!old) refuse(notFound());
        await recordAudit(tx, actor, {
          action: "creator.delete",
          entity: "creator",
          entityId: id,
          before: toCreator(old),
        });
        return { _id: id };
      });
    },

    async createCategory(actor: AuditActor, input: unknown): Promise<Result<CreatorCategory>> {
      const parsed = parseForm(creatorCategorySchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      return inTransaction(db, async (tx) => {
        const [row] = await tx.insert(creatorCategories).values(parsed.data).returning();
        if (!row) throw new Error("creator_categories insert returned nothing");
        const category = toCategory(row);
        await recordAudit(tx, actor, {
          action: "creatorCategory.create",
          entity: "creatorCategory",
          entityId: category._id,
          after: category,
        });
        return category;
      });
    },

    async updateCategory(actor: AuditActor, id: Id, input: unknown): Promise<Result<CreatorCategory>> {
      const parsed = parseForm(creatorCategorySchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      return inTransaction(db, async (tx) => {
        const [old] = await tx
          .select()
          .from(creatorCategories)
          .where(eq(creatorCategories.id, checkedId(id)))
          .for("update");
        if (!old) refuse(notFound());
        const [row] = await tx
          .update(creatorCategories)
          .set(parsed.data)
          .where(eq(creatorCategories.id, id))
          .returning();
        if (!row) refuse(notFound());
        const category = toCategory(row);
        await recordAudit(tx, actor, {
          action: "creatorCategory.update",
          entity: "creatorCategory",
          entityId: id,
          before: toCategory(old),
          after: category,
        });
        return category;
      });
    },

    /** Its creators stay, without a category. */
    async removeCategory(actor: AuditActor, id: Id): Promise<Result<{ _id: Id }>> {
      return inTransaction(db, async (tx) => {
        const [old] = await tx
          .delete(creatorCategories)
          .where(eq(creatorCategories.id, checkedId(id)))
          .returning();
        if (!old) refuse(notFound());
        await recordAudit(tx, actor, {
          action: "creatorCategory.delete",
          entity: "creatorCategory",
          entityId: id,
          before: toCategory(old),
        });
        return { _id: id };
      });
    },
  };
}

export type CreatorsAdminService = ReturnType<typeof createCreatorsAdminService>;
