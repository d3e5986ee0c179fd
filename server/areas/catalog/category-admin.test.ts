import { describe, expect, it } from "vitest";
import type { Category } from "../../../domain/types";
import { categories } from "../../db/schema";
import { kitForFile } from "../../test/kit-for-file";
import { callsAs, itRefusesAllButStaff, type StaffWrite, startCatalogStaffApi } from "../../test/staff-api";

// Staff writes of the category tree: POST /api/shops/categories, PUT /api/shops/categories (bulk),
// PUT and DELETE /api/shops/categories/:id — roles, validation, the root, cycles, refusals, audit.

const kit = kitForFile(startCatalogStaffApi);

const asModerator = callsAs(kit, "moderator");

async function tree(): Promise<Category[]> {
  return (await kit.app.inject({ url: "/api/shops/categories" })).json();
}
const titlesUnder = async (parent: number | null) =>
  (await tree()).filter((category) => category.parent === parent).map((category) => category.title);

const lastAudit = (action: string) => kit.lastAudit(action);

async function snapshot() {
  return kit.database.db.select().from(categories).orderBy(categories.id);
}

describe("category writes: who may call them", () => {
  const calls: StaffWrite[] = [
    ["POST", "/api/shops/categories", { title: "X" }],
    ["PUT", "/api/shops/categories", []],
    ["PUT", "/api/shops/categories/1", { title: "X" }],
    ["DELETE", "/api/shops/categories/1", undefined],
  ];

  itRefusesAllButStaff(kit, calls, snapshot);
});

describe("POST /api/shops/categories", () => {
  it("adds a first-level category as the last one and records it", async () => {
    const response = await asModerator("POST", "/api/shops/categories", { title: "Pościel" });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ title: "Pościel", parent: null, image: null });
    expect((await titlesUnder(null)).at(-1)).toBe("Pościel");
    const audit = await lastAudit("category.create");
    expect(audit).toMatchObject({
      actorId: kit.moderator.id,
      entity: "category",
      entityId: String(created._id),
    });
    expect(audit?.before).toBeNull();
    expect(audit?.after).toMatchObject({ title: "Pościel" });
  });

  it("adds a subcategory at the end of its siblings", async () => {
    const response = await asModerator("POST", "/api/shops/categories", {
      title: "Grzechotki",
      parent: kit.fx.categories.dlaDzieci,
    });
    expect(response.statusCode).toBe(201);
    expect(await titlesUnder(kit.fx.categories.dlaDzieci)).toEqual(["Wyprawki", "Zabawki", "Grzechotki"]);
    const created = (await tree()).find((category) => category.title === "Grzechotki");
    expect(created?.path).toBe("Dla dzieci/Grzechotki");
  });

  it("refuses a blank title and an unknown parent with field errors, changing nothing", async () => {
    const before = await snapshot();
    const blank = await asModerator("POST", "/api/shops/categories", { title: "  " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields.title.key).toBe("validation.required");
    const unknownParent = await asModerator("POST", "/api/shops/categories", { title: "A", parent: 999_999 });
    expect(unknownParent.statusCode).toBe(400);
    expect(unknownParent.json().fields.parent).toBeDefined();
    expect(await snapshot()).toEqual(before);
  });
});

describe("PUT /api/shops/categories/:id", () => {
  it("renames keeping the place, then moves under another parent as the last child", async () => {
    const renamed = await asModerator("PUT", `/api/shops/categories/${kit.fx.categories.akcesoria}`, {
      title: "Dodatki",
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: "Dodatki", parent: null, order: 1 });
    const audit = await lastAudit("category.update");
    expect(audit?.before).toMatchObject({ title: "Akcesoria" });
    expect(audit?.after).toMatchObject({ title: "Dodatki" });

    const moved = await asModerator("PUT", `/api/shops/categories/${kit.fx.categories.rozki}`, {
      parent: kit.fx.categories.kocyki,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().parent).toBe(kit.fx.categories.kocyki);
    expect(await titlesUnder(kit.fx.categories.kocyki)).toEqual(["Rożki"]);

    const back = await asModerator("PUT", `/api/shops/categories/${kit.fx.categories.rozki}`, {
      parent: kit.fx.categories.wyprawki,
      image: "/media/rozki.jpg",
    });
    expect(back.json()).toMatchObject({ parent: kit.fx.categories.wyprawki, image: "/media/rozki.jpg" });
  });

  it("refuses moving a category into its own subcategory, the root, and unknown ids", async () => {
    const before = await snapshot();
    const cycle = await asModerator("PUT", `/api/shops/categories/${kit.fx.categories.dlaDzieci}`, {
      parent: kit.fx.categories.rozki,
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().code).toBe("category/cycle");
    const self = await asModerator("PUT", `/api/shops/categories/${kit.fx.categories.kocyki}`, {
      parent: kit.fx.categories.kocyki,
    });
    expect(self.json().code).toBe("category/cycle");
    const root = await asModerator("PUT", `/api/shops/categories/${kit.fx.categories.root}`, {
      title: "korzeń",
    });
    expect(root.statusCode).toBe(409);
    expect(root.json().code).toBe("category/root-protected");
    const missing = await asModerator("PUT", "/api/shops/categories/999999", { title: "X" });
    expect(missing.statusCode).toBe(404);
    const invalid = await asModerator("PUT", `/api/shops/categories/${kit.fx.categories.kocyki}`, {
      title: "",
    });
    expect(invalid.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe("PUT /api/shops/categories (bulk)", () => {
  it("applies every new parent and order in one go, and the tree follows", async () => {
    const { kocyki, dlaDzieci, inne, zabawki, akcesoria } = kit.fx.categories;
    const created = (await tree()).find((category) => category.title === "Pościel");
    const response = await asModerator("PUT", "/api/shops/categories", [
      { _id: inne, parent: null, order: 0 },
      { _id: kocyki, parent: null, order: 1 },
      { _id: dlaDzieci, parent: null, order: 2 },
      { _id: akcesoria, parent: null, order: 3 },
      { _id: created?._id, parent: null, order: 4 },
      { _id: zabawki, parent: kocyki, order: 0 },
    ]);
    expect(response.statusCode).toBe(200);
    const list: Category[] = response.json();
    expect(list.filter((category) => category.parent === null).map((category) => category.title)).toEqual([
      "Inne",
      "Kocyki",
      "Dla dzieci",
      "Dodatki",
      "Pościel",
    ]);
    expect(await titlesUnder(kocyki)).toEqual(["Zabawki"]);
    const audit = await lastAudit("category.reorder");
    expect(audit?.after).toEqual(expect.arrayContaining([{ _id: zabawki, parent: kocyki, order: 0 }]));
    expect(audit?.before).toEqual(expect.arrayContaining([{ _id: zabawki, parent: dlaDzieci, order: 5 }]));
  });

  it("refuses a cycle, the root, unknown ids and duplicates, changing nothing", async () => {
    const { kocyki, zabawki, root } = kit.fx.categories;
    const before = await snapshot();
    const cycle = await asModerator("PUT", "/api/shops/categories", [
      { _id: kocyki, parent: zabawki, order: 0 },
    ]);
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().code).toBe("category/cycle");
    const rootMoved = await asModerator("PUT", "/api/shops/categories", [
      { _id: root, parent: kocyki, order: 0 },
    ]);
    expect(rootMoved.json().code).toBe("category/root-protected");
    const unknown = await asModerator("PUT", "/api/shops/categories", [
      { _id: kocyki, parent: null, order: 3 },
      { _id: 999_999, parent: null, order: 0 },
      { _id: zabawki, parent: 888_888, order: 0 },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: "bulk/unknown-ids", details: { ids: [999_999, 888_888] } });
    const twice = await asModerator("PUT", "/api/shops/categories", [
      { _id: kocyki, parent: null, order: 3 },
      { _id: kocyki, parent: null, order: 4 },
    ]);
    expect(twice.statusCode).toBe(400);
    const malformed = await asModerator("PUT", "/api/shops/categories", [{ _id: kocyki, order: -1 }]);
    expect(malformed.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe("DELETE /api/shops/categories/:id", () => {
  it("is refused while products use the category, with a clear message", async () => {
    const response = await asModerator("DELETE", `/api/shops/categories/${kit.fx.categories.akcesoria}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "category/in-use-products",
      messageKey: "errors.category/in-use-products",
      details: { count: 1 },
    });
  });

  it("is refused while subcategories use it, and for the root", async () => {
    const withChildren = await asModerator("DELETE", `/api/shops/categories/${kit.fx.categories.wyprawki}`);
    expect(withChildren.statusCode).toBe(409);
    expect(withChildren.json().code).toBe("category/has-children");
    const root = await asModerator("DELETE", `/api/shops/categories/${kit.fx.categories.root}`);
    expect(root.json().code).toBe("category/root-protected");
    expect(await snapshot()).toHaveLength(10);
  });

  it("deletes an unused leaf and records what it was", async () => {
    const response = await asModerator("DELETE", `/api/shops/categories/${kit.fx.categories.rozki}`);
    expect(response.statusCode).toBe(200);
    expect((await tree()).some((category) => category._id === kit.fx.categories.rozki)).toBe(false);
    const audit = await lastAudit("category.delete");
    expect(audit).toMatchObject({ entityId: String(kit.fx.categories.rozki), after: null });
    expect(audit?.before).toMatchObject({ title: "Rożki" });
    const again = await asModerator("DELETE", `/api/shops/categories/${kit.fx.categories.rozki}`);
    expect(again.statusCode).toBe(404);
  });
});

describe("categories in English (issue 30)", () => {
  it("saves the English title on add and on rename, and keeps it when a write leaves it out", async () => {
    const created = await asModerator("POST", "/api/shops/categories", { title: "Zabawki", titleEn: "Toys" });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id;
    expect(created.json()).toMatchObject({ title: "Zabawki", titleEn: "Toys" });
    const moved = await asModerator("PUT", `/api/shops/categories/${id}`, { title: "Maskotki" });
    expect(moved.json()).toMatchObject({ title: "Maskotki", titleEn: "Toys" });
    const renamed = await asModerator("PUT", `/api/shops/categories/${id}`, {
      title: "Maskotki",
      titleEn: " ",
    });
    expect(renamed.json().titleEn).toBe("");
    expect((await lastAudit("category.update"))?.before).toMatchObject({ titleEn: "Toys" });
    const tooLong = await asModerator("POST", "/api/shops/categories", {
      title: "X",
      titleEn: "x".repeat(201),
    });
    expect(tooLong.json().fields.titleEn.key).toBe("validation.maxLength");
  });
});
