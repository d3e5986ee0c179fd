import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { recordFigure } from "../../test/figures";
import { createLocalMediaStorage } from "../media/local-media-storage";
import { backfillImageVariants } from "./variant-backfill";

// Pictures written before the 800 px variant existed (three files each) get the missing file at
// start-up, made from their main file; pictures that have it, and variant files, are left alone.

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "variant-backfill-"));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

async function writePicture(base: string, width: number, height: number, suffixes: string[]): Promise<void> {
  fs.mkdirSync(path.dirname(base), { recursive: true });
  const main = await sharp({ create: { width, height, channels: 3, background: "#eaa5b8" } })
    .webp()
    .toBuffer();
  fs.writeFileSync(`${base}.webp`, main);
  for (const suffix of suffixes) fs.writeFileSync(`${base}${suffix}.webp`, main);
}

describe("backfillImageVariants", () => {
  it("writes the 800 px file an older upload and an older demo picture lack, once", async () => {
    const upload = path.join(mediaDir, "gallery", "produkty", "kocyk-0a1b2c3d");
    const demo = path.join(mediaDir, "demo", "products", "kocyk_minky-1");
    const small = path.join(mediaDir, "gallery", "produkty", "maly-0f0f0f0f");
    await writePicture(upload, 1200, 900, ["-medium", "-thumb"]);
    await writePicture(demo, 1200, 1200, ["-medium", "-thumb"]);
    // a picture narrower than 800 px is never enlarged
    await writePicture(small, 500, 500, ["-medium", "-thumb"]);
    // a picture that has every file is left alone
    const complete = path.join(mediaDir, "gallery", "produkty", "pelny-12345678");
    await writePicture(complete, 1200, 600, ["-large", "-medium", "-thumb"]);
    const completeLarge = fs.statSync(`${complete}-large.webp`).mtimeMs;

    const first = await backfillImageVariants(createLocalMediaStorage(mediaDir));
    expect(first).toEqual({ written: 3, failed: 0 });
    expect((await sharp(`${upload}-large.webp`).metadata()).width).toBe(800);
    expect((await sharp(`${upload}-large.webp`).metadata()).height).toBe(600);
    expect((await sharp(`${demo}-large.webp`).metadata()).width).toBe(800);
    expect((await sharp(`${small}-large.webp`).metadata()).width).toBe(500);
    expect(fs.statSync(`${complete}-large.webp`).mtimeMs).toBe(completeLarge);
    // variant files are never taken for pictures of their own ("…-medium-large.webp")
    const all = fs.readdirSync(mediaDir, { recursive: true }).map(String);
    expect(all.filter((file) => /-(?:large|medium|thumb)-(?:large|medium|thumb)\.webp$/.test(file))).toEqual(
      [],
    );
    expect(all.filter((file) => file.includes(".tmp"))).toEqual([]);

    expect(await backfillImageVariants(createLocalMediaStorage(mediaDir))).toEqual({ written: 0, failed: 0 });
    recordFigure({
      suite: "images",
      tried: "start-up backfill of the 800 px variant (2 uploads, 1 demo picture lacking it, 1 complete)",
      result: `first run wrote ${first.written}, second run wrote 0`,
      held: true,
    });
  });

  it("counts an unreadable main file as failed and goes on", async () => {
    const broken = path.join(mediaDir, "gallery", "zepsute", "plik-deadbeef");
    fs.mkdirSync(path.dirname(broken), { recursive: true });
    fs.writeFileSync(`${broken}.webp`, "not a picture");
    expect(await backfillImageVariants(createLocalMediaStorage(mediaDir))).toEqual({ written: 0, failed: 3 });
    expect(fs.existsSync(`${broken}-large.webp`)).toBe(false);
  });
});
