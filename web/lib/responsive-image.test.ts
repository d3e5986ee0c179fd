import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { processImage } from "../../server/areas/gallery/image-processing";
import { renderDemoImages } from "../../server/db/seed/images";
import { IMAGE_VARIANTS, responsiveSource } from "./responsive-image";

const SEED_SRCSET =
  "/media/demo/products/kocyk-1-thumb.webp 300w, /media/demo/products/kocyk-1-medium.webp 600w, /media/demo/products/kocyk-1-large.webp 800w, /media/demo/products/kocyk-1.webp 1200w";

describe("responsiveSource", () => {
  it("gives a seeded picture the srcset of its four WebP widths, from the URL of any of them", () => {
    expect(responsiveSource("/media/demo/products/kocyk-1.webp")).toEqual({
      src: "/media/demo/products/kocyk-1.webp",
      srcSet: SEED_SRCSET,
    });
    // a card passes the thumbnail: it stays the src, the srcset is the same
    expect(responsiveSource("/media/demo/products/kocyk-1-thumb.webp")).toEqual({
      src: "/media/demo/products/kocyk-1-thumb.webp",
      srcSet: SEED_SRCSET,
    });
    expect(responsiveSource("/media/demo/products/kocyk-1-medium.webp").srcSet).toBe(SEED_SRCSET);
    expect(responsiveSource("/media/demo/products/kocyk-1-large.webp").srcSet).toBe(SEED_SRCSET);
  });

  it("reads a gallery upload's base up to its random hex, even when the uploaded name ended in -thumb", () => {
    const base = "/media/gallery/produkty/%C5%82%C4%85ka/kocyk-thumb-0a1b2c3d";
    expect(responsiveSource(`${base}-thumb.webp`).srcSet).toBe(
      `${base}-thumb.webp 300w, ${base}-medium.webp 600w, ${base}-large.webp 800w, ${base}.webp 1200w`,
    );
    expect(responsiveSource(`${base}.webp`).srcSet).toBe(responsiveSource(`${base}-medium.webp`).srcSet);
  });

  it.each([
    ["an external address", "https://cdn.example.com/kocyk.webp"],
    ["a media file that is not WebP", "/media/old/kocyk.jpg"],
    ["a WebP outside the seed's and gallery's folders", "/media/kocyk.webp"],
    ["a gallery name without its random hex", "/media/gallery/produkty/kocyk.webp"],
    ["a query string", "/media/demo/products/kocyk-1.webp?v=2"],
    ["a data URI", "data:image/svg+xml,%3Csvg%3E%3C/svg%3E"],
    ["a path outside /media", "/img/kocyk.webp"],
  ])("keeps a plain src for %s (no variants may exist)", (_name, url) => {
    expect(responsiveSource(url)).toEqual({ src: url });
  });
});

describe("the srcset matches the files the shop writes", () => {
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "responsive-image-"));
  afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

  const candidates = (srcSet: string) =>
    srcSet.split(", ").map((candidate) => {
      const [url = "", width = ""] = candidate.split(" ");
      return { url, width: Number(width.replace(/w$/, "")) };
    });

  it("every candidate of a seeded picture is a file of exactly that width", async () => {
    await renderDemoImages(mediaDir, [
      {
        base: "demo/products/kocyk-1",
        kind: "product",
        label: "Kocyk",
        tint: "rozowy",
        icon: "blanket",
        pattern: 0,
      },
    ]);
    const { srcSet = "" } = responsiveSource("/media/demo/products/kocyk-1.webp");
    const found = [];
    for (const { url, width } of candidates(srcSet)) {
      const file = path.join(mediaDir, url.replace(/^\/media\//, ""));
      found.push({ width, actual: (await sharp(file).metadata()).width });
    }
    expect(found).toEqual(IMAGE_VARIANTS.map((variant) => ({ width: variant.width, actual: variant.width })));
  });

  it("a gallery upload is written at the same suffixes and widths", async () => {
    const photo = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: "#eaa5b8" },
    })
      .jpeg()
      .toBuffer();
    const processed = await processImage(photo, { maxInputPixels: 40_000_000 });
    if (!processed.ok) throw new Error("the test photo was refused");
    const written = processed.image.variants.map(({ suffix, width }) => ({ suffix, width }));
    expect(written.sort((a, b) => a.width - b.width)).toEqual(
      IMAGE_VARIANTS.map(({ suffix, width }) => ({ suffix, width })),
    );
  });
});
