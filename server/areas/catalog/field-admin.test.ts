import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ProductField } from "../../../domain/types";
import { fieldOptions, productFields } from "../../db/schema";
import { kitForFile } from "../../test/kit-for-file";
import { callsAs, itRefusesAllButStaff, type StaffWrite, startCatalogStaffApi } from "../../test/staff-api";

// Staff writes of product fields: POST /api/shops/fields, PUT and DELETE /api/shops/fields/:id —
// roles, validation, options by _id, refusals while products or variants use them, audit.

const kit = kitForFile(startCatalogStaffApi);

const asModerator = callsAs(kit, "moderator");

async function fields(): Promise<ProductField[]> {
  return (await kit.app.inject({ url: "/api/shops/fields" })).json();
}

async function snapshot() {
  return {
    fields: await kit.database.db.select().from(productFields).orderBy(productFields.id),
    options: await kit.database.db.select().from(fieldOptions).orderBy(fieldOptions.id),
  };
}

const lastAudit = (action: string) => kit.lastAudit(action);

const embroidery = {
  title: "Haft",
  type: "select",
  description: "Imię wyhaftowane na kocyku",
  changePrice: false,
  options: [
    { title: "Bez haftu" },
    { title: "Z haftem", description: "+ 3 dni", image: "/media/pola/haft.jpg" },
  ],
};

describe("field writes: who may call them", () => {
  const calls: StaffWrite[] = [
    ["POST", "/api/shops/fields", embroidery],
    ["PUT", "/api/shops/fields/1", embroidery],
    ["DELETE", "/api/shops/fields/1", undefined],
  ];

  itRefusesAllButStaff(kit, calls, snapshot);
});

describe("POST /api/shops/fields", () => {
  it("adds a field with its options in the order sent and records it", async () => {
    const response = await asModerator("POST", "/api/shops/fields", embroidery);
    expect(response.statusCode).toBe(201);
    const field: ProductField = response.json();
    expect(field).toMatchObject({ title: "Haft", type: "select", changePrice: false });
    expect(field.options.map((option) => [option.title, option.description, option.image])).toEqual([
      ["Bez haftu", "", null],
      ["Z haftem", "+ 3 dni", "/media/pola/haft.jpg"],
    ]);
    // the staff record is the public field with its English texts
    expect(field).toMatchObject((await fields()).find((candidate) => candidate._id === field._id) ?? {});
    const audit = await lastAudit("field.create");
    expect(audit).toMatchObject({ entity: "field", entityId: String(field._id), actorId: kit.moderator.id });
    expect(audit?.after).toMatchObject({ title: "Haft" });
  });

  it("refuses a form without options, a blank option, an unknown type and option ids", async () => {
    const before = await snapshot();
    const noOptions = await asModerator("POST", "/api/shops/fields", { ...embroidery, options: [] });
    expect(noOptions.statusCode).toBe(400);
    expect(noOptions.json().fields.options.key).toBe("validation.required");
    const blankOption = await asModerator("POST", "/api/shops/fields", {
      ...embroidery,
      options: [{ title: "ok" }, { title: " " }],
    });
    expect(blankOption.json().fields["options.1.title"].key).toBe("validation.required");
    const badType = await asModerator("POST", "/api/shops/fields", { ...embroidery, type: "checkbox" });
    expect(badType.json().fields.type).toBeDefined();
    const withIds = await asModerator("POST", "/api/shops/fields", {
      ...embroidery,
      options: [{ _id: kit.fx.fields.sizeS, title: "S" }],
    });
    expect(withIds.statusCode).toBe(400);
    expect(withIds.json().fields["options.0._id"]).toBeDefined();
    expect(await snapshot()).toEqual(before);
  });
});

describe("PUT /api/shops/fields/:id", () => {
  it("updates, adds, reorders and removes options by _id and returns the field", async () => {
    const created: ProductField = (await asModerator("POST", "/api/shops/fields", embroidery)).json();
    const [without, withEmbroidery] = created.options;
    const response = await asModerator("PUT", `/api/shops/fields/${created._id}`, {
      title: "Haft imienia",
      type: "radio",
      description: "",
      changePrice: false,
      options: [
        { _id: withEmbroidery?._id, title: "Z haftem", description: "", image: "" },
        { title: "Haft złoty" },
      ],
    });
    expect(response.statusCode).toBe(200);
    const field: ProductField = response.json();
    expect(field.title).toBe("Haft imienia");
    expect(field.options.map((option) => option.title)).toEqual(["Z haftem", "Haft złoty"]);
    expect(field.options[0]?._id).toBe(withEmbroidery?._id);
    expect(field.options[0]?.image).toBeNull();
    const remaining = await kit.database.db
      .select()
      .from(fieldOptions)
      .where(eq(fieldOptions.fieldId, created._id));
    expect(remaining.map((option) => option.id)).not.toContain(without?._id);
    const audit = await lastAudit("field.update");
    expect(audit?.before).toMatchObject({ options: [{ title: "Bez haftu" }, { title: "Z haftem" }] });
    expect(audit?.after).toMatchObject({ title: "Haft imienia" });
  });

  it("refuses removing an option a product variant uses, with a clear error", async () => {
    const before = await snapshot();
    const response = await asModerator("PUT", `/api/shops/fields/${kit.fx.fields.size}`, {
      title: "Rozmiar",
      changePrice: true,
      options: [{ _id: kit.fx.fields.sizeM, title: "M" }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "field/option-in-use",
      messageKey: "errors.field/option-in-use",
      details: { optionId: kit.fx.fields.sizeS, title: "S" },
    });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses turning price changes off while variants use the field, and another field's option ids", async () => {
    const before = await snapshot();
    const options = [
      { _id: kit.fx.fields.sizeM, title: "M" },
      { _id: kit.fx.fields.sizeS, title: "S" },
    ];
    const off = await asModerator("PUT", `/api/shops/fields/${kit.fx.fields.size}`, {
      title: "Rozmiar",
      changePrice: false,
      options,
    });
    expect(off.json().code).toBe("field/change-price-in-use");
    const foreign = await asModerator("PUT", `/api/shops/fields/${kit.fx.fields.size}`, {
      title: "Rozmiar",
      changePrice: true,
      options: [...options, { _id: kit.fx.fields.white, title: "Biały" }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields["options.2._id"]).toBeDefined();
    const missing = await asModerator("PUT", "/api/shops/fields/999999", embroidery);
    expect(missing.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe("DELETE /api/shops/fields/:id", () => {
  it("is refused while products use the field", async () => {
    const response = await asModerator("DELETE", `/api/shops/fields/${kit.fx.fields.colour}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "field/in-use", messageKey: "errors.field/in-use" });
  });

  it("deletes an unused field with its options and records it", async () => {
    const created: ProductField = (await asModerator("POST", "/api/shops/fields", embroidery)).json();
    const response = await asModerator("DELETE", `/api/shops/fields/${created._id}`);
    expect(response.statusCode).toBe(200);
    expect((await fields()).some((field) => field._id === created._id)).toBe(false);
    const options = await kit.database.db
      .select()
      .from(fieldOptions)
      .where(eq(fieldOptions.fieldId, created._id));
    expect(options).toEqual([]);
    const audit = await lastAudit("field.delete");
    expect(audit).toMatchObject({ entityId: String(created._id), after: null });
    expect((await asModerator("DELETE", `/api/shops/fields/${created._id}`)).statusCode).toBe(404);
  });
});

describe("fields in English (issue 30)", () => {
  it("saves the English title and description of the field and of each option", async () => {
    const english = {
      ...embroidery,
      titleEn: "Embroidery",
      descriptionEn: "A name embroidered on the blanket",
      options: [
        { title: "Bez haftu", titleEn: "None" },
        { title: "Z haftem", descriptionEn: "+ 3 days" },
      ],
    };
    const created = await asModerator("POST", "/api/shops/fields", english);
    expect(created.statusCode, created.body).toBe(201);
    const field = created.json();
    expect(field).toMatchObject({
      titleEn: "Embroidery",
      descriptionEn: "A name embroidered on the blanket",
    });
    expect(field.options.map((o: Record<string, string>) => [o.titleEn, o.descriptionEn])).toEqual([
      ["None", ""],
      ["", "+ 3 days"],
    ]);
    const updated = await asModerator("PUT", `/api/shops/fields/${field._id}`, {
      ...english,
      titleEn: "",
      options: field.options.map((o: Record<string, unknown>) => ({ ...o, titleEn: `${o.title} EN` })),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const edited = await kit.app.services.fieldAdmin.getForEdit(field._id);
    expect(edited).toMatchObject({ titleEn: "", descriptionEn: "A name embroidered on the blanket" });
    expect(edited?.options.map((o) => o.titleEn)).toEqual(["Bez haftu EN", "Z haftem EN"]);
    const tooLong = await asModerator("POST", "/api/shops/fields", {
      ...embroidery,
      options: [{ title: "A", descriptionEn: "x".repeat(2001) }],
    });
    expect(tooLong.json().fields["options.0.descriptionEn"].key).toBe("validation.maxLength");
  });
});
