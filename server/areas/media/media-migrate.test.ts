import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { kitForFile } from "../../test/kit-for-file";
import { startS3Server } from "../../test/s3-server";
import { createLocalMediaStorage } from "./local-media-storage";
import { copyMedia } from "./media-migrate";
import { readMedia } from "./media-storage";

// npm run media:migrate (docs/decisions/081): a local media folder copied into the bucket, objects
// already there with the same size skipped (a second run copies nothing), files that are not media left.

const s3 = kitForFile(startS3Server);
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "media-migrate-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const FILES: Record<string, string> = {
  "gallery/produkty/Łąka/kocyk-0a1b2c3d.webp": "kocyk",
  "gallery/produkty/Łąka/kocyk-0a1b2c3d-thumb.webp": "mały kocyk",
  "demo/products/kocyk_minky-1.webp": "demo",
  // not media: a half-written upload and a desktop's file (hidden: never listed), a note (counted)
  "gallery/produkty/.kocyk-0a1b2c3d.webp.tmp-1234abcd": "pół",
  "gallery/.DS_Store": "x",
  "notatki.txt": "notatka",
};

function write(files: Record<string, string>) {
  for (const [key, text] of Object.entries(files)) {
    fs.mkdirSync(path.join(folder, path.dirname(key)), { recursive: true });
    fs.writeFileSync(path.join(folder, key), text);
  }
}

describe("copyMedia into a bucket", () => {
  it("copies the media once: a dry run writes nothing, a second run copies nothing, a new file alone", async () => {
    write(FILES);
    const local = createLocalMediaStorage(folder);
    const dry = await copyMedia(local, s3.storage, { dryRun: true });
    expect(dry).toMatchObject({ copied: 3, skipped: 0 });
    expect(await s3.keys()).toEqual([]);

    const first = await copyMedia(local, s3.storage);
    expect(first).toEqual({
      copied: 3,
      skipped: 0,
      ignored: 1,
      bytes: Buffer.byteLength("kocykmały kocykdemo"),
    });
    expect(await s3.keys()).toEqual(
      [
        "demo/products/kocyk_minky-1.webp",
        "gallery/produkty/Łąka/kocyk-0a1b2c3d-thumb.webp",
        "gallery/produkty/Łąka/kocyk-0a1b2c3d.webp",
      ].sort(),
    );
    expect((await readMedia(s3.storage, "gallery/produkty/Łąka/kocyk-0a1b2c3d.webp"))?.toString()).toBe(
      "kocyk",
    );
    const head = await s3.storage.head("demo/products/kocyk_minky-1.webp");
    expect(head?.contentType).toBe("image/webp");

    write({ "gallery/nowe/igla-deadbeef.webp": "igła" });
    expect(await copyMedia(local, s3.storage)).toMatchObject({ copied: 1, skipped: 3 });
  });

  it("npm run media:migrate: a second run reports nothing copied, and no secret", async () => {
    const run = (env: Record<string, string>) =>
      promisify(execFile)(
        process.execPath,
        ["--import", "tsx", "scripts/media-migrate.ts", "--from", folder],
        {
          env: { ...process.env, DATA_DIR: folder, ...env },
        },
      );
    const again = await run(s3.env);
    expect(again.stdout).toMatch(/copied 0 files \(0\.0 MB\), 4 already there, 1 not media/);
    expect(again.stdout).not.toContain(s3.env.S3_SECRET_ACCESS_KEY);
  }, 60_000);
});
