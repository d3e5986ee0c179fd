import { describe, expect, it } from "vitest";
import type { HeaderSlide } from "../../../domain/types";
import { headerSlides } from "../../db/schema";
import { kitForFile } from "../../test/kit-for-file";
import { callsAs, itRefusesAllButStaff, type StaffWrite, startStaffApi } from "../../test/staff-api";

// Staff writes of the home banner: POST /api/shops/headers, PUT /api/shops/headers (bulk order),
// PUT and DELETE /api/shops/headers/:id — roles, validation, order, audit.

const kit = kitForFile(startStaffApi);

const asModerator = callsAs(kit, "moderator");

const slide = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: `Opis ${title}`,
  link: "/produkty?wyprzedaz=tak",
  image: { url: `/media/naglowek/${title.replace(/\s+/g, "-")}.jpg` },
  ...extra,
});

async function publicTitles(): Promise<string[]> {
  const response = await kit.app.inject({ url: "/api/shops/headers" });
  return (response.json() as HeaderSlide[]).map((item) => item.title);
}

async function snapshot() {
  return kit.database.db.select().from(headerSlides).orderBy(headerSlides.id);
}

const lastAudit = (action: string) => kit.lastAudit(action);

describe("slide writes: who may call them", () => {
  const calls: StaffWrite[] = [
    ["POST", "/api/shops/headers", slide("x")],
    ["PUT", "/api/shops/headers", []],
    ["PUT", "/api/shops/headers/1", slide("x")],
    ["DELETE", "/api/shops/headers/1", undefined],
  ];

  itRefusesAllButStaff(kit, calls, snapshot);
});

describe("header slides", () => {
  const ids: Record<string, number> = {};

  it("adds slides, each last unless an order is given, and records them", async () => {
    for (const title of ["Lato", "Jesień", "Zima"]) {
      const response = await asModerator("POST", "/api/shops/headers", slide(title));
      expect(response.statusCode).toBe(201);
      ids[title] = response.json()._id;
    }
    expect(await publicTitles()).toEqual(["Lato", "Jesień", "Zima"]);
    const created = await asModerator("POST", "/api/shops/headers", slide("Wiosna", { order: 0, link: "" }));
    expect(created.json()).toMatchObject({ title: "Wiosna", link: null, order: 0 });
    ids.Wiosna = created.json()._id;
    const audit = await lastAudit("slide.create");
    expect(audit).toMatchObject({ entity: "slide", entityId: String(ids.Wiosna), before: null });
    expect(audit?.after).toMatchObject({ title: "Wiosna", image: { url: "/media/naglowek/Wiosna.jpg" } });
  });

  it("refuses a slide without an image or title, or with a bad link, changing nothing", async () => {
    const before = await snapshot();
    const noImage = await asModerator("POST", "/api/shops/headers", { title: "Bez obrazka" });
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json().fields.image.key).toBe("validation.required");
    const badLink = await asModerator(
      "POST",
      "/api/shops/headers",
      slide("Zły", { link: "javascript:alert(1)" }),
    );
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().fields.link).toBeDefined();
    const noTitle = await asModerator("PUT", `/api/shops/headers/${ids.Lato}`, slide(""));
    expect(noTitle.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("updates a slide keeping its order when none is sent", async () => {
    const before = (await snapshot()).find((row) => row.id === ids.Jesień);
    const response = await asModerator(
      "PUT",
      `/api/shops/headers/${ids.Jesień}`,
      slide("Jesień 2026", { link: "https://example.pl/jesien" }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: "Jesień 2026",
      link: "https://example.pl/jesien",
      order: before?.order,
    });
    const audit = await lastAudit("slide.update");
    expect(audit?.before).toMatchObject({ title: "Jesień" });
    expect(audit?.after).toMatchObject({ title: "Jesień 2026" });
    expect((await asModerator("PUT", "/api/shops/headers/999999", slide("x"))).statusCode).toBe(404);
  });

  it("saves a new order in one bulk call, and the public list follows", async () => {
    const order = [ids.Zima, ids.Lato, ids.Jesień, ids.Wiosna];
    const response = await asModerator(
      "PUT",
      "/api/shops/headers",
      order.map((_id, index) => ({ _id, order: index })),
    );
    expect(response.statusCode).toBe(200);
    expect((response.json() as HeaderSlide[]).map((item) => item._id)).toEqual(order);
    expect(await publicTitles()).toEqual(["Zima", "Lato", "Jesień 2026", "Wiosna"]);
    const audit = await lastAudit("slide.reorder");
    expect(audit?.after).toEqual(expect.arrayContaining([{ _id: ids.Zima, order: 0 }]));
    expect(audit?.before).toEqual(expect.arrayContaining([{ _id: ids.Zima, order: 2 }]));
  });

  it("refuses unknown ids, duplicates and a malformed bulk order, changing nothing", async () => {
    const before = await snapshot();
    const unknown = await asModerator("PUT", "/api/shops/headers", [
      { _id: ids.Lato, order: 5 },
      { _id: 999_999, order: 0 },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: "bulk/unknown-ids", details: { ids: [999_999] } });
    const twice = await asModerator("PUT", "/api/shops/headers", [
      { _id: ids.Lato, order: 5 },
      { _id: ids.Lato, order: 6 },
    ]);
    expect(twice.statusCode).toBe(400);
    const malformed = await asModerator("PUT", "/api/shops/headers", { _id: ids.Lato });
    expect(malformed.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("deletes a slide and records what it was", async () => {
    const response = await asModerator("DELETE", `/api/shops/headers/${ids.Wiosna}`);
    expect(response.statusCode).toBe(200);
    expect(await publicTitles()).toEqual(["Zima", "Lato", "Jesień 2026"]);
    const audit = await lastAudit("slide.delete");
    expect(audit).toMatchObject({ entityId: String(ids.Wiosna), after: null });
    expect(audit?.before).toMatchObject({ title: "Wiosna" });
    expect((await asModerator("DELETE", `/api/shops/headers/${ids.Wiosna}`)).statusCode).toBe(404);
  });
});

describe("header slides in English (issue 30)", () => {
  it("saves and answers the English title and description, with the Polish fields' limits", async () => {
    const created = await asModerator(
      "POST",
      "/api/shops/headers",
      slide("Nowości", { titleEn: "New in", descriptionEn: "Fresh from the sewing table" }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ titleEn: "New in", descriptionEn: "Fresh from the sewing table" });
    const updated = await asModerator(
      "PUT",
      `/api/shops/headers/${body._id}`,
      slide("Nowości", { titleEn: "News" }),
    );
    expect(updated.json()).toMatchObject({ titleEn: "News", descriptionEn: "" });
    expect(await kit.app.services.slideAdmin.getSlide(body._id)).toMatchObject({ titleEn: "News" });
    const tooLong = await asModerator(
      "POST",
      "/api/shops/headers",
      slide("x", { descriptionEn: "x".repeat(1001) }),
    );
    expect(tooLong.json().fields.descriptionEn.key).toBe("validation.maxLength");
  });
});
