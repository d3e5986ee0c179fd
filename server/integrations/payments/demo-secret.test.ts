import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testConfig } from "../../test/test-config";
import { DEMO_SECRET_FILE, storedDemoSecret, withStoredDemoSecret } from "./demo-secret";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "shop-demo-secret-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("the demo bank's stored key", () => {
  it("is random, kept readable by the shop's user only, and the same after a restart", () => {
    const dataDir = path.join(tmp, "a");
    const first = storedDemoSecret(dataDir);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first).not.toContain(dataDir);
    expect(fs.statSync(path.join(dataDir, DEMO_SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(storedDemoSecret(dataDir)).toBe(first);
    // another shop's data folder gets another key
    expect(storedDemoSecret(path.join(tmp, "b"))).not.toBe(first);
  });

  it("replaces the process's key in the config of the demo bank only", () => {
    const dataDir = path.join(tmp, "c");
    const config = withStoredDemoSecret(testConfig({ DATA_DIR: dataDir }));
    expect(config.payments).toEqual({ provider: "demo", demoSecret: storedDemoSecret(dataDir) });
    const paynow = testConfig({
      DATA_DIR: dataDir,
      PAYMENT_PROVIDER: "paynow",
      PAYNOW_API_KEY: "k",
      PAYNOW_SIGNATURE_KEY: "s",
    });
    expect(withStoredDemoSecret(paynow)).toBe(paynow);
  });
});
