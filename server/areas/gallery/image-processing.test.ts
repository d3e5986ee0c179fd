import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pngBomb } from "./gallery.fixtures";
import { processImage } from "./image-processing";

// The image checks by content (no binary fixtures: every image is made here with sharp).

const LIMITS = { maxInputPixels: 40_000_000 };

function png(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: "#e8a0b0" } })
    .png()
    .toBuffer();
}

describe("processImage", () => {
  it("re-encodes a PNG to WebP at 1200, 800, 600 and 300 px keeping the aspect", async () => {
    const result = await processImage(await png(2400, 1200), LIMITS);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.image.format).toBe("png");
    expect(result.image.variants.map((v) => [v.suffix, v.width, v.height])).toEqual([
      ["", 1200, 600],
      ["-large", 800, 400],
      ["-medium", 600, 300],
      ["-thumb", 300, 150],
    ]);
    for (const variant of result.image.variants) {
      expect((await sharp(variant.data).metadata()).format).toBe("webp");
    }
  });

  it("never enlarges a small image", async () => {
    const result = await processImage(await png(400, 200), LIMITS);
    if (!result.ok) throw new Error("refused");
    expect(result.image.variants.map((v) => v.width)).toEqual([400, 400, 400, 300]);
  });

  it("turns a JPEG upright by its EXIF orientation and strips the metadata", async () => {
    const jpeg = await sharp({ create: { width: 800, height: 400, channels: 3, background: "#336699" } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "Tajne GPS" } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const result = await processImage(jpeg, LIMITS);
    if (!result.ok) throw new Error("refused");
    // orientation 6 = rotated 90°: the upright picture is 400 × 800
    expect([result.image.width, result.image.height]).toEqual([400, 800]);
    for (const variant of result.image.variants) {
      const metadata = await sharp(variant.data).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
    }
  });

  it("refuses a text file whatever its name", async () => {
    const result = await processImage(Buffer.from("<?php echo 'not an image'; ?>"), LIMITS);
    expect(result).toEqual({ ok: false, failure: { reason: "not-an-image" } });
  });

  it("refuses a format outside the list (SVG) and a truncated image", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect((await processImage(svg, LIMITS)).ok).toBe(false);
    const whole = await png(300, 300);
    expect((await processImage(whole.subarray(0, 60), LIMITS)).ok).toBe(false);
  });

  it("refuses a 20000×20000 image bomb from its header, quickly", async () => {
    const started = Date.now();
    const result = await processImage(pngBomb(20_000, 20_000), LIMITS);
    expect(result).toEqual({
      ok: false,
      failure: { reason: "too-many-pixels", width: 20_000, height: 20_000 },
    });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
