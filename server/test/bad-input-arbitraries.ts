import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { buildApp } from "../app";
import { createSignedInUser } from "../areas/accounts/accounts.fixtures";
import { insertShopFixtures, orderBody, type ShopFixtures } from "../areas/orders/orders.fixtures";
import type { Db } from "../db/client";
import { seedIfEmpty } from "../db/seed";
import { createTestDatabase, type TestDatabase } from "./database";
import { testConfig } from "./test-config";

// Generated bad input for the API (issue 7, "Bad input and attacks"): the route table's zod schemas
// are turned into JSON Schema (`z.toJSONSchema`, input side, as the OpenAPI document does) and
// walked to build a valid-looking base value and, from it, BAD variants: one field of the wrong
// type, too long, negative, fractional, NaN-like, Infinity-like or huge; a required field
// missing; an array where an object is expected; unknown extra keys (incl. __proto__ and
// constructor); unicode edge cases (NUL, lone surrogates, RTL override, zero-width, emoji,
// combining marks). The zod schema itself stays the oracle: the tests ask it whether a generated
// body is invalid (a variant of a lenient field may turn out valid).

/** The subset of JSON Schema that z.toJSONSchema produces for the shop's schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
}

/** The JSON Schema of what a client sends for `schema`. */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
  }) as Record<string, unknown>;
  return rest as JsonSchema;
}

export const HUGE_STRING = "x".repeat(100_000);

/** Strings that are hard on storage, rendering and comparison. */
export const UNICODE_EDGE_CASES: readonly string[] = [
  "\u0000",
  "abc\u0000def",
  "\ud800",
  "x\udfffy",
  "\u202egnp.exe",
  "a\u200b\u200c\u200d\u2060b",
  "\ufeffBOM",
  "😀🧵",
  "👨‍👩‍👧‍👦",
  "e\u0301\u0301\u0301\u0301\u0301",
  "Z\u0335\u0327\u031b\u0316\u0319",
  "\u0085\u2028\u2029",
  "\r\n\t",
  "ﷺ",
  "𝕳𝖊𝖑𝖑𝖔",
  "\u{10ffff}",
];

/** Text that looks like a number but is not one JSON or zod accepts as such. */
export const NAN_LIKE: readonly string[] = [
  "NaN",
  "Infinity",
  "-Infinity",
  "1e309",
  "0x10",
  "1,5",
  "--1",
  "",
  " ",
  "null",
  "undefined",
  "[object Object]",
];

/** Numbers no field of the shop accepts where an id, a quantity or an amount is expected. */
export const BAD_NUMBERS: readonly number[] = [
  -1,
  -0.5,
  0.5,
  1.000001,
  -2_147_483_649,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

function typesOf(node: JsonSchema): string[] {
  if (node.anyOf) return node.anyOf.flatMap(typesOf);
  if (Array.isArray(node.type)) return node.type;
  if (node.type) return [node.type];
  if (node.const !== undefined) return [typeof node.const];
  return [];
}

/** The first non-null branch of an anyOf (the value a client would normally send). */
function mainBranch(node: JsonSchema): JsonSchema {
  if (!node.anyOf) return node;
  return node.anyOf.find((branch) => typesOf(branch).some((t) => t !== "null")) ?? node.anyOf[0] ?? {};
}

const EMAIL_LIKE = /@/;
const DATE_KEYS = new Set(["startDate", "from", "od"]);
const END_DATE_KEYS = new Set(["endDate", "to", "do"]);
const LINK_KEYS = new Set(["url", "thumb_url", "image", "link"]);

function fitLength(text: string, node: JsonSchema): string {
  let value = text;
  const min = node.minLength ?? 0;
  while (value.length < min) value += "x";
  if (node.maxLength !== undefined) value = value.slice(0, node.maxLength);
  return value;
}

/**
 * A plausible value for `node` (the field named `key`): what a form would send. Heuristics by
 * field name cover what JSON Schema cannot say (links, dates, postcodes, phones); routes whose
 * refinements need more pass overrides.
 */
export function validLooking(node: JsonSchema, key = ""): unknown {
  // a list at the top (bulk updates) gets one item, so there is a field to break
  if (key === "" && typesOf(node).includes("array") && !node.minItems) {
    return [validLooking(node.items ?? {}, "item")];
  }
  if (node.const !== undefined) return node.const;
  if (node.enum && node.enum.length > 0) return node.enum[0];
  if (node.anyOf) {
    if (key === "nip" || key === "coupon") return null;
    return validLooking(mainBranch(node), key);
  }
  const types = typesOf(node);
  if (key === "nip") return null;
  const type = types.find((t) => t !== "null") ?? "null";
  switch (type) {
    case "string": {
      if (node.pattern && EMAIL_LIKE.test(node.pattern)) return "jan.kowalski@example.com";
      if (node.pattern === "^\\d{4}-\\d{2}-\\d{2}$")
        return END_DATE_KEYS.has(key) ? "2026-01-31" : "2026-01-01";
      if (DATE_KEYS.has(key)) return "2026-01-01";
      if (END_DATE_KEYS.has(key)) return "2026-12-31";
      if (key === "postCode" || key === "postal_code") return "00-001";
      if (key === "phone") return "600 100 200";
      // a product's EAN (its check digit is checked) and the GPSR contacts (an e-mail or a web address)
      if (key === "gtin") return "5901234123457";
      if (key.endsWith("Contact")) return "jan.kowalski@example.com";
      if (key === "password" || key === "confirmPassword") return "haslo-testowe-123";
      if (key === "link" && !node.minLength) return "strona-testowa";
      if (LINK_KEYS.has(key)) return "/media/test.jpg";
      if (key === "code" || node.pattern === "^\\S+$") return fitLength("KOD123", node);
      // a client-made random id (the withdrawal form's submission key)
      if (key === "submissionKey") return fitLength("zgloszenie-0001", node);
      // a sha-256 in hex (a bulk edit's preview fingerprint)
      if (node.pattern === "^[0-9a-f]{64}$") return "0".repeat(64);
      return fitLength("Tekst testowy", node);
    }
    case "integer":
    case "number": {
      const low = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : 1);
      return Math.max(low, Math.min(node.maximum ?? 10, 10));
    }
    case "boolean":
      return false;
    case "array": {
      const count = node.minItems ?? 0;
      return Array.from({ length: count }, () => validLooking(node.items ?? {}, key));
    }
    case "object": {
      const value: Record<string, unknown> = {};
      for (const [name, child] of Object.entries(node.properties ?? {})) {
        value[name] = validLooking(child, name);
      }
      return value;
    }
    default:
      return null;
  }
}

type Path = (string | number)[];

/** Every field path of a value shaped like `node` (objects' properties and array items). */
export function fieldPaths(
  node: JsonSchema,
  value: unknown,
  path: Path = [],
): { path: Path; node: JsonSchema }[] {
  const here = path.length > 0 ? [{ path, node }] : [];
  const branch = mainBranch(node);
  if (branch.properties && typeof value === "object" && value !== null && !Array.isArray(value)) {
    return [
      ...here,
      ...Object.entries(branch.properties).flatMap(([name, child]) =>
        fieldPaths(child, (value as Record<string, unknown>)[name], [...path, name]),
      ),
    ];
  }
  if (branch.items && Array.isArray(value)) {
    return [
      ...here,
      ...value.flatMap((item, index) => fieldPaths(branch.items ?? {}, item, [...path, index])),
    ];
  }
  return here;
}

/** Every required property path (objects only, following the base value). */
function requiredPaths(node: JsonSchema, value: unknown, path: Path = []): Path[] {
  const branch = mainBranch(node);
  if (branch.properties && typeof value === "object" && value !== null && !Array.isArray(value)) {
    return Object.entries(branch.properties).flatMap(([name, child]) => [
      ...((branch.required ?? []).includes(name) ? [[...path, name]] : []),
      ...requiredPaths(child, (value as Record<string, unknown>)[name], [...path, name]),
    ]);
  }
  if (branch.items && Array.isArray(value)) {
    return value.flatMap((item, index) => requiredPaths(branch.items ?? {}, item, [...path, index]));
  }
  return [];
}

function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

function setAt(target: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = clone(target) as Record<string | number, unknown>;
  let cursor = copy;
  for (const step of path.slice(0, -1)) cursor = cursor[step] as Record<string | number, unknown>;
  cursor[path[path.length - 1] as string | number] = value;
  return copy;
}

function deleteAt(target: unknown, path: Path): unknown {
  const copy = clone(target) as Record<string | number, unknown>;
  let cursor = copy;
  for (const step of path.slice(0, -1)) cursor = cursor[step] as Record<string | number, unknown>;
  delete cursor[path[path.length - 1] as string | number];
  return copy;
}

/** Values that are wrong for `node`: another type, out of its bounds, or hostile text. */
export function badValue(node: JsonSchema): fc.Arbitrary<unknown> {
  const types = new Set(typesOf(node));
  const branch = mainBranch(node);
  const wrongTypes: unknown[] = [];
  if (!types.has("string")) wrongTypes.push("12", "abc", ...NAN_LIKE.slice(0, 4));
  if (!types.has("number") && !types.has("integer")) wrongTypes.push(0, -1, 1.5, 1e308);
  if (!types.has("boolean")) wrongTypes.push(true, false);
  if (!types.has("null")) wrongTypes.push(null);
  if (!types.has("array")) wrongTypes.push([], ["a"], [{}], [1, 2, 3]);
  if (!types.has("object")) wrongTypes.push({}, { a: 1 }, { $gt: "" });
  const bounded: unknown[] = [];
  if (types.has("string")) {
    bounded.push(HUGE_STRING, ...UNICODE_EDGE_CASES);
    if (branch.maxLength !== undefined) bounded.push("y".repeat(branch.maxLength + 1));
    if (branch.minLength !== undefined && branch.minLength > 0) bounded.push("");
  }
  if (types.has("integer") || types.has("number")) {
    bounded.push(...BAD_NUMBERS, ...NAN_LIKE);
    if (branch.minimum !== undefined) bounded.push(branch.minimum - 1);
    if (branch.maximum !== undefined && branch.maximum < Number.MAX_SAFE_INTEGER)
      bounded.push(branch.maximum + 1);
  }
  if (branch.enum)
    bounded.push("NIEZNANY", `${String(branch.enum[0])} `, String(branch.enum[0]).toUpperCase());
  if (branch.const !== undefined) bounded.push(branch.const === true ? "true" : `${String(branch.const)}x`);
  if (types.has("array")) {
    bounded.push(
      [null],
      ["\u0000"],
      Array.from({ length: (branch.maxItems ?? 200) + 1 }, () => 1),
    );
  }
  if (types.has("object")) bounded.push({ "": 1, "0": [] });
  return fc.constantFrom(...wrongTypes, ...bounded);
}

export interface BadBody {
  /** what kind of breakage, for the report */
  kind: string;
  body: unknown;
}

/** Extra keys that must never reach an object's prototype or a database column. */
function withHostileKeys(body: unknown, extra: Record<string, unknown>): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  const copy = clone(body) as Record<string, unknown>;
  for (const [key, value] of Object.entries(extra)) {
    Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  }
  return copy;
}

const HOSTILE_KEYS: readonly Record<string, unknown>[] = [
  // JSON.parse makes "__proto__" an own key (an object literal would set the prototype instead)
  JSON.parse('{"__proto__": {"isAdmin": true}}'),
  JSON.parse('{"constructor": {"prototype": {"isAdmin": true}}}'),
  { prototype: { polluted: true } },
  { unknownField: "x", _id: 1, id: 1, createdAt: "2000-01-01" },
  { "\u0000": 1, [HUGE_STRING.slice(0, 10_000)]: 1 },
];

function replaceStrings(value: unknown, text: string): unknown {
  if (typeof value === "string") return text;
  if (Array.isArray(value)) return value.map((item) => replaceStrings(item, text));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceStrings(v, text)]));
  }
  return value;
}

/**
 * Bad bodies for a route whose body schema is `node`, built around `base` (a valid-looking
 * value; defaults to `validLooking(node)`). Some variants may still be valid (a lenient field):
 * the caller asks the zod schema.
 */
export function badBody(node: JsonSchema, base: unknown = validLooking(node)): fc.Arbitrary<BadBody> {
  const fields = fieldPaths(node, base);
  const required = requiredPaths(node, base);
  const variants: fc.Arbitrary<BadBody>[] = [];
  if (fields.length > 0) {
    const oneField = fc.constantFrom(...fields).chain(({ path, node: field }) =>
      badValue(field).map((value) => ({
        kind: `one field wrong (${path.join(".")})`,
        body: setAt(base, path, value),
      })),
    );
    variants.push(oneField, oneField);
    const textPaths = fields.filter((f) => typesOf(f.node).includes("string")).map((f) => f.path);
    if (textPaths.length > 0) {
      variants.push(
        fc
          .tuple(fc.constantFrom(...textPaths), fc.constantFrom(...UNICODE_EDGE_CASES))
          .map(([path, text]) => ({
            kind: `unicode edge case in ${path.join(".")}`,
            body: setAt(base, path, text),
          })),
      );
    }
  }
  if (required.length > 0) {
    variants.push(
      fc
        .constantFrom(...required)
        .map((path) => ({ kind: `missing ${path.join(".")}`, body: deleteAt(base, path) })),
    );
  }
  variants.push(
    fc.constantFrom<unknown>([], [base], "tekst", 42, -1, null, true, 1e308, HUGE_STRING).map((body) => ({
      kind: "wrong type for the whole body",
      body,
    })),
  );
  variants.push(
    fc
      .tuple(fc.constantFrom(...UNICODE_EDGE_CASES), fc.constantFrom(...HOSTILE_KEYS))
      .map(([text, extra]) => ({
        kind: "every text a unicode edge case, hostile extra keys",
        body: withHostileKeys(replaceStrings(base, text), extra),
      })),
  );
  if (fields.length > 0) {
    variants.push(
      fc
        .tuple(
          fc
            .constantFrom(...fields)
            .chain(({ path, node: field }) => badValue(field).map((value) => ({ path, value }))),
          fc.constantFrom(...HOSTILE_KEYS),
        )
        .map(([{ path, value }, extra]) => ({
          kind: `unknown keys + ${path.join(".")} wrong`,
          body: withHostileKeys(setAt(base, path, value), extra),
        })),
    );
  }
  return fc.oneof(...variants);
}

/** A query string value (or repeated values) for a parameter. */
export type QueryValue = string | string[];

/** Bad query strings for a GET route whose query schema is `node`. */
export function badQuery(
  node: JsonSchema,
): fc.Arbitrary<{ kind: string; query: Record<string, QueryValue> }> {
  const names = Object.keys(node.properties ?? {});
  const base: Record<string, string> = {};
  for (const name of node.required ?? []) {
    base[name] = String(validLooking(node.properties?.[name] ?? {}, name));
  }
  const text = fc.constantFrom<QueryValue>(
    ...NAN_LIKE,
    ...UNICODE_EDGE_CASES,
    ...BAD_NUMBERS.map(String),
    "x".repeat(10_000),
    "-1",
    "0",
    "1.5",
    "99999999999999999999",
    ["1", "2"],
    ["", "tak"],
    "[object Object]",
    "{}",
    "tak ",
    "TAK",
  );
  return fc.oneof(
    fc.tuple(fc.constantFrom(...names), text).map(([name, value]) => ({
      kind: `one parameter wrong (${name})`,
      query: { ...base, [name]: value },
    })),
    fc.tuple(fc.subarray(names, { minLength: 1 }), text).map(([chosen, value]) => ({
      kind: "several parameters wrong",
      query: { ...base, ...Object.fromEntries(chosen.map((name) => [name, value])) },
    })),
    fc.constantFrom(...names, "__proto__", "constructor").map((name) => ({
      kind: `parameter ${name} repeated / hostile name`,
      query: { ...base, [name]: ["a", "b", "\u0000"], "__proto__[x]": "1" },
    })),
  );
}

/** The query as a URL query string (repeated keys for arrays). */
export function toQueryString(query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
  }
  return params.toString();
}

// ------------------------------------------------------------------ "nothing changed"

/** Tables that legitimately change on any request: sessions (last seen), attempt counters, views. */
export const VOLATILE_TABLES: readonly string[] = ["sessions", "rate_limit_hits", "product_views"];

/** Every table of the shop's schema except the volatile ones and migration bookkeeping. */
export async function shopTables(db: Db): Promise<string[]> {
  const result = await db.execute<{ name: string }>(sql`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`);
  return result.rows
    .map((row) => row.name)
    .filter((name) => !VOLATILE_TABLES.includes(name) && !name.startsWith("__drizzle"));
}

/** Row count and an md5 of every row of each table: equal checksums = nothing changed. */
export async function tableChecksums(db: Db, tables: readonly string[]): Promise<Record<string, string>> {
  const parts = tables.map(
    (table) =>
      sql`select ${table} as name, count(*)::text || ':' || coalesce(md5(string_agg(md5(t::text), ',' order by md5(t::text))), '') as sum from ${sql.identifier(table)} t`,
  );
  const result = await db.execute<{ name: string; sum: string }>(sql.join(parts, sql` union all `));
  return Object.fromEntries(result.rows.map((row) => [row.name, row.sum]));
}

/** The tables whose checksum differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}

// ------------------------------------------------------------------ the shop under attack

export interface ShopUnderAttack {
  database: TestDatabase;
  app: FastifyInstance;
  /** roles admin + shop-moderator + user */
  admin: { id: number; token: string };
  /** an approved customer */
  customer: { id: number; token: string; email: string };
  /** an existing row per kind, for route params */
  ids: Record<
    | "user"
    | "order"
    | "category"
    | "field"
    | "product"
    | "slide"
    | "page"
    | "blog"
    | "coupon"
    | "creator"
    | "creatorCategory"
    | "game",
    number
  >;
  /** the placed guest order */
  order: { id: number; orderNumber: string; email: string };
  shop: ShopFixtures;
  /** the tables "nothing changed" compares */
  tables: string[];
  close(): Promise<void>;
}

/**
 * The demo shop (seed without images) on a fresh database, an app without the web part, signed-in
 * staff and customer, one placed guest order, and an existing id of every kind a route param names.
 * Login and register limits are small so generated valid logins answer 429 instead of hashing.
 */
export async function startShopUnderAttack(): Promise<ShopUnderAttack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "attack-"));
  const database = await createTestDatabase();
  const config = testConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  await seedIfEmpty(database, config, { images: false });
  const small = { perAccount: { limit: 2, windowMs: 60_000 }, perAddress: { limit: 2, windowMs: 60_000 } };
  const app = await buildApp(config, database, {
    web: false,
    logger: false,
    rateLimits: { login: small, register: small },
  });
  await app.ready();
  const db = database.db;
  const admin = await createSignedInUser(db, { roles: ["admin", "shop-moderator", "user"] });
  const customer = await createSignedInUser(db, { roles: ["user"] });
  const target = await createSignedInUser(db, { roles: ["user"] });

  const shop = await insertShopFixtures(db);
  const cart = [{ productId: shop.plain.id, quantity: 1 }];
  const quote = await app.inject({
    method: "POST",
    url: "/api/orders",
    payload: orderBody({ cart, priceGrosze: 0 }),
  });
  const total = quote.json().details?.totalGrosze as number;
  const placed = await app.inject({
    method: "POST",
    url: "/api/orders",
    payload: orderBody({ cart, priceGrosze: total }),
  });
  if (placed.statusCode !== 201) throw new Error(`order not placed: ${placed.body}`);
  const order = placed.json() as { _id: number; orderNumber: string; email: string };

  async function firstId(table: string, where = sql`true`): Promise<number> {
    const result = await db.execute<{ id: number | null }>(
      sql`select min(id) as id from ${sql.identifier(table)} where ${where}`,
    );
    const id = result.rows[0]?.id;
    if (id == null) throw new Error(`the demo seed left ${table} empty`);
    return Number(id);
  }
  const ids = {
    user: target.id,
    order: order._id,
    category: await firstId("categories", sql`parent_id is not null`),
    field: await firstId("product_fields"),
    product: await firstId("products"),
    slide: await firstId("header_slides"),
    page: await firstId("pages"),
    blog: await firstId("blog_articles"),
    coupon: await firstId("coupons"),
    creator: await firstId("creators"),
    creatorCategory: await firstId("creator_categories"),
    game: await firstId("games"),
  };
  return {
    database,
    app,
    admin: { id: admin.id, token: admin.token },
    customer: { id: customer.id, token: customer.token, email: customer.email },
    ids,
    order: { id: order._id, orderNumber: order.orderNumber, email: order.email },
    shop,
    tables: await shopTables(db),
    async close() {
      await app.close();
      await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A route key's URL with each param replaced by an existing row's id (or `value` when given). */
export function routeUrl(
  key: string,
  ids: ShopUnderAttack["ids"],
  value?: string,
): { method: "GET" | "POST" | "PUT" | "DELETE"; url: string } {
  const [method = "GET", pattern = ""] = key.split(" ");
  const prefixes: [string, keyof ShopUnderAttack["ids"]][] = [
    ["/api/users/", "user"],
    ["/api/shops/categories/", "category"],
    ["/api/shops/fields/", "field"],
    ["/api/shops/products/", "product"],
    ["/api/shops/headers/", "slide"],
    ["/api/orders/", "order"],
    ["/api/pages/", "page"],
    ["/api/blogs/", "blog"],
    ["/api/shops/coupons/", "coupon"],
    ["/api/creators/categories/", "creatorCategory"],
    ["/api/creators/", "creator"],
    ["/api/games/", "game"],
  ];
  const entity = prefixes.find(([prefix]) => pattern.startsWith(prefix))?.[1];
  const url = pattern.replace(/:\w+/g, () => value ?? String(entity ? ids[entity] : 1));
  return { method: method as "GET", url };
}
