import { asc } from "drizzle-orm";
import type { Id } from "../../../domain/types";
import type { Db } from "../../db/client";
import { creatorCategories, creators, games } from "../../db/schema";

// The design-creator side (SPEC §1, §7 GET /games, /creators, /creators/categories): only lists
// are shown. The spec leaves the shapes open; these follow the other entities (`_id`, ISO dates).

export interface Game {
  _id: Id;
  title: string;
  description: string;
  image: string | null;
  link: string | null;
  createdAt: string;
}

export interface Creator {
  _id: Id;
  title: string;
  description: string;
  image: string | null;
  link: string | null;
  /** creator category id, or null */
  category: Id | null;
  createdAt: string;
}

export interface CreatorCategory {
  _id: Id;
  title: string;
  order: number;
}

type GameRow = typeof games.$inferSelect;
type CreatorRow = typeof creators.$inferSelect;
type CategoryRow = typeof creatorCategories.$inferSelect;

export const toGame = (row: GameRow | CreatorRow): Game => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  image: row.image,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
});

/** A creator: a game's fields, with its category before the date. */
export function toCreator(row: CreatorRow): Creator {
  const { createdAt, ...fields } = toGame(row);
  return { ...fields, category: row.categoryId, createdAt };
}

export const toCreatorCategory = (row: CategoryRow): CreatorCategory => ({
  _id: row.id,
  title: row.title,
  order: row.order,
});

export function createCreatorsService(db: Db) {
  return {
    /** Games by id. */
    async listGames(): Promise<Game[]> {
      const rows = await db.select().from(games).orderBy(asc(games.id));
      return rows.map(toGame);
    },

    /** Creators by id. */
    async listCreators(): Promise<Creator[]> {
      const rows = await db.select().from(creators).orderBy(asc(creators.id));
      return rows.map(toCreator);
    },

    /** Creator categories by order, then id. */
    async listCreatorCategories(): Promise<CreatorCategory[]> {
      const rows = await db
        .select()
        .from(creatorCategories)
        .orderBy(asc(creatorCategories.order), asc(creatorCategories.id));
      return rows.map(toCreatorCategory);
    },
  };
}

export type CreatorsService = ReturnType<typeof createCreatorsService>;
