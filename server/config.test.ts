import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ConfigError,
  configWarnings,
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  loadConfig,
  SETTING_NAMES,
} from "./config";
import { PRODUCTION_READY } from "./test/production-env";
import { testConfig } from "./test/test-config";

describe("loadConfig", () => {
  it("has working defaults for a fresh machine", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("0.0.0.0");
    expect(config.dataDir).toBe(path.resolve("./data"));
    expect(config.dbDir).toBe(path.resolve("./data/db"));
    expect(config.mediaDir).toBe(path.resolve("./data/media"));
    expect(config.outboxDir).toBe(path.resolve("./data/outbox"));
    expect(config.databaseUrl).toBeNull();
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.admin).toEqual({ email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD, isDemo: true });
    expect(config.passwordCost).toBe("standard");
  });

  it("reads PORT, HOST, DATA_DIR and DATABASE_URL", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/tmp/shop",
      DATABASE_URL: "postgres://shop:secret@db.local:5432/shop",
    });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe("http://127.0.0.1:8080");
    expect(config.mediaDir).toBe("/tmp/shop/media");
    expect(config.databaseUrl).toBe("postgres://shop:secret@db.local:5432/shop");
  });

  it("names the shop in its e-mails by SHOP_NAME, the sender too unless MAIL_FROM is set", () => {
    expect(loadConfig({})).toMatchObject({ shopName: "Szyciowo", mailFrom: "Szyciowo <sklep@example.com>" });
    expect(loadConfig({ SHOP_NAME: "Igła, nitka" })).toMatchObject({
      shopName: "Igła, nitka",
      mailFrom: '"Igła, nitka" <sklep@example.com>',
    });
    expect(loadConfig({ SHOP_NAME: "Igła", MAIL_FROM: "Sklep <a@b.pl>" }).mailFrom).toBe("Sklep <a@b.pl>");
  });

  it("tells the shop of paid orders and low stock at SHOP_NOTIFY_EMAIL, nowhere unless set (issue 29)", () => {
    expect(loadConfig({}).shopNotifyEmail).toBeNull();
    expect(loadConfig({ SHOP_NOTIFY_EMAIL: "zamowienia@sklep.pl" }).shopNotifyEmail).toBe(
      "zamowienia@sklep.pl",
    );
    expect(() => loadConfig({ SHOP_NOTIFY_EMAIL: "nie-adres" })).toThrow(/SHOP_NOTIFY_EMAIL/);
  });

  it("reads GA4 measurement ids as a list", () => {
    expect(loadConfig({}).gaMeasurementIds).toEqual([]);
    expect(loadConfig({ GA_MEASUREMENT_IDS: "G-ABC123, G-XYZ789" }).gaMeasurementIds).toEqual([
      "G-ABC123",
      "G-XYZ789",
    ]);
  });

  it.each([
    [undefined, false],
    ["false", false],
    ["true", true],
    ["1", 1],
    ["10.0.0.0/8,127.0.0.1", "10.0.0.0/8,127.0.0.1"],
  ])("TRUST_PROXY=%s → %j", (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" }).databaseUrl).toBeNull();
  });

  it.each([
    [{ DATABASE_URL: "not a url" }, /DATABASE_URL must be a URL like postgres:\/\//],
    [{ DATABASE_URL: "mysql://localhost/shop" }, /DATABASE_URL/],
    [{ PORT: "seventy" }, /PORT/],
    [{ PORT: "70000" }, /PORT/],
    [{ ADMIN_EMAIL: "admin" }, /ADMIN_EMAIL/],
    [{ ADMIN_PASSWORD: "short" }, /ADMIN_PASSWORD/],
    [{ NODE_ENV: "staging" }, /NODE_ENV/],
    [{ GA_MEASUREMENT_IDS: "UA-1234" }, /GA_MEASUREMENT_IDS/],
  ])("refuses %j with one clear line", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("refuses the demo staff login in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/non-demo values/);
    expect(() =>
      loadConfig({
        NODE_ENV: "production",
        ADMIN_EMAIL: "owner@shop.pl",
        ADMIN_PASSWORD: DEMO_ADMIN_PASSWORD,
      }),
    ).toThrow(/non-demo values/);
    const config = loadConfig({ ...PRODUCTION_READY });
    expect(config.admin.isDemo).toBe(false);
    expect(config.seller).toMatchObject({
      name: "Szyjemy sp. z o.o.",
      address: ["ul. Igły 2", "30-001 Kraków"],
      isDemo: false,
    });
  });

  it("names the seller as the manufacturer of its own goods, reached at SELLER_CONTACT or the shop's address (GPSR)", () => {
    expect(loadConfig({ ...PRODUCTION_READY }).ownManufacturer).toEqual({
      name: "Szyjemy sp. z o.o.",
      address: "ul. Igły 2, 30-001 Kraków",
      contact: loadConfig({ ...PRODUCTION_READY }).publicUrl,
    });
    expect(
      loadConfig({ ...PRODUCTION_READY, SELLER_CONTACT: "sklep@szyjemy.pl" }).ownManufacturer.contact,
    ).toBe("sklep@szyjemy.pl");
    expect(() => loadConfig({ SELLER_CONTACT: "not an address" })).toThrow(/SELLER_CONTACT/);
  });

  it("sends withdrawn goods to RETURN_ADDRESS, else to the seller's name and address (issue 27)", () => {
    expect(loadConfig({ ...PRODUCTION_READY }).returnAddress).toEqual([
      "Szyjemy sp. z o.o.",
      "ul. Igły 2",
      "30-001 Kraków",
    ]);
    expect(loadConfig({}).returnAddress[0]).toBe("Pracownia Szycia (dane demonstracyjne)");
    expect(
      loadConfig({ ...PRODUCTION_READY, RETURN_ADDRESS: "Magazyn zwrotów, ul. Nitki 5, 31-002 Kraków" })
        .returnAddress,
    ).toEqual(["Magazyn zwrotów", "ul. Nitki 5", "31-002 Kraków"]);
  });

  it.each([
    [{}, []],
    [{ DATABASE_URL: "postgres://shop@localhost:5432/shop" }, []],
    [{ NODE_ENV: "production", DATABASE_URL: "postgres://shop@localhost:5432/shop" }, []],
    [
      { NODE_ENV: "production" },
      [/^NODE_ENV=production on the embedded database .*never flushes to disk.*DATABASE_URL/],
    ],
  ])("warns at start-up about %j: %j", (env, expected) => {
    const warnings = configWarnings(loadConfig({ ...PRODUCTION_READY, NODE_ENV: "development", ...env }));
    expect(warnings).toHaveLength(expected.length);
    for (const [index, pattern] of expected.entries()) expect(warnings[index]).toMatch(pattern);
  });

  it("refuses a common ADMIN_PASSWORD or one over 128 characters in production", () => {
    expect(() => loadConfig({ ...PRODUCTION_READY, ADMIN_PASSWORD: "sklep2026" })).toThrow(
      /ADMIN_PASSWORD is a common password/,
    );
    expect(() => loadConfig({ ...PRODUCTION_READY, ADMIN_PASSWORD: "password1" })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_PASSWORD: "x".repeat(129) })).toThrow(/ADMIN_PASSWORD/);
    expect(loadConfig({ ...PRODUCTION_READY }).admin.password).toBe("a-long-secret");
  });

  it("never seeds the demo shop in production: off by default there, SEED_DEMO=true refused", () => {
    expect(loadConfig({ ...PRODUCTION_READY }).seedDemo).toBe(false);
    expect(loadConfig({ ...PRODUCTION_READY, SEED_DEMO: "false" }).seedDemo).toBe(false);
    expect(() => loadConfig({ ...PRODUCTION_READY, SEED_DEMO: "true" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PRODUCTION_READY, SEED_DEMO: "true" })).toThrow(
      /^Invalid configuration: SEED_DEMO=true creates demo accounts/,
    );
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("keys the demo bank with a random secret, never one derived from the settings", () => {
    const one = loadConfig({ DATA_DIR: "/tmp/shop-data" });
    const two = loadConfig({ DATA_DIR: "/tmp/shop-data" });
    if (one.payments.provider !== "demo" || two.payments.provider !== "demo") throw new Error("demo");
    expect(one.payments.demoSecret).not.toBe(two.payments.demoSecret);
    expect(one.payments.demoSecret).not.toContain("/tmp/shop-data");
    expect(one.payments.demoSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("refuses the demo bank and the demo seller in production; Paynow needs both keys", () => {
    expect(() => loadConfig({ ...PRODUCTION_READY, PAYMENT_PROVIDER: "demo" })).toThrow(
      /PAYMENT_PROVIDER=demo/,
    );
    expect(() => loadConfig({ ...PRODUCTION_READY, SELLER_NIP: undefined })).toThrow(
      /SELLER_NAME, SELLER_NIP/,
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: "paynow", PAYNOW_API_KEY: "k" })).toThrow(
      /PAYNOW_SIGNATURE_KEY/,
    );
    expect(loadConfig({}).payments.provider).toBe("demo");
    expect(loadConfig({}).seller.isDemo).toBe(true);
    expect(loadConfig({ ORDER_PAYMENT_TIMEOUT_MINUTES: "15" }).orderPaymentTimeoutMinutes).toBe(15);
  });

  it("points KSeF at KSEF_API_URL for a Ministry environment, never for off or the in-process simulator", () => {
    expect(loadConfig({}).ksef.apiUrl).toBeNull();
    const test = { KSEF_ENV: "test", KSEF_TOKEN: "t", KSEF_API_URL: "http://127.0.0.1:9999/api/v2" };
    expect(loadConfig(test).ksef.apiUrl).toBe("http://127.0.0.1:9999/api/v2");
    expect(
      loadConfig({ KSEF_ENV: "local", KSEF_API_URL: "http://127.0.0.1:9999/api/v2" }).ksef.apiUrl,
    ).toBeNull();
    expect(() => loadConfig({ ...test, KSEF_API_URL: "not a url" })).toThrow(/KSEF_API_URL/);
  });

  it("ships through the demo carrier unless InPost ShipX's token and organization are both set (issue 29)", () => {
    expect(loadConfig({}).shipping).toEqual({
      carrier: "demo",
      shipx: null,
      sender: {
        name: "Pracownia Szycia (dane demonstracyjne)",
        street: "ul. Krawiecka",
        buildingNumber: "1",
        city: "Warszawa",
        postCode: "00-001",
        phone: null,
        email: null,
      },
      webhookSecret: null,
    });
    const inpost = loadConfig({
      ...PRODUCTION_READY,
      INPOST_SHIPX_TOKEN: "eyJhbGciOi.token",
      INPOST_ORGANIZATION_ID: "12345",
      INPOST_SHIPX_URL: "https://api-shipx-pl.easypack24.net/",
      INPOST_WEBHOOK_SECRET: "a".repeat(32),
    }).shipping;
    expect(inpost).toMatchObject({
      carrier: "inpost",
      shipx: {
        apiUrl: "https://api-shipx-pl.easypack24.net",
        token: "eyJhbGciOi.token",
        organizationId: "12345",
      },
      sender: {
        name: "Szyjemy sp. z o.o.",
        street: "ul. Igły",
        buildingNumber: "2",
        city: "Kraków",
        postCode: "30-001",
      },
      webhookSecret: "a".repeat(32),
    });
    expect(loadConfig({ INPOST_SHIPX_TOKEN: "t", INPOST_ORGANIZATION_ID: "1" }).shipping.shipx?.apiUrl).toBe(
      "https://sandbox-api-shipx-pl.easypack24.net",
    );
  });

  it.each([
    [{ INPOST_SHIPX_TOKEN: "t" }, /^Invalid configuration: INPOST_SHIPX_TOKEN needs INPOST_ORGANIZATION_ID/],
    [
      { INPOST_ORGANIZATION_ID: "1" },
      /^Invalid configuration: INPOST_ORGANIZATION_ID needs INPOST_SHIPX_TOKEN/,
    ],
    [{ INPOST_WEBHOOK_SECRET: "a".repeat(32) }, /INPOST_WEBHOOK_SECRET is for ShipX webhooks/],
    [{ INPOST_SHIPX_TOKEN: "t", INPOST_ORGANIZATION_ID: "org" }, /INPOST_ORGANIZATION_ID must be/],
    [
      { INPOST_SHIPX_TOKEN: "t", INPOST_ORGANIZATION_ID: "1", INPOST_WEBHOOK_SECRET: "short" },
      /INPOST_WEBHOOK_SECRET/,
    ],
    [{ INPOST_SHIPX_URL: "ftp://shipx.example" }, /INPOST_SHIPX_URL/],
    [{ SHIPPING_SENDER_POST_CODE: "30001" }, /SHIPPING_SENDER_POST_CODE must be a Polish post code/],
    [{ SHIPPING_SENDER_PHONE: "call me" }, /SHIPPING_SENDER_PHONE/],
    [{ SHIPPING_SENDER_EMAIL: "nobody" }, /SHIPPING_SENDER_EMAIL/],
    [
      { INPOST_SHIPX_TOKEN: "t", INPOST_ORGANIZATION_ID: "1", SELLER_ADDRESS: "Rynek Główny, Kraków" },
      /sender's address could not be read from SELLER_ADDRESS; set SHIPPING_SENDER_STREET, SHIPPING_SENDER_BUILDING, SHIPPING_SENDER_CITY, SHIPPING_SENDER_POST_CODE$/,
    ],
  ])("refuses the shipping settings %j with one clear line", (env, message) => {
    const settings = { ...PRODUCTION_READY, NODE_ENV: "development", ...env };
    expect(() => loadConfig(settings)).toThrow(ConfigError);
    expect(() => loadConfig(settings)).toThrow(message);
  });

  it("takes the sender's fields from SHIPPING_SENDER_*, each unset one from the seller", () => {
    const sender = loadConfig({
      ...PRODUCTION_READY,
      INPOST_SHIPX_TOKEN: "t",
      INPOST_ORGANIZATION_ID: "1",
      SELLER_ADDRESS: "Rynek Główny, Kraków",
      SHIPPING_SENDER_NAME: "Pracownia Igła",
      SHIPPING_SENDER_STREET: "Rynek Główny",
      SHIPPING_SENDER_BUILDING: "12/4",
      SHIPPING_SENDER_POST_CODE: "31-042",
      SHIPPING_SENDER_CITY: "Kraków",
      SHIPPING_SENDER_PHONE: "+48 500 600 700",
      SHIPPING_SENDER_EMAIL: "wysylka@szyjemy.pl",
    }).shipping.sender;
    expect(sender).toEqual({
      name: "Pracownia Igła",
      street: "Rynek Główny",
      buildingNumber: "12/4",
      city: "Kraków",
      postCode: "31-042",
      phone: "+48 500 600 700",
      email: "wysylka@szyjemy.pl",
    });
    expect(
      loadConfig({
        ...PRODUCTION_READY,
        SELLER_ADDRESS: "ul. 3 Maja 12A, 30-001 Kraków",
        SHIPPING_SENDER_CITY: "Wieliczka",
      }).shipping.sender,
    ).toMatchObject({ street: "ul. 3 Maja", buildingNumber: "12A", postCode: "30-001", city: "Wieliczka" });
  });

  it("warns when production ships through ShipX's sandbox", () => {
    const shipx = { ...PRODUCTION_READY, DATABASE_URL: "postgres://shop@localhost:5432/shop" };
    const sandbox = configWarnings(
      loadConfig({ ...shipx, INPOST_SHIPX_TOKEN: "t", INPOST_ORGANIZATION_ID: "1" }),
    );
    expect(sandbox).toEqual([expect.stringMatching(/^NODE_ENV=production with InPost's ShipX sandbox/)]);
    const real = {
      INPOST_SHIPX_TOKEN: "t",
      INPOST_ORGANIZATION_ID: "1",
      INPOST_SHIPX_URL: "https://api-shipx-pl.easypack24.net",
    };
    expect(configWarnings(loadConfig({ ...shipx, ...real }))).toEqual([]);
  });

  it("hashes passwords at the standard cost unless told quick, which production refuses", () => {
    expect(loadConfig({}).passwordCost).toBe("standard");
    expect(loadConfig({ PASSWORD_HASH_COST: "standard" }).passwordCost).toBe("standard");
    expect(loadConfig({ PASSWORD_HASH_COST: "quick" }).passwordCost).toBe("quick");
    expect(loadConfig({ NODE_ENV: "test", PASSWORD_HASH_COST: "quick" }).passwordCost).toBe("quick");
    expect(loadConfig({ ...PRODUCTION_READY }).passwordCost).toBe("standard");
    expect(loadConfig({ ...PRODUCTION_READY, PASSWORD_HASH_COST: "standard" }).passwordCost).toBe("standard");
    expect(() => loadConfig({ ...PRODUCTION_READY, PASSWORD_HASH_COST: "quick" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PRODUCTION_READY, PASSWORD_HASH_COST: "quick" })).toThrow(
      /^Invalid configuration: PASSWORD_HASH_COST=quick .* for test runs only; unset it or set PASSWORD_HASH_COST=standard when NODE_ENV=production$/,
    );
    expect(() => loadConfig({ PASSWORD_HASH_COST: "cheap" })).toThrow(/PASSWORD_HASH_COST/);
  });

  it("gives the tests' config (server/test/test-config.ts) the quick cost and their own settings", () => {
    expect(testConfig()).toMatchObject({ passwordCost: "quick", env: "development" });
    expect(testConfig({ DATA_DIR: "/tmp/shop-test", PORT: "8080" })).toMatchObject({
      passwordCost: "quick",
      dataDir: path.resolve("/tmp/shop-test"),
      port: 8080,
    });
    expect(testConfig({ PASSWORD_HASH_COST: "standard" }).passwordCost).toBe("standard");
  });
  it("bounds the graceful shutdown and keeps /metrics closed without METRICS_TOKEN (ADR 071)", () => {
    expect(loadConfig({})).toMatchObject({ shutdown: { delayMs: 0, graceMs: 10_000 }, metricsToken: null });
    expect(
      loadConfig({
        SHUTDOWN_GRACE_SECONDS: "2.5",
        SHUTDOWN_DELAY_SECONDS: "5",
        METRICS_TOKEN: "  scrape-me-please-0123  ",
      }),
    ).toMatchObject({ shutdown: { delayMs: 5_000, graceMs: 2_500 }, metricsToken: "scrape-me-please-0123" });
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: "601" })).toThrow(/SHUTDOWN_GRACE_SECONDS/);
    expect(() => loadConfig({ SHUTDOWN_DELAY_SECONDS: "-1" })).toThrow(/SHUTDOWN_DELAY_SECONDS/);
    // a guessable token is refused: the metrics name the shop's traffic and order counts
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
  });

  it("keeps media in DATA_DIR/media unless MEDIA_STORAGE=s3, which needs a bucket and both keys (ADR 081)", () => {
    expect(loadConfig({}).mediaStorage).toEqual({ kind: "local" });
    const s3 = {
      MEDIA_STORAGE: "s3",
      S3_BUCKET: "sklep-media",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "sekret/klucz+1",
    };
    expect(loadConfig(s3).mediaStorage).toEqual({
      kind: "s3",
      endpoint: null,
      bucket: "sklep-media",
      region: "us-east-1",
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "sekret/klucz+1",
      forcePathStyle: false,
      prefix: "",
    });
    expect(
      loadConfig({
        ...s3,
        S3_ENDPOINT: "https://konto.r2.cloudflarestorage.com/",
        S3_REGION: "auto",
        S3_FORCE_PATH_STYLE: "true",
        S3_PREFIX: "/szyciowo/media/",
      }).mediaStorage,
    ).toMatchObject({
      endpoint: "https://konto.r2.cloudflarestorage.com",
      region: "auto",
      forcePathStyle: true,
      prefix: "szyciowo/media/",
    });
    expect(() => loadConfig({ MEDIA_STORAGE: "s3", S3_BUCKET: "sklep-media" })).toThrow(
      "Invalid configuration: MEDIA_STORAGE=s3 needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for anything but AWS S3: R2, B2, MinIO)",
    );
    expect(() => loadConfig({ ...s3, S3_BUCKET: undefined })).toThrow(/needs S3_BUCKET/);
    expect(() => loadConfig({ MEDIA_STORAGE: "ftp" })).toThrow(/MEDIA_STORAGE/);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: "ftp://x" })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...s3, S3_BUCKET: "a" })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...s3, S3_PREFIX: "a/../b" })).toThrow(/S3_PREFIX/);
    expect(() => loadConfig({ ...s3, S3_FORCE_PATH_STYLE: "yes" })).toThrow(/S3_FORCE_PATH_STYLE/);
    // the secret is in no message
    try {
      loadConfig({ ...s3, S3_BUCKET: "a" });
    } catch (error) {
      expect((error as Error).message).not.toContain("sekret");
    }
  });

  it("has every setting in docs/operations.md's settings table: what it does, whether it is secret, what breaks without it", () => {
    const operations = fs.readFileSync(
      path.resolve(import.meta.dirname, "..", "docs", "operations.md"),
      "utf8",
    );
    const table = operations.slice(
      operations.indexOf("## Settings"),
      operations.indexOf("\n## ", operations.indexOf("## Settings") + 1),
    );
    const rows = table.split("\n").filter((line) => line.startsWith("| `"));
    const listed = new Set(
      rows.flatMap((row) => [...(row.split("|")[1] ?? "").matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1])),
    );
    expect(SETTING_NAMES.filter((name) => !listed.has(name))).toEqual([]);
    // four columns, none empty
    for (const row of rows)
      expect(
        row
          .split("|")
          .slice(1, -1)
          .every((cell) => cell.trim() !== ""),
      ).toBe(true);
  });
});
