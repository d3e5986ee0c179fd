import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductField } from "../../../domain/types";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { auditLog, fieldOptions, productFields } from "../../db/schema";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { bearer, createSignedInUser } from "../accounts/accounts.fixtures";
import { type CatalogFixtures, insertCatalogFixtures } from "./catalog.fixtures";

// Staff writes of product fields: POST /api/shops/fields, PUT and DELETE /api/shops/fields/:id —
// roles, validation, options by _id, refusals while products or variants use them, audit.

let database: TestDatabase;
let app: FastifyInstance;
let dataDir: string;
let fx: CatalogFixtures;
let moderator: { id: number; token: string };
let customerToken: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "field-admin-"));
  database = await createTestDatabase();
  app = await buildApp(loadConfig({ DATA_DIR: dataDir }), database, { web: false, logger: false });
  fx = await insertCatalogFixtures(database.db, new Date());
  moderator = await createSignedInUser(database.db, { roles: ["shop-moderator", "user"] });
  customerToken = (await createSignedInUser(database.db, { roles: ["user"] })).token;
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Method = "POST" | "PUT" | "DELETE";
const asModerator = (method: Method, url: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: bearer(moderator.token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function fields(): Promise<ProductField[]> {
  return (await app.inject({ url: "/api/shops/fields" })).json();
}

async function snapshot() {
  return {
    fields: await database.db.select().from(productFields).orderBy(productFields.id),
    options: await database.db.select().from(fieldOptions).orderBy(fieldOptions.id),
  };
}

async function lastAudit(action: string) {
  const [entry] = await database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
}

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
  const calls: [Method, string, unknown][] = [
    ["POST", "/api/shops/fields", embroidery],
    ["PUT", "/api/shops/fields/1", embroidery],
    ["DELETE", "/api/shops/fields/1", undefined],
  ];

  it.each(calls)("%s %s: anonymous 401, a customer 403", async (method, url, payload) => {
    const before = await snapshot();
    const anonymous = await app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(anonymous.statusCode).toBe(401);
    const customer = await app.inject({
      method,
      url,
      headers: bearer(customerToken),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(customer.statusCode).toBe(403);
    expect(customer.json().message).toBe("Required moderator role");
    expect(await snapshot()).toEqual(before);
  });
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
    expect((await fields()).find((candidate) => candidate._id === field._id)).toEqual(field);
    const audit = await lastAudit("field.create");
    expect(audit).toMatchObject({ entity: "field", entityId: String(field._id), actorId: moderator.id });
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
      options: [{ _id: fx.fields.sizeS, title: "S" }],
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
    const remaining = await database.db
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
    const response = await asModerator("PUT", `/api/shops/fields/${fx.fields.size}`, {
      title: "Rozmiar",
      changePrice: true,
      options: [{ _id: fx.fields.sizeM, title: "M" }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "field/option-in-use",
      messageKey: "errors.field/option-in-use",
      details: { optionId: fx.fields.sizeS, title: "S" },
    });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses turning price changes off while variants use the field, and another field's option ids", async () => {
    const before = await snapshot();
    const options = [
      { _id: fx.fields.sizeM, title: "M" },
      { _id: fx.fields.sizeS, title: "S" },
    ];
    const off = await asModerator("PUT", `/api/shops/fields/${fx.fields.size}`, {
      title: "Rozmiar",
      changePrice: false,
      options,
    });
    expect(off.json().code).toBe("field/change-price-in-use");
    const foreign = await asModerator("PUT", `/api/shops/fields/${fx.fields.size}`, {
      title: "Rozmiar",
      changePrice: true,
      options: [...options, { _id: fx.fields.white, title: "Biały" }],
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
    const response = await asModerator("DELETE", `/api/shops/fields/${fx.fields.colour}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "field/in-use", messageKey: "errors.field/in-use" });
  });

  it("deletes an unused field with its options and records it", async () => {
    const created: ProductField = (await asModerator("POST", "/api/shops/fields", embroidery)).json();
    const response = await asModerator("DELETE", `/api/shops/fields/${created._id}`);
    expect(response.statusCode).toBe(200);
    expect((await fields()).some((field) => field._id === created._id)).toBe(false);
    const options = await database.db
      .select()
      .from(fieldOptions)
      .where(eq(fieldOptions.fieldId, created._id));
    expect(options).toEqual([]);
    const audit = await lastAudit("field.delete");
    expect(audit).toMatchObject({ entityId: String(created._id), after: null });
    expect((await asModerator("DELETE", `/api/shops/fields/${created._id}`)).statusCode).toBe(404);
  });
});
