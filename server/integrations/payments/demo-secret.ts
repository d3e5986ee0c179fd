import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../../config";

// The demo bank signs its notifications with a random key kept in DATA_DIR (readable by the shop's
// user only), so a restart keeps the bank pages already open working and nobody can derive the key
// from anything public (it used to be derived from the data folder's path). Several instances on the
// demo bank share it through a shared DATA_DIR; the demo bank is refused with NODE_ENV=production.

export const DEMO_SECRET_FILE = "demo-bank.key";

/** The stored key, created (32 random bytes, mode 0600) on the first call. */
export function storedDemoSecret(dataDir: string): string {
  const file = path.join(dataDir, DEMO_SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    const stored = fs.readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = randomBytes(32).toString("base64url");
  try {
    // "wx": two instances starting at once — the first writes, the second reads what it wrote
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return fs.readFileSync(file, "utf8").trim();
  }
}

/** The config with the demo bank keyed by the stored key (other providers unchanged). */
export function withStoredDemoSecret(config: Config): Config {
  if (config.payments.provider !== "demo") return config;
  return { ...config, payments: { provider: "demo", demoSecret: storedDemoSecret(config.dataDir) } };
}
