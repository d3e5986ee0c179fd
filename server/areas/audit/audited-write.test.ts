import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, pages } from "../../db/schema";
import { fail } from "../../lib/result";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import {
  auditedWrite,
  created,
  deleted,
  inTransaction,
  recordChange,
  refuse,
  updated,
} from "./audited-write";

// The skeleton of every staff write (ADR 062): the write and its audit entry commit together, a
// refusal rolls both back and comes out as its coded failure, a unique violation as the service's.

let database: TestDatabase;
const actor = { _id: 7, email: "staff@example.com" };

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.destroy();
});

beforeEach(async () => {
  await database.db.delete(auditLog);
  await database.db.delete(pages);
});

const entries = () => database.db.select().from(auditLog);

const insertPage = (link: string) =>
  auditedWrite(database.db, actor, "page.create", async (tx) => {
    const [row] = await tx.insert(pages).values({ link, title: link }).returning();
    if (!row) throw new Error("no row");
    return created({ _id: row.id, link: row.link });
  });

describe("auditedWrite", () => {
  it("returns the value and records the entity (the action's part before the dot), id, before and after", async () => {
    const result = await insertPage("o-nas");
    expect(result.ok).toBe(true);
    const id = result.ok ? result.value._id : 0;
    const renamed = await auditedWrite(database.db, actor, "page.update", async (tx) => {
      await tx.update(pages).set({ title: "O nas" }).where(eq(pages.id, id));
      return updated(id, { title: "o-nas" }, { title: "O nas" });
    });
    expect(renamed).toEqual({ ok: true, value: { title: "O nas" } });
    const removed = await auditedWrite(database.db, actor, "page.delete", async (tx) => {
      await tx.delete(pages).where(eq(pages.id, id));
      return deleted(id, { title: "O nas" }, { _id: id });
    });
    expect(removed).toEqual({ ok: true, value: { _id: id } });

    const rows = (await entries()).sort((a, b) => a.id - b.id);
    expect(
      rows.map(({ actorId, actorEmail, action, entity, entityId, before, after }) => ({
        actorId,
        actorEmail,
        action,
        entity,
        entityId,
        before,
        after,
      })),
    ).toEqual([
      {
        actorId: 7,
        actorEmail: "staff@example.com",
        action: "page.create",
        entity: "page",
        entityId: String(id),
        before: null,
        after: { _id: id, link: "o-nas" },
      },
      {
        actorId: 7,
        actorEmail: "staff@example.com",
        action: "page.update",
        entity: "page",
        entityId: String(id),
        before: { title: "o-nas" },
        after: { title: "O nas" },
      },
      {
        actorId: 7,
        actorEmail: "staff@example.com",
        action: "page.delete",
        entity: "page",
        entityId: String(id),
        before: { title: "O nas" },
        after: null,
      },
    ]);
  });

  it("a refusal inside rolls the write back, records nothing and comes out as its failure", async () => {
    const result = await auditedWrite(database.db, actor, "page.create", async (tx) => {
      await tx.insert(pages).values({ link: "kontakt", title: "Kontakt" });
      return refuse(fail("page/protected"));
    });
    expect(result).toMatchObject({ ok: false, code: "page/protected" });
    expect(await database.db.select().from(pages)).toEqual([]);
    expect(await entries()).toEqual([]);
  });

  it("records a text with a lone surrogate as the text column keeps it (U+FFFD), not a refused write", async () => {
    const created = await insertPage("o-nas");
    const id = created.ok ? created.value._id : 0;
    const title = "Złe \ud800 znaki";
    const result = await auditedWrite(database.db, actor, "page.update", async (tx) => {
      await tx.update(pages).set({ title }).where(eq(pages.id, id));
      return updated(id, { title: "o-nas" }, { title });
    });
    expect(result.ok).toBe(true);
    const [page] = await database.db.select().from(pages);
    expect(page?.title).toBe("Złe \uFFFD znaki");
    const entry = (await entries()).find((row) => row.action === "page.update");
    expect(entry?.after).toEqual({ title: "Złe \uFFFD znaki" });
  });

  it("a write that changed nothing records nothing", async () => {
    const result = await auditedWrite(database.db, actor, "slide.reorder", async () => ({
      value: [],
      entityId: null,
      before: [],
      after: [],
      unchanged: true,
    }));
    expect(result).toEqual({ ok: true, value: [] });
    expect(await entries()).toEqual([]);
  });

  it("records the action the write names (of the same entity) instead of the default", async () => {
    const result = await auditedWrite(database.db, actor, "page.update", async () => ({
      value: "done",
      entityId: 5,
      before: { title: "a" },
      after: { title: "b" },
      action: "page.rename",
    }));
    expect(result).toEqual({ ok: true, value: "done" });
    expect((await entries()).map(({ action, entity, entityId }) => ({ action, entity, entityId }))).toEqual([
      { action: "page.rename", entity: "page", entityId: "5" },
    ]);
  });

  it("recordChange inside inTransaction records one entry per changed record, none for an unchanged one", async () => {
    const result = await inTransaction(database.db, async (tx) => {
      await recordChange(tx, actor, "stock.update", updated("1:2", { quantity: 0 }, { quantity: 3 }));
      await recordChange(tx, actor, "stock.update", {
        ...updated(4, { quantity: 1 }, { quantity: 1 }),
        unchanged: true,
      });
      await recordChange(tx, actor, "stock.update", updated(4, { quantity: 1 }, { quantity: 2 }));
      return 2;
    });
    expect(result).toEqual({ ok: true, value: 2 });
    const rows = (await entries()).sort((a, b) => a.id - b.id);
    expect(rows.map((row) => [row.action, row.entity, row.entityId, row.before, row.after])).toEqual([
      ["stock.update", "stock", "1:2", { quantity: 0 }, { quantity: 3 }],
      ["stock.update", "stock", "4", { quantity: 1 }, { quantity: 2 }],
    ]);
  });

  it("a unique violation comes out as the service's failure when it gives one, and is thrown otherwise", async () => {
    await insertPage("regulamin");
    const taken = () => fail("conflict");
    const again = await auditedWrite(
      database.db,
      actor,
      "page.create",
      async (tx) => {
        const [row] = await tx.insert(pages).values({ link: "regulamin", title: "x" }).returning();
        return created({ _id: row?.id ?? 0 });
      },
      taken,
    );
    expect(again).toMatchObject({ ok: false, code: "conflict" });
    await expect(insertPage("regulamin")).rejects.toThrow();
    expect((await entries()).map((entry) => entry.action)).toEqual(["page.create"]);
  });
});
