import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// What one backup holds (docs/decisions/075-backups.md): manifest.json, the database (PostgreSQL:
// `database.dump`, pg_dump's custom format; the embedded database: `database.tar.gz`, PGlite's
// dumpDataDir) and `files/`, a copy of DATA_DIR without the embedded database's folder. The
// manifest names every file with its size, mode and SHA-256, so a restore checks them all first.

export const MANIFEST_FILE = "manifest.json";
export const MANIFEST_FORMAT = "szyciowo-backup/1";
/** the folder under a backup holding DATA_DIR's files */
export const FILES_DIR = "files";

export type DatabaseKind = "pglite" | "postgres";

export interface ManifestFile {
  /** relative to the backup's folder, with forward slashes */
  path: string;
  bytes: number;
  /** permission bits, e.g. 0o600 for the private complaint photos and keys */
  mode: number;
  sha256: string;
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  createdAt: string;
  database: {
    kind: DatabaseKind;
    /** the dump's path in the backup (also listed in files) */
    file: string;
    /** PostgreSQL only: the server's and pg_dump's versions ("17.5") */
    serverVersion?: string;
    pgDumpVersion?: string;
  };
  /** the migrations applied: how many, and the newest one's journal time and tag */
  migrations: { count: number; lastCreatedAt: number | null; lastTag: string | null };
  /** rows in the backup's snapshot, checked again after a restore */
  counts: { orders: number; products: number; users: number };
  files: ManifestFile[];
  /**
   * MEDIA_STORAGE=s3 (docs/decisions/081): the pictures are not in this backup but in the bucket,
   * kept by the provider's versioning or replication; absent: they are under files/media/
   */
  media?: { storage: "s3"; location: string };
}

export class BackupError extends Error {}

/** The backup's folder name for a time: `shop-backup-2026-11-28T01-30-00Z` (sorts by time, no colons). */
export function backupName(now: Date): string {
  return `shop-backup-${now
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll(":", "-")}`;
}

/** The URL as it may be shown: without its password. */
export function withoutPassword(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = "***";
  return url.toString();
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Size, mode and checksum of `relative` under `root`. */
export async function describeFile(root: string, relative: string): Promise<ManifestFile> {
  const file = path.join(root, relative);
  const stat = fs.statSync(file);
  return {
    path: relative.split(path.sep).join("/"),
    bytes: stat.size,
    mode: stat.mode & 0o777,
    sha256: await sha256OfFile(file),
  };
}

/** Every regular file under `dir`, relative to it, sorted; `skip(relative)` leaves a folder or file out. */
export function filesUnder(dir: string, skip: (relative: string) => boolean = () => false): string[] {
  const out: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? path.join(relative, entry.name) : entry.name;
      if (skip(child)) continue;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) out.push(child);
    }
  };
  if (fs.existsSync(dir)) walk("");
  return out.sort();
}

/** A manifest read from JSON, or a BackupError saying what is wrong with it. */
export function parseManifest(text: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupError("manifest.json is not JSON: not a backup of this shop, or damaged");
  }
  const manifest = value as Partial<Manifest>;
  if (manifest.format !== MANIFEST_FORMAT)
    throw new BackupError(`manifest.json is not a ${MANIFEST_FORMAT} manifest`);
  const kind = manifest.database?.kind;
  if ((kind !== "pglite" && kind !== "postgres") || typeof manifest.database?.file !== "string")
    throw new BackupError("manifest.json names no database dump");
  if (!Array.isArray(manifest.files) || !manifest.counts || !manifest.migrations)
    throw new BackupError("manifest.json lacks its files, counts or migrations");
  for (const file of manifest.files) {
    if (
      typeof file.path !== "string" ||
      file.path.startsWith("/") ||
      file.path.split("/").includes("..") ||
      !/^[0-9a-f]{64}$/.test(file.sha256)
    )
      throw new BackupError(`manifest.json lists a bad file entry: ${JSON.stringify(file.path)}`);
  }
  if (!manifest.files.some((file) => file.path === manifest.database?.file))
    throw new BackupError("manifest.json does not list the database dump's checksum");
  return manifest as Manifest;
}

/**
 * The files of `backupDir` whose size or checksum differs from the manifest's (or that are missing):
 * empty when the backup is whole.
 */
export async function damagedFiles(backupDir: string, manifest: Manifest): Promise<string[]> {
  const damaged: string[] = [];
  for (const entry of manifest.files) {
    const file = path.join(backupDir, ...entry.path.split("/"));
    if (!fs.existsSync(file) || fs.statSync(file).size !== entry.bytes) {
      damaged.push(entry.path);
      continue;
    }
    if ((await sha256OfFile(file)) !== entry.sha256) damaged.push(entry.path);
  }
  return damaged;
}

/**
 * Whether this release can take a backup at migration level `backupLast` (journal time): a backup made
 * by a newer release holds tables this code does not know, so it is refused (restore it with that
 * release). An older one is migrated forward after the restore.
 */
export function newerThanRelease(backupLast: number | null, releaseLast: number): boolean {
  return backupLast !== null && backupLast > releaseLast;
}
