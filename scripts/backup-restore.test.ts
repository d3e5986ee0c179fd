import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../server/app";
import { bearer, createSignedInUser } from "../server/areas/accounts/accounts.fixtures";
import { insertShopFixtures } from "../server/areas/orders/orders.fixtures";
import type { Config } from "../server/config";
import { type Database, MIGRATIONS_DIR, openDatabase } from "../server/db/client";
import { pgliteTemplate } from "../server/test/database";
import { placeGuestOrder } from "../server/test/guest-order";
import { databaseUrl } from "../server/test/postgres-template";
import { testConfig } from "../server/test/test-config";
import { BackupError, type Manifest } from "./lib/backup-manifest";
import { restoreBackup, takeBackup } from "./lib/backup-run";

// npm run backup / npm run restore (docs/decisions/075-backups.md) on the database the run uses: an
// embedded one in a data folder (PGlite), or, with DATABASE_URL (CI's PostgreSQL pass), databases on
// that server. A shop takes orders and a picture, stops, is backed up; the backup restores into an
// empty database and data folder, and the shop started there answers the same.

const serverUrl = process.env.DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

async function onServer(statement: string): Promise<number> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return (await admin.query(statement)).rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

/** A data folder and a database for a shop: migrated (copies of the run's template) or empty. */
async function newShopPlace(name: string, migrated: boolean): Promise<Config> {
  const dataDir = tempDir(name);
  if (!serverUrl) {
    const config = testConfig({ DATA_DIR: dataDir });
    if (migrated) {
      const database = await openDatabase({
        databaseUrl: null,
        dbDir: config.dbDir,
        loadDataDir: pgliteTemplate(),
      });
      await database.migrate();
      await database.close();
    }
    return config;
  }
  const dbName = `backup_${name.replaceAll("-", "_")}_${randomBytes(4).toString("hex")}`;
  const template = inject("postgresTemplate");
  await onServer(
    migrated && template ? `CREATE DATABASE ${dbName} TEMPLATE ${template}` : `CREATE DATABASE ${dbName}`,
  );
  cleanups.push(async () => {
    await onServer(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });
  const config = testConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl(serverUrl, dbName) });
  if (migrated && !template) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dbDir: null });
    await database.migrate();
    await database.close();
  }
  return config;
}

/** Migrates the (empty) database of `config` as the previous release did: every migration but the last. */
async function migrateAsPreviousRelease(config: Config): Promise<void> {
  const folder = tempDir("previous-release-migrations");
  fs.cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: unknown[] };
  journal.entries.pop();
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dbDir: config.dbDir, poolSize: 2 });
  try {
    if (database.kind === "postgres") await migrateNodePg(database.db, { migrationsFolder: folder });
    else {
      const client = (database.db as unknown as { $client: PGlite }).$client;
      await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
    }
  } finally {
    await database.close();
  }
}

async function openShop(config: Config): Promise<{ database: Database; app: FastifyInstance }> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dbDir: config.dbDir, poolSize: 2 });
  await database.migrate();
  const app = await buildApp(config, database, { web: false, logger: false });
  await app.ready();
  return { database, app };
}

async function closeShop(shop: { database: Database; app: FastifyInstance }): Promise<void> {
  await shop.app.close();
  await shop.database.close();
}

const PICTURE = "gallery/backup/obraz-test.webp";
const PHOTO = "1/zdjecie.jpg";

/** What the shop answers about its orders: the staff list and each order. */
async function orderAnswers(app: FastifyInstance, token: string, ids: number[]) {
  const get = async (url: string) => {
    const reply = await app.inject({ url, headers: bearer(token) });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json();
  };
  return {
    list: await get("/api/orders"),
    orders: await Promise.all(ids.map((id) => get(`/api/orders/${id}`))),
  };
}

let source: Config;
let backupDir: string;
let manifest: Manifest;
let staffToken: string;
let orderIds: number[];
let answers: Awaited<ReturnType<typeof orderAnswers>>;
const picture = randomBytes(3_000);

beforeAll(async () => {
  source = await newShopPlace("backup-source", true);
  const shop = await openShop(source);
  try {
    const fixtures = await insertShopFixtures(shop.database.db);
    staffToken = (await createSignedInUser(shop.database.db, { roles: ["admin", "user"] })).token;
    orderIds = [];
    for (const email of ["anna@example.com", "basia@example.com"])
      orderIds.push((await placeGuestOrder(shop.app, fixtures.plain.id, email, "10.9.0.1"))._id);
    answers = await orderAnswers(shop.app, staffToken, orderIds);
    fs.mkdirSync(path.dirname(path.join(source.mediaDir, PICTURE)), { recursive: true });
    fs.writeFileSync(path.join(source.mediaDir, PICTURE), picture);
    fs.mkdirSync(path.dirname(path.join(source.complaintPhotosDir, PHOTO)), { recursive: true, mode: 0o700 });
    fs.writeFileSync(path.join(source.complaintPhotosDir, PHOTO), "jpeg", { mode: 0o600 });
  } finally {
    // the embedded database is backed up closed (the shop stopped)
    await closeShop(shop);
  }
  ({ dir: backupDir, manifest } = await takeBackup(source, tempDir("backups")));
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("npm run backup", () => {
  it("writes the database, DATA_DIR's files and a manifest of their checksums", () => {
    expect(orderIds).toHaveLength(2);
    expect(path.basename(backupDir)).toMatch(/^shop-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    expect(manifest.database.kind).toBe(serverUrl ? "postgres" : "pglite");
    expect(manifest.counts.orders).toBe(2);
    expect(manifest.migrations.lastTag).toMatch(/^\d{4}_/);
    const paths = manifest.files.map((file) => file.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        manifest.database.file,
        `files/media/${PICTURE}`,
        `files/complaint-photos/${PHOTO}`,
      ]),
    );
    // the embedded database's folder is in the dump, not copied file by file
    expect(paths.some((file) => file.startsWith("files/db/"))).toBe(false);
    expect(fs.statSync(backupDir).mode & 0o777).toBe(0o700);
    // no temporary folder left beside it
    expect(fs.readdirSync(path.dirname(backupDir))).toEqual([path.basename(backupDir)]);
  });

  it("fails without leaving a folder when the database cannot be read", async () => {
    const out = tempDir("backups-failed");
    const missing = serverUrl
      ? testConfig({
          DATA_DIR: source.dataDir,
          DATABASE_URL: databaseUrl(serverUrl, "no_such_database_here"),
        })
      : testConfig({ DATA_DIR: tempDir("no-database") });
    await expect(takeBackup(missing, out)).rejects.toThrow();
    expect(fs.readdirSync(out)).toEqual([]);
  });

  it("with MEDIA_STORAGE=s3 leaves the pictures out and names their bucket; the restore says so (ADR 081)", async () => {
    const inBucket = testConfig({
      DATA_DIR: source.dataDir,
      ...(source.databaseUrl ? { DATABASE_URL: source.databaseUrl } : {}),
      MEDIA_STORAGE: "s3",
      S3_ENDPOINT: "http://127.0.0.1:9",
      S3_BUCKET: "sklep-media",
      S3_PREFIX: "szyciowo",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "sekret-kopii",
    });
    const taken = await takeBackup(inBucket, tempDir("backups-s3"));
    expect(taken.manifest.media).toEqual({
      storage: "s3",
      location: "s3://sklep-media/szyciowo/ at 127.0.0.1:9",
    });
    const paths = taken.manifest.files.map((file) => file.path);
    expect(paths.some((file) => file.startsWith("files/media/"))).toBe(false);
    expect(paths).toContain(`files/complaint-photos/${PHOTO}`);
    const note = fs.readFileSync(path.join(taken.dir, "MEDIA-IN-BUCKET.txt"), "utf8");
    expect(note).toContain("s3://sklep-media/szyciowo/");
    expect(fs.readFileSync(path.join(taken.dir, "manifest.json"), "utf8") + note).not.toContain(
      "sekret-kopii",
    );
    const result = await restoreBackup(await newShopPlace("backup-s3-target", false), taken.dir);
    expect(result.mediaNote).toMatch(
      /not in this backup: they are in the bucket s3:\/\/sklep-media\/szyciowo\//,
    );
  });

  it.skipIf(serverUrl)("refuses the embedded database while a shop holds it", async () => {
    const database = await openDatabase({ databaseUrl: null, dbDir: source.dbDir });
    try {
      await expect(takeBackup(source, tempDir("backups-busy"))).rejects.toThrow(
        /is open \(the shop is running/,
      );
    } finally {
      await database.close();
    }
  });
});

describe("npm run restore", () => {
  it("restores into an empty database and data folder: the shop serves the same orders and files", async () => {
    const target = await newShopPlace("backup-target", false);
    const result = await restoreBackup(target, backupDir);
    expect(result.counts.orders).toBe(2);
    expect(result.migrationsApplied).toBe(0);
    const shop = await openShop(target);
    try {
      expect(await orderAnswers(shop.app, staffToken, orderIds)).toEqual(answers);
      const media = await shop.app.inject({ url: `/media/${PICTURE}` });
      expect(media.statusCode).toBe(200);
      expect(media.rawPayload.equals(picture)).toBe(true);
      const photo = path.join(target.complaintPhotosDir, PHOTO);
      expect(fs.readFileSync(photo, "utf8")).toBe("jpeg");
      expect(fs.statSync(photo).mode & 0o777).toBe(0o600);
    } finally {
      await closeShop(shop);
    }
  });

  it("restores a backup of the previous release and applies this release's last migration", async () => {
    const previous = await newShopPlace("backup-previous", false);
    await migrateAsPreviousRelease(previous);
    const { dir, manifest: older } = await takeBackup(previous, tempDir("backups-previous"));
    expect(older.migrations.count).toBe(manifest.migrations.count - 1);
    const result = await restoreBackup(await newShopPlace("backup-previous-target", false), dir);
    expect(result.migrationsApplied).toBe(1);
  });

  it("refuses a damaged backup before touching anything", async () => {
    const damaged = path.join(tempDir("backup-damaged"), "copy");
    fs.cpSync(backupDir, damaged, { recursive: true });
    fs.appendFileSync(path.join(damaged, "files", "media", ...PICTURE.split("/")), "x");
    const target = await newShopPlace("backup-damaged-target", false);
    const refused = restoreBackup(target, damaged);
    await expect(refused).rejects.toThrow(BackupError);
    await expect(refused).rejects.toThrow(
      `the backup is damaged (size or checksum differs from its manifest): files/media/${PICTURE}`,
    );
    expect(fs.existsSync(target.mediaDir)).toBe(false);
    expect(fs.existsSync(target.dbDir)).toBe(false);
  });

  it("refuses a database that has tables, unless --force", async () => {
    const target = await newShopPlace("backup-full-target", true);
    await expect(restoreBackup(target, backupDir)).rejects.toThrow(/already (has tables|holds a database)/);
    const forced = await restoreBackup(target, backupDir, { force: true });
    expect(forced.counts.orders).toBe(2);
    // the embedded database replaced is set aside, never deleted
    if (serverUrl) expect(forced.setAside).toBeNull();
    else expect(fs.existsSync(path.join(forced.setAside ?? "", "PG_VERSION"))).toBe(true);
  });
});
