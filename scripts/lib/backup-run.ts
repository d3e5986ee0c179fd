import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { s3Location } from "../../server/areas/media/s3-media-storage";
import { lastMigrationMillis } from "../../server/areas/ops/readiness";
import { type Config, ConfigError, loadConfig } from "../../server/config";
import { MIGRATIONS_DIR, openDatabase } from "../../server/db/client";
import {
  BackupError,
  backupName,
  type DatabaseKind,
  damagedFiles,
  describeFile,
  FILES_DIR,
  filesUnder,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  type Manifest,
  newerThanRelease,
  parseManifest,
} from "./backup-manifest";
import { findTools, libpqConnection, pickTool, runTool, serverMajor } from "./pg-tools";

// `npm run backup` and `npm run restore` (scripts/backup.ts, scripts/restore.ts; docs/decisions/075):
// taking one backup of the shop's database and DATA_DIR's files, and restoring one into an empty
// database and data folder, then migrating it forward and checking its counts.

/**
 * Runs one of the commands (backup, restore, media:migrate): its settings read once (a bad one is a failure like any other), its
 * failure one line and exit code 1 (an unexpected error with its stack).
 */
export function runBackupCommand(
  what: "Backup" | "Restore" | "Media migration",
  main: (config: Config, args: string[]) => Promise<void>,
): void {
  const run = async () => {
    let config: Config;
    try {
      config = loadConfig();
    } catch (error) {
      if (error instanceof ConfigError) throw new BackupError(error.message);
      throw error;
    }
    await main(config, process.argv.slice(2));
  };
  run().catch((error: Error) => {
    console.error(
      `✖ ${what} failed: ${error instanceof BackupError ? error.message : (error.stack ?? error.message)}`,
    );
    process.exit(1);
  });
}

type Rows = Record<string, unknown>[];
type Query = (text: string) => Promise<Rows>;

const PG_DUMP_FILE = "database.dump";
const PGLITE_DUMP_FILE = "database.tar.gz";

/** The counts and migration level a manifest records, read through `query` (one snapshot). */
async function readFacts(query: Query): Promise<Pick<Manifest, "counts" | "migrations">> {
  const [counts] = await query(
    "select (select count(*) from orders)::int as orders, (select count(*) from products)::int as products, (select count(*) from users)::int as users",
  );
  const [level] = await query(
    "select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations",
  );
  const last = level?.last == null ? null : Number(level.last);
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number; tag: string }[];
  };
  return {
    counts: {
      orders: Number(counts?.orders ?? 0),
      products: Number(counts?.products ?? 0),
      users: Number(counts?.users ?? 0),
    },
    migrations: {
      count: Number(level?.count ?? 0),
      lastCreatedAt: last,
      lastTag: journal.entries.find((entry) => entry.when === last)?.tag ?? null,
    },
  };
}

/** The embedded database's folder may be opened by this process: the shop holds no PGlite there. */
function assertPgliteFree(dbDir: string): void {
  // PGlite writes postmaster.pid when it opens the folder and removes it when it closes it; it takes
  // no lock, so a second process opening a folder the shop holds would corrupt it
  if (fs.existsSync(path.join(dbDir, "postmaster.pid")))
    throw new BackupError(
      `the embedded database in ${dbDir} is open (the shop is running, or it stopped without closing it): ` +
        "stop the shop (SIGTERM closes the database; after a crash, start and stop it once) and run this again",
    );
}

interface DumpedDatabase {
  kind: DatabaseKind;
  file: string;
  facts: Pick<Manifest, "counts" | "migrations">;
  serverVersion?: string;
  pgDumpVersion?: string;
}

/**
 * PostgreSQL: pg_dump --format=custom in a snapshot exported by a repeatable-read transaction that
 * also reads the counts, so the manifest describes exactly the dump while the shop keeps serving.
 */
async function dumpPostgres(databaseUrl: string, target: string): Promise<DumpedDatabase> {
  const tools = await findTools("pg_dump");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const [snapshot] = (await client.query("select pg_export_snapshot() as id")).rows as { id: string }[];
    const [server] = (
      await client.query(
        "select current_setting('server_version_num')::int as num, current_setting('server_version') as version",
      )
    ).rows as { num: number; version: string }[];
    const serverVersion = (server?.version ?? "").split(" ")[0] ?? "";
    const major = serverMajor(server?.num ?? 0);
    const pgDump = pickTool("pg_dump", tools, major, `the server (${serverVersion})`);
    const facts = await readFacts(async (text) => (await client.query(text)).rows);
    const { dbname, env } = libpqConnection(databaseUrl);
    await runTool(
      pgDump.path,
      [
        "--format=custom",
        `--snapshot=${snapshot?.id}`,
        `--file=${path.join(target, PG_DUMP_FILE)}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
    await client.query("commit");
    return { kind: "postgres", file: PG_DUMP_FILE, facts, serverVersion, pgDumpVersion: pgDump.version };
  } finally {
    await client.end();
  }
}

/** The embedded database, closed by the shop: PGlite's own copy of its data folder (dumpDataDir). */
async function dumpPglite(dbDir: string, target: string): Promise<DumpedDatabase> {
  assertPgliteFree(dbDir);
  if (!fs.existsSync(path.join(dbDir, "PG_VERSION")))
    throw new BackupError(`there is no embedded database in ${dbDir} (is DATA_DIR right?)`);
  const database = await openDatabase({ databaseUrl: null, dbDir });
  try {
    const facts = await readFacts(async (text) => (await database.db.execute(text)).rows as Rows);
    const client = (database.db as unknown as { $client: { dumpDataDir(c: "gzip"): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir("gzip");
    fs.writeFileSync(path.join(target, PGLITE_DUMP_FILE), Buffer.from(await dump.arrayBuffer()), {
      mode: 0o600,
    });
    return { kind: "pglite", file: PGLITE_DUMP_FILE, facts };
  } finally {
    await database.close();
  }
}

/** Copies `relative` from `fromRoot` to `toRoot`, keeping its permission bits (folders: 0700). */
function copyKeepingMode(fromRoot: string, toRoot: string, relative: string): void {
  const from = path.join(fromRoot, relative);
  const to = path.join(toRoot, relative);
  fs.mkdirSync(path.dirname(to), { recursive: true, mode: 0o700 });
  fs.copyFileSync(from, to);
  fs.chmodSync(to, fs.statSync(from).mode & 0o777);
}

const MEDIA_NOTE_FILE = "MEDIA-IN-BUCKET.txt";

/** With MEDIA_STORAGE=s3: where the pictures are (the manifest's `media`); null when they are in the backup. */
function mediaNote(config: Config): Manifest["media"] | null {
  return config.mediaStorage.kind === "s3"
    ? { storage: "s3", location: s3Location(config.mediaStorage) }
    : null;
}

/** What a backup without its pictures says about them (its note file, and the restore's last line). */
export function mediaNoteText(location: string): string {
  return (
    `The pictures (/media) are not in this backup: they are in the bucket ${location} (MEDIA_STORAGE=s3). ` +
    "Keep them with the provider's object versioning, replication or lifecycle rules; " +
    "after a restore, point MEDIA_STORAGE=s3 and the S3_* settings at that bucket."
  );
}

export interface BackupResult {
  dir: string;
  manifest: Manifest;
}

/**
 * Takes one backup into a new folder under `outDir`: written under a hidden temporary name and renamed
 * when whole, so a failed backup never leaves a folder that looks like one.
 */
export async function takeBackup(config: Config, outDir: string, now = new Date()): Promise<BackupResult> {
  const root = path.resolve(outDir);
  fs.mkdirSync(root, { recursive: true });
  const name = backupName(now);
  const finalDir = path.join(root, name);
  if (fs.existsSync(finalDir)) throw new BackupError(`${finalDir} already exists`);
  const tempDir = path.join(root, `.${name}.partial-${process.pid}`);
  fs.mkdirSync(tempDir, { mode: 0o700 });
  try {
    const dumped = config.databaseUrl
      ? await dumpPostgres(config.databaseUrl, tempDir)
      : await dumpPglite(config.dbDir, tempDir);
    // the files after the database: an upload after the dump is merely extra, while a file the dump
    // refers to was there before it (the gallery deletes only pictures nothing uses)
    const dataDir = path.resolve(config.dataDir);
    // left out: the embedded database (in the dump), and backups when --out lies inside DATA_DIR
    const relativeOut = path.relative(dataDir, root);
    const outInside = !relativeOut.startsWith("..") && !path.isAbsolute(relativeOut);
    // with MEDIA_STORAGE=s3 the pictures live in the bucket; DATA_DIR/media is only a working copy
    const mediaInBucket = config.mediaStorage.kind === "s3";
    const skip = (relative: string) =>
      relative === path.relative(dataDir, config.dbDir) ||
      (mediaInBucket && relative === path.relative(dataDir, config.mediaDir)) ||
      (outInside && relativeOut !== "" && relative === relativeOut) ||
      (outInside &&
        path.dirname(relative) === (relativeOut || ".") &&
        /^\.?shop-backup-/.test(path.basename(relative)));
    const copies = filesUnder(dataDir, skip);
    for (const relative of copies) copyKeepingMode(dataDir, path.join(tempDir, FILES_DIR), relative);
    const files = [await describeFile(tempDir, dumped.file)];
    const media = mediaNote(config);
    if (media) {
      fs.writeFileSync(path.join(tempDir, MEDIA_NOTE_FILE), `${mediaNoteText(media.location)}\n`, {
        mode: 0o600,
      });
      files.push(await describeFile(tempDir, MEDIA_NOTE_FILE));
    }
    for (const relative of copies) files.push(await describeFile(tempDir, path.join(FILES_DIR, relative)));
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      createdAt: now.toISOString(),
      database: {
        kind: dumped.kind,
        file: dumped.file,
        ...(dumped.serverVersion
          ? { serverVersion: dumped.serverVersion, pgDumpVersion: dumped.pgDumpVersion }
          : {}),
      },
      ...dumped.facts,
      files,
      ...(media ? { media } : {}),
    };
    fs.writeFileSync(path.join(tempDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    fs.renameSync(tempDir, finalDir);
    return { dir: finalDir, manifest };
  } catch (error) {
    fs.rmSync(tempDir, { recursive: true, force: true });
    throw error;
  }
}

/** Tables in the database's own schemas (the system's left out): a restore's target must have none. */
async function postgresTableCount(client: pg.Client): Promise<number> {
  const { rows } = await client.query(
    "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
  );
  return Number(rows[0]?.n ?? 0);
}

async function restorePostgres(databaseUrl: string, backupDir: string, manifest: Manifest, force: boolean) {
  const tools = await findTools("pg_restore");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if (!force && (await postgresTableCount(client)) > 0)
      throw new BackupError(
        "the database at DATABASE_URL already has tables: restore into an empty database (or add --force to replace what the backup holds)",
      );
  } finally {
    await client.end();
  }
  const dumpMajor = Number((manifest.database.pgDumpVersion ?? "0").split(".")[0]);
  const pgRestore = pickTool(
    "pg_restore",
    tools,
    dumpMajor,
    `the pg_dump that wrote the backup (${manifest.database.pgDumpVersion})`,
  );
  const { dbname, env } = libpqConnection(databaseUrl);
  await runTool(
    pgRestore.path,
    [
      `--dbname=${dbname}`,
      // the restoring role owns what it creates; the source's roles and grants need not exist here
      "--no-owner",
      "--no-acl",
      "--exit-on-error",
      // all or nothing: a failed restore leaves the database as it was
      "--single-transaction",
      ...(force ? ["--clean", "--if-exists"] : []),
      path.join(backupDir, manifest.database.file),
    ],
    env,
  );
}

async function restorePglite(
  dbDir: string,
  backupDir: string,
  manifest: Manifest,
  force: boolean,
  now: Date,
) {
  assertPgliteFree(dbDir);
  let aside: string | null = null;
  if (fs.existsSync(dbDir) && fs.readdirSync(dbDir).length > 0) {
    if (!force)
      throw new BackupError(
        `${dbDir} already holds a database: restore into an empty DATA_DIR (or add --force to set the old one aside)`,
      );
    aside = `${dbDir}.before-restore-${backupName(now).replace("shop-backup-", "")}`;
    fs.renameSync(dbDir, aside);
  }
  fs.mkdirSync(dbDir, { recursive: true, mode: 0o700 });
  const dump = new Blob([fs.readFileSync(path.join(backupDir, manifest.database.file))]);
  const database = await openDatabase({ databaseUrl: null, dbDir, loadDataDir: dump });
  await database.close();
  return aside;
}

export interface RestoreResult {
  manifest: Manifest;
  /** the backup holds no pictures: where they are (mediaNoteText), else null */
  mediaNote: string | null;
  /** migrations this release applied on top of the backup's */
  migrationsApplied: number;
  counts: Manifest["counts"];
  /** --force on the embedded database: where the replaced database folder was moved */
  setAside: string | null;
}

/**
 * Restores the backup in `backupDir` into the configured database (which must be empty unless
 * `force`) and DATA_DIR: checksums first, then the database, the files, the migrations, and the
 * counts compared with the manifest's.
 */
export async function restoreBackup(
  config: Config,
  backupDir: string,
  options: { force?: boolean; now?: Date } = {},
): Promise<RestoreResult> {
  const dir = path.resolve(backupDir);
  const manifestFile = path.join(dir, MANIFEST_FILE);
  if (!fs.existsSync(manifestFile)) throw new BackupError(`${dir} holds no ${MANIFEST_FILE}: not a backup`);
  const manifest = parseManifest(fs.readFileSync(manifestFile, "utf8"));
  const damaged = await damagedFiles(dir, manifest);
  if (damaged.length > 0)
    throw new BackupError(
      `the backup is damaged (size or checksum differs from its manifest): ${damaged.slice(0, 5).join(", ")}${damaged.length > 5 ? ", …" : ""}; nothing was restored`,
    );
  if (newerThanRelease(manifest.migrations.lastCreatedAt, lastMigrationMillis()))
    throw new BackupError(
      `the backup was made by a newer release (migration ${manifest.migrations.lastTag ?? manifest.migrations.lastCreatedAt}); restore it with that release`,
    );
  const targetKind: DatabaseKind = config.databaseUrl ? "postgres" : "pglite";
  if (manifest.database.kind !== targetKind)
    throw new BackupError(
      manifest.database.kind === "postgres"
        ? "this is a PostgreSQL backup: set DATABASE_URL to the (empty) database to restore it into"
        : "this is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR",
    );
  const force = options.force ?? false;
  let setAside: string | null = null;
  if (config.databaseUrl) await restorePostgres(config.databaseUrl, dir, manifest, force);
  else setAside = await restorePglite(config.dbDir, dir, manifest, force, options.now ?? new Date());

  const filesRoot = path.join(dir, FILES_DIR);
  for (const entry of manifest.files) {
    if (!entry.path.startsWith(`${FILES_DIR}/`)) continue;
    const relative = entry.path.slice(FILES_DIR.length + 1);
    copyKeepingMode(filesRoot, path.resolve(config.dataDir), relative);
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dbDir: config.dbDir, poolSize: 2 });
  try {
    await database.migrate();
    const query: Query = async (text) => (await database.db.execute(text)).rows as Rows;
    const after = await readFacts(query);
    const { counts } = after;
    const expected = manifest.counts;
    if (
      counts.orders !== expected.orders ||
      counts.products !== expected.products ||
      counts.users !== expected.users
    )
      throw new BackupError(
        `the restored database's counts differ from the backup's: ${JSON.stringify(counts)} instead of ${JSON.stringify(expected)}`,
      );
    return {
      manifest,
      mediaNote: manifest.media ? mediaNoteText(manifest.media.location) : null,
      migrationsApplied: after.migrations.count - manifest.migrations.count,
      counts,
      setAside,
    };
  } finally {
    await database.close();
  }
}
