import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { figuresTable, readFigures } from "../server/test/figures";
import { postgresBin } from "./support/cluster";
import { MEDIA_TEMPLATE_ENV } from "./support/instances";

// Before the resilience suite: PostgreSQL must be installed (a clear failure, never a silent skip).
// After it: the table of the figures this run recorded (every test prints its own line as it goes).
// Between: where the first seeded instance leaves the demo pictures for the later ones
// (support/instances.ts, MEDIA_TEMPLATE_ENV).

export default function setup() {
  postgresBin();
  const startedAt = new Date().toISOString();
  const mediaRoot = fs.mkdtempSync(path.join(os.tmpdir(), "shop-resilience-media-"));
  process.env[MEDIA_TEMPLATE_ENV] = path.join(mediaRoot, "media");
  return () => {
    fs.rmSync(mediaRoot, { recursive: true, force: true });
    const figures = readFigures().filter((figure) => figure.at >= startedAt);
    console.log(`\nresilience figures (${figures.length}):\n${figuresTable(figures)}\n`);
  };
}
