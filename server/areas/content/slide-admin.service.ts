import { asc, eq, inArray, max } from "drizzle-orm";
import type { z } from "zod";
import { type EnglishOf, englishOf } from "../../../domain/english-texts";
import { isShopModerator } from "../../../domain/roles";
import type { HeaderSlide, PublicUser } from "../../../domain/types";
import type { HeaderSlidePayload, headerSlidesOrderSchema } from "../../../domain/validation/catalog";
import { MSG } from "../../../domain/validation/messages";
import type { Db, Tx } from "../../db/client";
import { headerSlides } from "../../db/schema";
import { fail, type Result } from "../../lib/result";
import { auditedWrite, created, deleted, notFound, refuse, updated } from "../audit/audited-write";
import { toHeaderSlide } from "./content.service";

// Staff writes of the home banner slides (SPEC §7: POST /shops/headers, PUT /shops/headers (bulk
// order), PUT and DELETE /shops/headers/{id}). Each write is one transaction with its audit entry.

type SlidesOrder = z.output<typeof headerSlidesOrderSchema>;

/** A slide as staff edit it: with its English texts. */
export type SlideRecord = HeaderSlide & EnglishOf<"slide">;

const toRecord = (row: typeof headerSlides.$inferSelect): SlideRecord => ({
  ...toHeaderSlide(row),
  ...englishOf("slide", row),
});

export function createSlideAdminService(db: Db) {
  async function lockedSlide(tx: Tx, id: number) {
    const [row] = await tx.select().from(headerSlides).where(eq(headerSlides.id, id)).for("update");
    return row ?? null;
  }

  const values = (payload: HeaderSlidePayload) => ({
    title: payload.title,
    description: payload.description,
    titleEn: payload.titleEn,
    descriptionEn: payload.descriptionEn,
    link: payload.link,
    imageUrl: payload.image.url,
  });

  return {
    /** Adds a slide; without an order it is shown last. */
    async createSlide(actor: PublicUser, payload: HeaderSlidePayload): Promise<Result<SlideRecord>> {
      if (!isShopModerator(actor)) return fail("forbidden-moderator");
      return auditedWrite(db, actor, "slide.create", async (tx) => {
        let order = payload.order;
        if (order === undefined) {
          const [last] = await tx.select({ last: max(headerSlides.order) }).from(headerSlides);
          order = last?.last === null || last?.last === undefined ? 0 : last.last + 1;
        }
        const [row] = await tx
          .insert(headerSlides)
          .values({ ...values(payload), order })
          .returning();
        if (!row) throw new Error("slide not inserted");
        return created(toRecord(row));
      });
    },

    /** Replaces a slide's image, title, description and link (and its order when sent). */
    async updateSlide(
      actor: PublicUser,
      id: number,
      payload: HeaderSlidePayload,
    ): Promise<Result<SlideRecord>> {
      if (!isShopModerator(actor)) return fail("forbidden-moderator");
      return auditedWrite(db, actor, "slide.update", async (tx) => {
        const current = (await lockedSlide(tx, id)) ?? refuse(notFound());
        const [row] = await tx
          .update(headerSlides)
          .set({ ...values(payload), order: payload.order ?? current.order, updatedAt: new Date() })
          .where(eq(headerSlides.id, id))
          .returning();
        if (!row) throw new Error("slide not updated");
        return updated(id, toRecord(current), toRecord(row));
      });
    },

    /** The bulk order: each slide sent gets its order; unknown ids or the same id twice are refused. */
    async reorderSlides(actor: PublicUser, items: SlidesOrder): Promise<Result<HeaderSlide[]>> {
      if (!isShopModerator(actor)) return fail("forbidden-moderator");
      const seen = new Set<number>();
      for (const [index, item] of items.entries()) {
        if (seen.has(item._id)) return fail("validation", { [`${index}._id`]: { key: MSG.invalid } });
        seen.add(item._id);
      }
      return auditedWrite(db, actor, "slide.reorder", async (tx) => {
        const ids = items.map((item) => item._id);
        const rows =
          ids.length === 0
            ? []
            : await tx.select().from(headerSlides).where(inArray(headerSlides.id, ids)).for("update");
        const byId = new Map(rows.map((row) => [row.id, row]));
        const unknown = ids.filter((id) => !byId.has(id));
        if (unknown.length > 0) refuse(fail("bulk/unknown-ids", undefined, { ids: unknown }));
        const before: { _id: number; order: number }[] = [];
        const after: { _id: number; order: number }[] = [];
        for (const item of items) {
          const row = byId.get(item._id);
          if (!row || row.order === item.order) continue;
          before.push({ _id: row.id, order: row.order });
          after.push({ _id: row.id, order: item.order });
          await tx
            .update(headerSlides)
            .set({ order: item.order, updatedAt: new Date() })
            .where(eq(headerSlides.id, row.id));
        }
        const fresh = await tx
          .select()
          .from(headerSlides)
          .orderBy(asc(headerSlides.order), asc(headerSlides.id));
        return {
          value: fresh.map(toHeaderSlide),
          entityId: null,
          before,
          after,
          unchanged: after.length === 0,
        };
      });
    },

    async deleteSlide(actor: PublicUser, id: number): Promise<Result<SlideRecord>> {
      if (!isShopModerator(actor)) return fail("forbidden-moderator");
      return auditedWrite(db, actor, "slide.delete", async (tx) => {
        const current = (await lockedSlide(tx, id)) ?? refuse(notFound());
        await tx.delete(headerSlides).where(eq(headerSlides.id, id));
        return deleted(id, toRecord(current));
      });
    },

    /** One slide for the edit form, or null. */
    async getSlide(id: number): Promise<SlideRecord | null> {
      if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
      const [row] = await db.select().from(headerSlides).where(eq(headerSlides.id, id));
      return row ? toRecord(row) : null;
    },
  };
}

export type SlideAdminService = ReturnType<typeof createSlideAdminService>;
