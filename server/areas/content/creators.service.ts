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

export function createCreatorsService(db: Db) {
  return {
    /** Games by id. */
    async listGames(): Promise<Game[]> {
      const rows = await db.select().from(games).orderBy(asc(games.id));
      return rows.map((row) => ({
        _id: row.id,
        title: row.title,
        description: row.description,
        image: row.image,
        link: row.link,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /** Creators by id. */
    async listCreators(): Promise<Creator[]> {
      const rows = await db.select().from(creators).orderBy(asc(creators.id));
      return rows.map((row) => ({
        _id: row.id,
        title: row.title,
        description: row.description,
        image: row.image,
        link: row.link,
        category: row.categoryId,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /** Creator categories by order, then id. */
    async listCreatorCategories(): Promise<CreatorCategory[]> {
      const rows = await db
        .select()
        .from(creatorCategories)
        .orderBy(asc(creatorCategories.order), asc(creatorCategories.id));
      return rows.map((row) => ({ _id: row.id, title: row.title, order: row.order }));
    },
  };
}

export type CreatorsService = ReturnType<typeof createCreatorsService>;
