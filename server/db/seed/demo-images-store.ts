import fs from "node:fs/promises";
import path from "node:path";
import { createMediaStorage } from "../../areas/media/create-media-storage";
import type { MediaStorage } from "../../areas/media/media-storage";
import type { Config } from "../../config";
import { type ImageSpec, type RenderResult, renderDemoImages } from "./images";

// The demo pictures where the shop serves its media from (docs/decisions/081). On the disk they are
// drawn into DATA_DIR/media as before. With MEDIA_STORAGE=s3 the bucket is asked once what it holds
// under demo/; the pictures it lacks are drawn into DATA_DIR/media (a local working copy, files
// already there kept) and uploaded, so `MEDIA_STORAGE=s3 npm start` on an empty bucket shows pictures
// and a second instance on a full bucket draws nothing.

const SUFFIXES = ["", "-large", "-medium", "-thumb"] as const;

/** The four media keys of a demo picture ("demo/products/x.webp", "…-large.webp", …). */
export function demoImageKeys(spec: Pick<ImageSpec, "base">): string[] {
  return SUFFIXES.map((suffix) => `${spec.base}${suffix}.webp`);
}

/** Draws (local) or uploads (s3) the demo pictures missing; `written`: files written or objects uploaded. */
export async function storeDemoImages(config: Config, specs: readonly ImageSpec[]): Promise<RenderResult> {
  if (config.mediaStorage.kind === "local") return renderDemoImages(config.mediaDir, specs);
  const started = performance.now();
  const storage = createMediaStorage(config);
  try {
    return await uploadMissing(config, storage, specs, started);
  } finally {
    storage.close();
  }
}

async function uploadMissing(
  config: Config,
  storage: MediaStorage,
  specs: readonly ImageSpec[],
  started: number,
): Promise<RenderResult> {
  const present = new Set<string>();
  for await (const entry of storage.list("demo/")) present.add(entry.key);
  const missing = specs.filter((spec) => demoImageKeys(spec).some((key) => !present.has(key)));
  if (missing.length > 0) await renderDemoImages(config.mediaDir, missing);
  let written = 0;
  const keys = missing.flatMap(demoImageKeys).filter((key) => !present.has(key));
  const upload = async () => {
    for (let key = keys.shift(); key; key = keys.shift()) {
      const data = await fs.readFile(path.join(config.mediaDir, ...key.split("/")));
      await storage.put(key, data, "image/webp");
      written += 1;
    }
  };
  await Promise.all(Array.from({ length: 4 }, upload));
  return {
    written,
    skipped: specs.length * SUFFIXES.length - written,
    ms: Math.round(performance.now() - started),
  };
}
