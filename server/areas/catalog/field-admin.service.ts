import { asc, count, eq, sql } from "drizzle-orm";
import { type EnglishOf, englishOf } from "../../../domain/english-texts";
import { isShopModerator } from "../../../domain/roles";
import type { FieldOption, ProductField, PublicUser } from "../../../domain/types";
import type { ProductFieldPayload } from "../../../domain/validation/catalog";
import type { FieldError } from "../../../domain/validation/errors";
import { MSG } from "../../../domain/validation/messages";
import type { Db, Tx } from "../../db/client";
import { isDbId } from "../../db/ids";
import { fieldOptions, productFieldLinks, productFields, productVariants } from "../../db/schema";
import { fail, type Result } from "../../lib/result";
import { auditedWrite, deleted, notFound, refuse, updated } from "../audit/audited-write";
import { toProductField } from "./catalog.mapper";

// Staff writes of product fields (SPEC §7: POST /shops/fields, PUT and DELETE /shops/fields/{id};
// the update returns the field). Options are matched by _id: sent with an _id = kept and updated,
// without = added, not sent = removed — refused while a product variant uses it. The order sent is
// the options' order. The field and each option have optional English texts (issue 30). Each write
// is one transaction with its audit entry.

/** A product field as staff edit it: with its and its options' English texts. */
export type FieldRecord = Omit<ProductField, "options"> &
  EnglishOf<"field"> & { options: (FieldOption & EnglishOf<"option">)[] };

export function createFieldAdminService(db: Db) {
  async function loadField(tx: Db | Tx, id: number, lock: boolean): Promise<FieldRecord | null> {
    const query = tx.select().from(productFields).where(eq(productFields.id, id));
    const [row] = lock ? await query.for("update") : await query;
    if (!row) return null;
    const options = await tx
      .select()
      .from(fieldOptions)
      .where(eq(fieldOptions.fieldId, id))
      .orderBy(asc(fieldOptions.position), asc(fieldOptions.id));
    const field = toProductField(row, options);
    return {
      ...field,
      ...englishOf("field", row),
      options: field.options.map((option, index) => ({
        ...option,
        ...englishOf("option", options[index] ?? {}),
      })),
    };
  }

  /** The option ids of `fieldId` that product variants use (variant fields map field id → option id). */
  async function optionsUsedByVariants(tx: Tx, fieldId: number): Promise<Set<number>> {
    const rows = await tx
      .select({ option: sql<string | null>`${productVariants.fields} ->> ${String(fieldId)}` })
      .from(productVariants)
      .where(sql`${productVariants.fields} ->> ${String(fieldId)} is not null`);
    return new Set(rows.map((row) => Number(row.option)));
  }

  async function insertOptions(tx: Tx, fieldId: number, payload: ProductFieldPayload) {
    for (const [position, option] of payload.options.entries()) {
      const values = {
        title: option.title,
        description: option.description,
        titleEn: option.titleEn,
        descriptionEn: option.descriptionEn,
        image: option.image,
        position,
      };
      if (option._id === undefined) {
        await tx.insert(fieldOptions).values({ fieldId, ...values });
      } else {
        await tx.update(fieldOptions).set(values).where(eq(fieldOptions.id, option._id));
      }
    }
  }

  return {
    /** One field with its options for the edit form, or null. */
    async getForEdit(id: number): Promise<FieldRecord | null> {
      return isDbId(id) ? loadField(db, id, false) : null;
    },

    async createField(actor: PublicUser, payload: ProductFieldPayload): Promise<Result<FieldRecord>> {
      if (!isShopModerator(actor)) return fail("forbidden-moderator");
      const withIds = payload.options.flatMap((option, index) => (option._id === undefined ? [] : [index]));
      if (withIds.length > 0) {
        return fail(
          "validation",
          Object.fromEntries(withIds.map((index) => [`options.${index}._id`, { key: MSG.invalid }])),
        );
      }
      return auditedWrite(db, actor, "field.create", async (tx) => {
        const [row] = await tx
          .insert(productFields)
          .values({
            title: payload.title,
            type: payload.type,
            description: payload.description,
            titleEn: payload.titleEn,
            descriptionEn: payload.descriptionEn,
            changePrice: payload.changePrice,
          })
          .returning({ id: productFields.id });
        if (!row) throw new Error("field not inserted");
        await insertOptions(tx, row.id, payload);
        const field = await loadField(tx, row.id, false);
        return { value: field as FieldRecord, entityId: row.id, before: null, after: field };
      });
    },

    async updateField(
      actor: PublicUser,
      id: number,
      payload: ProductFieldPayload,
    ): Promise<Result<FieldRecord>> {
      if (!isShopModerator(actor)) return fail("forbidden-moderator");
      return auditedWrite(db, actor, "field.update", async (tx) => {
        const before = (await loadField(tx, id, true)) ?? refuse(notFound());
        const own = new Set(before.options.map((option) => option._id));
        const errors: Record<string, FieldError> = {};
        const sent = new Set<number>();
        payload.options.forEach((option, index) => {
          if (option._id === undefined) return;
          if (!own.has(option._id) || sent.has(option._id)) {
            errors[`options.${index}._id`] = { key: MSG.invalid };
          }
          sent.add(option._id);
        });
        if (Object.keys(errors).length > 0) refuse(fail("validation", errors));

        const used = await optionsUsedByVariants(tx, id);
        const removed = before.options.filter((option) => !sent.has(option._id));
        const blocked = removed.find((option) => used.has(option._id));
        if (blocked) {
          refuse(fail("field/option-in-use", undefined, { optionId: blocked._id, title: blocked.title }));
        }
        if (before.changePrice && !payload.changePrice && used.size > 0) {
          refuse(fail("field/change-price-in-use"));
        }

        await tx
          .update(productFields)
          .set({
            title: payload.title,
            type: payload.type,
            description: payload.description,
            titleEn: payload.titleEn,
            descriptionEn: payload.descriptionEn,
            changePrice: payload.changePrice,
            updatedAt: new Date(),
          })
          .where(eq(productFields.id, id));
        for (const option of removed) await tx.delete(fieldOptions).where(eq(fieldOptions.id, option._id));
        await insertOptions(tx, id, payload);
        return updated(id, before, (await loadField(tx, id, false)) as FieldRecord);
      });
    },

    /** Deletes a field with its options; refused while products use it. */
    async deleteField(actor: PublicUser, id: number): Promise<Result<FieldRecord>> {
      if (!isShopModerator(actor)) return fail("forbidden-moderator");
      return auditedWrite(db, actor, "field.delete", async (tx) => {
        const before = (await loadField(tx, id, true)) ?? refuse(notFound());
        const [links] = await tx
          .select({ total: count() })
          .from(productFieldLinks)
          .where(eq(productFieldLinks.fieldId, id));
        const usedByVariants = (await optionsUsedByVariants(tx, id)).size > 0;
        if ((links?.total ?? 0) > 0 || usedByVariants) {
          refuse(fail("field/in-use", undefined, { count: links?.total ?? 0 }));
        }
        await tx.delete(productFields).where(eq(productFields.id, id));
        return deleted(id, before);
      });
    },
  };
}

export type FieldAdminService = ReturnType<typeof createFieldAdminService>;
