import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creators } from "../../db/schema";
import { kitForFile } from "../../test/kit-for-file";
import { expectStaffOnly, startStaffApi, writesTo } from "../../test/staff-api";

// Creators, creator categories and games: staff writes, read back through the public lists.

const kit = kitForFile(startStaffApi);

describe("creators, categories and games (staff)", () => {
  it("adds, edits and deletes a creator category and a creator in it", async () => {
    const category = await kit.call("moderator", "POST", "/api/creators/categories", {
      title: "Wizytówki",
      order: 2,
    });
    expect(category.statusCode).toBe(201);
    const categoryId = category.json()._id;
    const creator = await kit.call("moderator", "POST", "/api/creators", {
      title: "Kreator wizytówek",
      description: "<b>opis</b>",
      image: "/media/tworcy/wizytowki.webp",
      link: "https://example.com/wizytowki",
      category: categoryId,
    });
    expect(creator.statusCode).toBe(201);
    const creatorId = creator.json()._id;
    expect((await kit.call("anonymous", "GET", "/api/creators")).json()).toEqual([
      expect.objectContaining({ _id: creatorId, category: categoryId, description: "<b>opis</b>" }),
    ]);

    const renamed = await kit.call("moderator", "PUT", `/api/creators/categories/${categoryId}`, {
      title: "Karty",
    });
    expect(renamed.json()).toEqual({ _id: categoryId, title: "Karty", order: 0 });
    const edited = await kit.call("moderator", "PUT", `/api/creators/${creatorId}`, {
      title: "Kreator kart",
      category: null,
      link: "",
    });
    expect(edited.json()).toMatchObject({ title: "Kreator kart", category: null, link: null, image: null });

    await kit.call("moderator", "PUT", `/api/creators/${creatorId}`, {
      title: "Kreator kart",
      category: categoryId,
    });
    expect((await kit.call("moderator", "DELETE", `/api/creators/categories/${categoryId}`)).statusCode).toBe(
      200,
    );
    const [row] = await kit.database.db.select().from(creators).where(eq(creators.id, creatorId));
    expect(row?.categoryId).toBeNull();
    expect((await kit.call("moderator", "DELETE", `/api/creators/${creatorId}`)).statusCode).toBe(200);
    expect((await kit.call("anonymous", "GET", "/api/creators")).json()).toEqual([]);

    expect((await kit.auditOf("creator", creatorId)).map((e) => e.action)).toEqual([
      "creator.delete",
      "creator.update",
      "creator.update",
      "creator.create",
    ]);
    const categoryAudit = await kit.auditOf("creatorCategory", categoryId);
    expect(categoryAudit.map((e) => e.action)).toEqual([
      "creatorCategory.delete",
      "creatorCategory.update",
      "creatorCategory.create",
    ]);
    expect(categoryAudit[1]).toMatchObject({ before: { title: "Wizytówki" }, after: { title: "Karty" } });
  });

  it("refuses a category that does not exist and a bad form, with field errors", async () => {
    const unknown = await kit.call("moderator", "POST", "/api/creators", { title: "X", category: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ category: { key: "validation.invalid" } });
    const bad = await kit.call("moderator", "POST", "/api/games", { title: "", link: "javascript:alert(1)" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      title: { key: "validation.required" },
      link: { key: "validation.url" },
    });
    expect((await kit.call("anonymous", "GET", "/api/games")).json()).toEqual([]);
  });

  it("adds, edits and deletes a game, each audited", async () => {
    const game = await kit.call("moderator", "POST", "/api/games", {
      title: "Memory",
      description: "Gra pamięciowa",
      link: "/gry/memory",
    });
    expect(game.statusCode).toBe(201);
    const id = game.json()._id;
    const edited = await kit.call("moderator", "PUT", `/api/games/${id}`, {
      title: "Memory 2",
      image: "/media/gry/m.webp",
    });
    expect(edited.json()).toMatchObject({
      title: "Memory 2",
      description: "",
      image: "/media/gry/m.webp",
      link: null,
    });
    expect((await kit.call("moderator", "DELETE", `/api/games/${id}`)).statusCode).toBe(200);
    expect((await kit.call("moderator", "DELETE", `/api/games/${id}`)).statusCode).toBe(404);
    const audit = await kit.auditOf("game", id);
    expect(audit.map((e) => e.action)).toEqual(["game.delete", "game.update", "game.create"]);
    expect(audit[1]).toMatchObject({ before: { title: "Memory" }, after: { title: "Memory 2" } });
  });

  it("refuses anonymous callers (401) and customers (403) on every write", async () => {
    const valid = { title: "Cel" };
    await expectStaffOnly(
      kit,
      [
        ...writesTo("/api/creators", 1),
        ...writesTo("/api/creators/categories", 1),
        ...writesTo("/api/games", 1),
      ],
      () => valid,
    );
  });
});
