import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startShopServer } from "./shop-server";

// Playwright's global setup: one server start seeds the demo shop (migrations, pictures rendered by
// sharp, accounts, parcel lockers: most of a ~20 s start) into a template data folder, then stops and
// closes its database. Every worker's shop starts on a copy of it (e2e/support/test.ts) and finds
// the shop seeded, instead of seeding its own: seven worker starts in a full run, ~15 s each saved.
// The folder's path reaches the workers through the environment; the returned teardown removes it.

export const TEMPLATE_ENV = "E2E_TEMPLATE_DIR";

export default async function seedTemplate(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "shop-e2e-template-"));
  const server = await startShopServer(dir);
  await server.stop();
  await rm(path.join(dir, "server.log"), { force: true });
  process.env[TEMPLATE_ENV] = dir;
  return () => rm(dir, { recursive: true, force: true });
}
