import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  BackupError,
  backupName,
  damagedFiles,
  describeFile,
  filesUnder,
  MANIFEST_FORMAT,
  type Manifest,
  newerThanRelease,
  parseManifest,
  withoutPassword,
} from "./backup-manifest";

// The pure parts of a backup's manifest (docs/decisions/075-backups.md); the whole backup and
// restore on a database: scripts/backup-restore.test.ts.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-manifest-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function manifestOf(files: Manifest["files"]): Manifest {
  return {
    format: MANIFEST_FORMAT,
    createdAt: "2026-11-28T01:30:00.000Z",
    database: { kind: "pglite", file: "database.tar.gz" },
    migrations: { count: 18, lastCreatedAt: 1, lastTag: "0017_shipments" },
    counts: { orders: 2, products: 3, users: 1 },
    files,
  };
}

describe("backup manifest", () => {
  it("names a backup by its UTC time, without colons, sorting by time", () => {
    expect(backupName(new Date("2026-11-28T01:30:05.123Z"))).toBe("shop-backup-2026-11-28T01-30-05Z");
  });

  it("never shows DATABASE_URL's password", () => {
    expect(withoutPassword("postgres://shop:s3cret%21@db.internal:5432/shop?sslmode=require")).toBe(
      "postgres://shop:***@db.internal:5432/shop?sslmode=require",
    );
    expect(withoutPassword("postgres://postgres@127.0.0.1:5432/postgres")).toBe(
      "postgres://postgres@127.0.0.1:5432/postgres",
    );
  });

  it("describes files with size, mode and SHA-256, and finds the damaged ones", async () => {
    fs.mkdirSync(path.join(dir, "files", "media"), { recursive: true });
    fs.writeFileSync(path.join(dir, "database.tar.gz"), "dump");
    fs.writeFileSync(path.join(dir, "files", "media", "a.webp"), "picture", { mode: 0o600 });
    const files = [
      await describeFile(dir, "database.tar.gz"),
      await describeFile(dir, path.join("files", "media", "a.webp")),
    ];
    expect(files[1]).toEqual({
      path: "files/media/a.webp",
      bytes: 7,
      mode: 0o600,
      sha256: createHash("sha256").update("picture").digest("hex"),
    });
    const manifest = manifestOf(files);
    expect(await damagedFiles(dir, manifest)).toEqual([]);
    // same size, other bytes: only the checksum tells
    fs.writeFileSync(path.join(dir, "files", "media", "a.webp"), "PICTURE");
    fs.rmSync(path.join(dir, "database.tar.gz"));
    expect(await damagedFiles(dir, manifest)).toEqual(["database.tar.gz", "files/media/a.webp"]);
  });

  it("lists a folder's files sorted, leaving out what skip names", () => {
    const root = path.join(dir, "list");
    for (const file of ["b.txt", "db/PG_VERSION", "media/x/y.webp", "a.key"]) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), "");
    }
    expect(filesUnder(root, (relative) => relative === "db")).toEqual([
      "a.key",
      "b.txt",
      path.join("media", "x", "y.webp"),
    ]);
    expect(filesUnder(path.join(dir, "missing"))).toEqual([]);
  });

  it("reads a manifest back, refusing what is not one or points outside the backup", () => {
    const good = manifestOf([{ path: "database.tar.gz", bytes: 4, mode: 0o600, sha256: "a".repeat(64) }]);
    expect(parseManifest(JSON.stringify(good))).toEqual(good);
    expect(() => parseManifest("{")).toThrow(BackupError);
    expect(() => parseManifest(JSON.stringify({ ...good, format: "other/1" }))).toThrow(
      /not a szyciowo-backup\/1/,
    );
    const escaping = {
      ...good,
      files: [
        ...good.files,
        { path: "files/../../etc/passwd", bytes: 1, mode: 0o600, sha256: "b".repeat(64) },
      ],
    };
    expect(() => parseManifest(JSON.stringify(escaping))).toThrow(/bad file entry/);
    expect(() => parseManifest(JSON.stringify({ ...good, files: [] }))).toThrow(/database dump's checksum/);
  });

  it("refuses only a backup from a newer release (an older one migrates forward)", () => {
    expect(newerThanRelease(200, 100)).toBe(true);
    expect(newerThanRelease(100, 100)).toBe(false);
    expect(newerThanRelease(50, 100)).toBe(false);
    expect(newerThanRelease(null, 100)).toBe(false);
  });
});
