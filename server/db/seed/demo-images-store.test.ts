import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { kitForFile } from "../../test/kit-for-file";
import { startS3Server } from "../../test/s3-server";
import { testConfig } from "../../test/test-config";
import { demoImageKeys, storeDemoImages } from "./demo-images-store";
import { slideImageSpecs } from "./plan";

// With MEDIA_STORAGE=s3 the demo seed uploads the pictures the bucket lacks (docs/decisions/081): on an
// empty bucket all of them; on a full one nothing, and nothing is drawn.

const s3 = kitForFile(startS3Server);
const dirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "demo-images-s3-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("storeDemoImages in a bucket", () => {
  it("uploads the demo pictures an empty bucket lacks, then a second instance uploads and draws nothing", async () => {
    const specs = slideImageSpecs().slice(0, 2);
    const first = await storeDemoImages(testConfig({ ...s3.env, DATA_DIR: dataDir() }), specs);
    expect(first.written).toBe(8);
    expect(await s3.keys("demo/")).toEqual(specs.flatMap(demoImageKeys).sort());

    const otherDir = dataDir();
    const second = await storeDemoImages(testConfig({ ...s3.env, DATA_DIR: otherDir }), specs);
    expect(second).toMatchObject({ written: 0, skipped: 8 });
    expect(fs.existsSync(path.join(otherDir, "media", "demo"))).toBe(false);
  });
});
