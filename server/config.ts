import { randomBytes } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import type { SafetyParty } from "../domain/gpsr";
import { KSEF_ENVIRONMENTS, type KsefEnvironment } from "../domain/ksef-environment";
import { isCommonPassword } from "../domain/password-policy";

// Every setting the process reads, parsed once at start-up. Nothing else in the
// code base reads process.env (see docs/decisions/007-configuration.md).

export const DEMO_ADMIN_EMAIL = "admin@example.com";
export const DEMO_ADMIN_PASSWORD = "admin1234";

const postgresUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === "postgres:" || url.protocol === "postgresql:") && url.hostname !== "";
  } catch {
    return false;
  }
}, "must be a URL like postgres://user:password@host:5432/database");

/** A sender's display name: quoted when it holds a character that has a meaning in an address header. */
function displayName(name: string): string {
  return /[",<>@;:\\()[\]]/.test(name) ? JSON.stringify(name) : name;
}

const passwordCost = z.enum(["standard", "quick"]);

const httpUrl = z.url().refine((value) => /^https?:\/\//.test(value), "must be an http(s) URL");

/** InPost ShipX hosts (INTEGRATIONS.md §3). */
export const SHIPX_SANDBOX_URL = "https://sandbox-api-shipx-pl.easypack24.net";
export const SHIPX_PRODUCTION_URL = "https://api-shipx-pl.easypack24.net";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: postgresUrl.optional(),
  PUBLIC_URL: z.url().optional(),
  ADMIN_EMAIL: z.email().default(DEMO_ADMIN_EMAIL),
  ADMIN_PASSWORD: z.string().min(7).max(128).default(DEMO_ADMIN_PASSWORD),
  SMTP_URL: z.string().optional(),
  /** the shop's name in its e-mails (signature, sender); the storefront's default, web/lib/site.ts */
  SHOP_NAME: z.string().trim().min(1).max(100).default("Szyciowo"),
  /** default: the shop's name <sklep@example.com> */
  MAIL_FROM: z.string().optional(),
  /** the shop's own inbox for the order desk's e-mails (issue 29): new paid orders, the low-stock digest */
  SHOP_NOTIFY_EMAIL: z.email().max(254).optional(),
  /** default: true, except with NODE_ENV=production (where true is refused: demo accounts have published passwords) */
  SEED_DEMO: z.enum(["true", "false"]).optional(),
  GA_MEASUREMENT_IDS: z
    .string()
    .regex(
      /^G-[A-Z0-9]+(,\s*G-[A-Z0-9]+)*$/,
      "must be GA4 measurement ids like G-ABC123, separated by commas",
    )
    .optional(),
  TRUST_PROXY: z.string().default("false"),
  PAYMENT_PROVIDER: z.enum(["demo", "paynow"]).default("demo"),
  PAYNOW_API_URL: z.url().default("https://api.sandbox.paynow.pl"),
  PAYNOW_API_KEY: z.string().min(1).optional(),
  PAYNOW_SIGNATURE_KEY: z.string().min(1).optional(),
  /** minutes an unpaid order keeps its units before they go back to stock */
  ORDER_PAYMENT_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  SELLER_NAME: z.string().min(1).optional(),
  SELLER_NIP: z.string().min(1).optional(),
  SELLER_ADDRESS: z.string().min(1).optional(),
  SELLER_BANK_ACCOUNT: z.string().optional(),
  /** the seller's electronic address on product pages (GPSR, docs/decisions/073): an e-mail or a web address; PUBLIC_URL unless set */
  SELLER_CONTACT: z
    .string()
    .trim()
    .max(254)
    .regex(/^([^\s@]+@[^\s@]+\.[^\s@]+|https?:\/\/\S+)$/, "must be an e-mail address or an http(s) address")
    .optional(),
  /** where customers send withdrawn goods (issue 27); the seller's name and address unless set */
  RETURN_ADDRESS: z.string().min(1).max(500).optional(),
  /** KSeF e-invoicing (issue 28, domain/ksef-environment.ts): off, the local simulator, or a Ministry environment */
  KSEF_ENV: z.enum(KSEF_ENVIRONMENTS).default("off"),
  /** the KSeF token generated in the Ministry's application for the seller's NIP (test, demo, production) */
  KSEF_TOKEN: z.string().trim().min(1).max(1_000).optional(),
  /** consumers' invoices (no NIP) go to KSeF too: voluntary by law, off by default */
  KSEF_B2C: z.enum(["true", "false"]).default("false"),
  /** another address for KSeF's API 2.0 (a proxy, or the simulator over HTTP in tests); the environment's own by default */
  KSEF_API_URL: z.url().max(500).optional(),
  /** how long the customer's invoice e-mail waits for the KSeF number before it goes out without it */
  KSEF_EMAIL_WAIT_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  APACZKA_APP_ID: z.string().min(1).optional(),
  INPOST_GEOWIDGET_TOKEN: z.string().min(1).optional(),
  INPOST_POINTS_URL: z.url().default("https://api-pl-points.easypack24.net/v1/points"),
  /** InPost ShipX (issue 29): both set = shipments through ShipX; neither = the demo carrier */
  INPOST_SHIPX_TOKEN: z.string().trim().min(1).max(4_000).optional(),
  INPOST_ORGANIZATION_ID: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, "must be the organization's number from Manager Paczek")
    .optional(),
  INPOST_SHIPX_URL: httpUrl.default(SHIPX_SANDBOX_URL),
  /** ShipX webhooks carry no signature: this secret in the webhook's URL is what proves them */
  INPOST_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{24,200}$/, "must be 24 to 200 letters, digits, - or _ (it goes into a URL)")
    .optional(),
  /** the sender on shipments; each unset field comes from SELLER_NAME / SELLER_ADDRESS */
  SHIPPING_SENDER_NAME: z.string().trim().min(1).max(100).optional(),
  SHIPPING_SENDER_STREET: z.string().trim().min(1).max(100).optional(),
  SHIPPING_SENDER_BUILDING: z.string().trim().min(1).max(20).optional(),
  SHIPPING_SENDER_CITY: z.string().trim().min(1).max(100).optional(),
  SHIPPING_SENDER_POST_CODE: z
    .string()
    .trim()
    .regex(/^\d{2}-\d{3}$/, "must be a Polish post code like 30-001")
    .optional(),
  SHIPPING_SENDER_PHONE: z
    .string()
    .trim()
    .regex(/^(\+48)?\s?\d{3}[\s-]?\d{3}[\s-]?\d{3}$/, "must be a Polish phone number like 500600700")
    .optional(),
  SHIPPING_SENDER_EMAIL: z.email().max(100).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** gallery uploads: the largest file accepted, and the most pixels decoded (image bombs) */
  MEDIA_MAX_UPLOAD_MB: z.coerce.number().positive().max(200).default(10),
  MEDIA_MAX_MEGAPIXELS: z.coerce.number().positive().max(500).default(40),
  /** where /media's files live (docs/decisions/081): DATA_DIR/media, or an S3-compatible bucket shared by every instance */
  MEDIA_STORAGE: z.enum(["local", "s3"]).default("local"),
  /** the S3 API's address: unset for AWS S3; required for Cloudflare R2, Backblaze B2, MinIO and local servers */
  S3_ENDPOINT: httpUrl.optional(),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9]$/,
      "must be a bucket name: 3 to 63 letters, digits, ., _ or -",
    )
    .optional(),
  /** AWS's region of the bucket; R2 takes "auto" */
  S3_REGION: z.string().trim().min(1).max(50).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).max(200).optional(),
  /** secret: never logged, never sent to the browser */
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).max(500).optional(),
  /** bucket.s3.host/key (false) or host/bucket/key (true: MinIO and local servers) */
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("false"),
  /** a folder inside the bucket for this shop's media, e.g. "szyciowo/media" */
  S3_PREFIX: z
    .string()
    .trim()
    .max(200)
    .regex(/^[A-Za-z0-9._/-]*$/, "must be letters, digits, ., _, - and / only")
    .optional(),
  /** the in-process cache of anonymous pages and the public catalog API (docs/decisions/023) */
  RESPONSE_CACHE: z.enum(["on", "off"]).default("on"),
  /** the background job worker (docs/decisions/050): how often it looks for due jobs, how many at once */
  JOB_POLL_SECONDS: z.coerce.number().positive().max(3_600).default(5),
  JOB_CONCURRENCY: z.coerce.number().int().min(0).max(32).default(2),
  /** graceful shutdown (docs/decisions/071): how long in-flight requests and running jobs may take to finish */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(10),
  /** how long readiness answers 503 before the server stops accepting (a load balancer's probe interval) */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(120).default(0),
  /** the Bearer token GET /metrics asks for; without it /metrics answers 404 (docs/decisions/071) */
  METRICS_TOKEN: z.string().trim().min(16).max(512).optional(),
  /** scrypt's work factor for new password hashes: `quick` for test runs only (refused in production) */
  PASSWORD_HASH_COST: passwordCost.default("standard"),
});

/** Every setting's name (docs/operations.md's settings table lists each: config.test.ts). */
export const SETTING_NAMES = Object.keys(envSchema.shape);

/**
 * How costly a new password hash is (server/areas/accounts/password.ts): `standard` (OWASP's scrypt
 * N = 2^17) or `quick` (N = 2^12), for test runs, where hashing was a quarter of the database tests'
 * CPU time (docs/decisions/065).
 */
export type PasswordCost = z.infer<typeof passwordCost>;

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  dbDir: string;
  mediaDir: string;
  outboxDir: string;
  /** complaint photos (issue 27): private, served only to staff and the case's customer, never under /media */
  complaintPhotosDir: string;
  databaseUrl: string | null;
  publicUrl: string;
  admin: { email: string; password: string; isDemo: boolean };
  smtpUrl: string | null;
  /** SHOP_NAME: how the e-mails name the shop */
  shopName: string;
  mailFrom: string;
  /** SHOP_NOTIFY_EMAIL: where the shop is told of paid orders and low stock; null: nothing is sent */
  shopNotifyEmail: string | null;
  seedDemo: boolean;
  logLevel: string;
  /**
   * Whom to believe about the client address (X-Forwarded-For): false (default, the socket
   * address), true (any proxy), a number of proxy hops, or a comma-separated list of proxy
   * addresses/CIDRs. Rate limits per address depend on it.
   */
  trustProxy: boolean | number | string;
  /** GA4 measurement ids; analytics load only after cookie consent, and never without ids */
  gaMeasurementIds: string[];
  payments: PaymentsConfig;
  /** minutes an unpaid order keeps its reserved units */
  orderPaymentTimeoutMinutes: number;
  /** the seller on invoices */
  seller: SellerConfig;
  /**
   * The manufacturer a product page names for goods the shop makes itself (GPSR, docs/decisions/073):
   * the seller's name and address, and SELLER_CONTACT (else the shop's address on the web)
   */
  ownManufacturer: SafetyParty;
  /** RETURN_ADDRESS as lines: where withdrawn goods go (the seller's name and address by default) */
  returnAddress: string[];
  /** KSeF e-invoicing (issue 28): the environment, the seller's KSeF token, whether consumers' invoices go too */
  ksef: KsefConfig;
  /** shipments (issue 29): InPost ShipX when its token and organization are set, else the demo carrier */
  shipping: ShippingConfig;
  /** parcel-locker pickers: the provider's map widget when configured, else the built-in picker */
  parcelLockers: {
    apaczkaAppId: string | null;
    inpostGeowidgetToken: string | null;
    inpostPointsUrl: string;
  };
  /** gallery uploads (server/areas/gallery) */
  media: { maxUploadBytes: number; maxInputPixels: number };
  /** where /media's files are kept (server/areas/media, docs/decisions/081): mediaDir, or a bucket */
  mediaStorage: MediaStorageConfig;
  /** cache anonymous pages and public catalog answers in memory (ETag and Cache-Control either way) */
  responseCache: boolean;
  /** the background job worker (server/areas/jobs); concurrency 0: this instance runs no jobs */
  jobs: { pollMs: number; concurrency: number };
  /** graceful shutdown (server/areas/ops/shutdown.ts): 503 readiness for delayMs, then at most graceMs of draining */
  shutdown: { delayMs: number; graceMs: number };
  /** the Bearer token of GET /metrics; null: /metrics answers 404 */
  metricsToken: string | null;
  /**
   * PASSWORD_HASH_COST: the cost of the password hashes this process makes (registration, password
   * changes, the seed, the re-hash at login); a stored hash keeps the parameters it was made with.
   */
  passwordCost: PasswordCost;
}

export type MediaStorageConfig =
  | { kind: "local" }
  | {
      kind: "s3";
      /** null: AWS S3's own address for the region */
      endpoint: string | null;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
      /** "" or a folder ending in "/" that every key starts with */
      prefix: string;
    };

export type PaymentsConfig =
  | { provider: "demo"; demoSecret: string }
  | { provider: "paynow"; apiUrl: string; apiKey: string; signatureKey: string };

export interface KsefConfig {
  env: KsefEnvironment;
  /** required for test, demo and production; null for off and local */
  token: string | null;
  /** KSEF_API_URL: replaces the environment's API 2.0 address (test, demo, production); null: the environment's own */
  apiUrl: string | null;
  b2c: boolean;
  /** how long the invoice e-mail waits for the KSeF number (ms) */
  emailWaitMs: number;
}

export interface ShippingConfig {
  carrier: "inpost" | "demo";
  /** null with the demo carrier */
  shipx: { apiUrl: string; token: string; organizationId: string } | null;
  sender: ShippingSender;
  /**
   * INPOST_WEBHOOK_SECRET: ShipX webhooks carry no signature, so the webhook URL given to InPost holds
   * this secret and is itself the proof; null: no webhooks, tracking is polled on the job queue.
   */
  webhookSecret: string | null;
}

/**
 * The sender on shipments: SHIPPING_SENDER_* fields, each unset one from the seller (SELLER_NAME, the
 * street line and the "00-000 City" line of SELLER_ADDRESS). The seller has no phone or e-mail, so
 * those stay null unless set (ShipX then uses the organization's sender from Manager Paczek).
 */
export interface ShippingSender {
  name: string;
  street: string;
  buildingNumber: string;
  city: string;
  postCode: string;
  phone: string | null;
  email: string | null;
}

export interface SellerConfig {
  name: string;
  nip: string;
  /** address lines, e.g. ["ul. Krawiecka 1", "00-001 Warszawa"] */
  address: string[];
  bankAccount: string | null;
  isDemo: boolean;
}

/** Demo seller data (refused with NODE_ENV=production). 1111111111 passes the NIP checksum, a known dummy. */
export const DEMO_SELLER = {
  name: "Pracownia Szycia (dane demonstracyjne)",
  nip: "1111111111",
  address: "ul. Krawiecka 1, 00-001 Warszawa",
};

export class ConfigError extends Error {}

/** "ul. Krawiecka 1, 00-001 Warszawa" → its lines (split at commas, semicolons or bars). */
function addressLines(value: string): string[] {
  return value.split(/\s*[,;|]\s*/).filter(Boolean);
}

/**
 * The sender from SHIPPING_SENDER_* and the seller's address lines ("ul. Igły 2", "30-001 Kraków"):
 * the line ending in a building number is the street, the one starting with a post code the city.
 * Fields that are neither set nor found are null.
 */
function shippingSenderOf(
  e: Partial<
    Record<
      `SHIPPING_SENDER_${"NAME" | "STREET" | "BUILDING" | "CITY" | "POST_CODE" | "PHONE" | "EMAIL"}`,
      string
    >
  >,
  seller: { name: string; address: string[] },
): { [K in keyof ShippingSender]: string | null } {
  let street: string | null = null;
  let building: string | null = null;
  let city: string | null = null;
  let postCode: string | null = null;
  for (const line of seller.address) {
    const place = /^(\d{2}-\d{3})\s+(.+)$/.exec(line);
    const streetLine = /^(.*\D)\s+(\d+[A-Za-z]?(?:\/\d+[A-Za-z]?)?)$/.exec(line);
    if (place && postCode === null) {
      postCode = place[1] ?? null;
      city = place[2] ?? null;
    } else if (streetLine && street === null) {
      street = streetLine[1] ?? null;
      building = streetLine[2] ?? null;
    }
  }
  return {
    name: e.SHIPPING_SENDER_NAME ?? seller.name,
    street: e.SHIPPING_SENDER_STREET ?? street,
    buildingNumber: e.SHIPPING_SENDER_BUILDING ?? building,
    city: e.SHIPPING_SENDER_CITY ?? city,
    postCode: e.SHIPPING_SENDER_POST_CODE ?? postCode,
    phone: e.SHIPPING_SENDER_PHONE ?? null,
    email: e.SHIPPING_SENDER_EMAIL ?? null,
  };
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** MEDIA_STORAGE and the S3_* settings: s3 needs a bucket and both keys (a clear line for each missing one). */
function mediaStorageOf(e: z.infer<typeof envSchema>): MediaStorageConfig {
  if (e.MEDIA_STORAGE === "local") return { kind: "local" };
  const missing = (
    [
      ["S3_BUCKET", e.S3_BUCKET],
      ["S3_ACCESS_KEY_ID", e.S3_ACCESS_KEY_ID],
      ["S3_SECRET_ACCESS_KEY", e.S3_SECRET_ACCESS_KEY],
    ] as const
  )
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration: MEDIA_STORAGE=s3 needs ${missing.join(", ")} (and S3_ENDPOINT for anything but AWS S3: R2, B2, MinIO)`,
    );
  }
  const prefix = (e.S3_PREFIX ?? "").replace(/^\/+|\/+$/g, "");
  if (prefix.split("/").some((segment) => segment === "." || segment === "..")) {
    throw new ConfigError("Invalid configuration: S3_PREFIX must not hold . or .. segments");
  }
  return {
    kind: "s3",
    endpoint: e.S3_ENDPOINT ? e.S3_ENDPOINT.replace(/\/+$/, "") : null,
    bucket: e.S3_BUCKET as string,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID as string,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
    prefix: prefix ? `${prefix.replace(/\/{2,}/g, "/")}/` : "",
  };
}

/**
 * Settings that start but deserve the operator's attention, one line each (logged at start-up). The
 * embedded database in production: PGlite never asks the disk to flush (ADR 002, addendum
 * 2026-11-26), so a power cut can lose the last orders and payments.
 */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.env === "production" && config.databaseUrl === null)
    warnings.push(
      "NODE_ENV=production on the embedded database (no DATABASE_URL): it never flushes to disk, so a power cut or a machine crash can lose the last orders and payments; set DATABASE_URL to a PostgreSQL database for a shop taking real orders",
    );
  if (config.env === "production" && config.shipping.shipx?.apiUrl === SHIPX_SANDBOX_URL)
    warnings.push(
      `NODE_ENV=production with InPost's ShipX sandbox (INPOST_SHIPX_URL): its shipments are not real parcels; set INPOST_SHIPX_URL=${SHIPX_PRODUCTION_URL} for real ones`,
    );
  return warnings;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join(".") ?? "environment";
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? "is invalid"}`);
  }
  const e = parsed.data;
  const isDemoAdmin = e.ADMIN_EMAIL === DEMO_ADMIN_EMAIL || e.ADMIN_PASSWORD === DEMO_ADMIN_PASSWORD;
  if (e.NODE_ENV === "production" && isDemoAdmin) {
    throw new ConfigError(
      "Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set to non-demo values when NODE_ENV=production",
    );
  }
  if (e.NODE_ENV === "production" && isCommonPassword(e.ADMIN_PASSWORD)) {
    throw new ConfigError(
      "Invalid configuration: ADMIN_PASSWORD is a common password (or a shop word with digits around it); choose another when NODE_ENV=production",
    );
  }
  if (e.NODE_ENV === "production" && e.PAYMENT_PROVIDER === "demo") {
    throw new ConfigError(
      "Invalid configuration: PAYMENT_PROVIDER=demo lets anyone mark an order paid; set PAYMENT_PROVIDER=paynow when NODE_ENV=production",
    );
  }
  if (e.PAYMENT_PROVIDER === "paynow" && (!e.PAYNOW_API_KEY || !e.PAYNOW_SIGNATURE_KEY)) {
    throw new ConfigError(
      "Invalid configuration: PAYMENT_PROVIDER=paynow needs PAYNOW_API_KEY and PAYNOW_SIGNATURE_KEY",
    );
  }
  if (e.NODE_ENV === "production" && e.SEED_DEMO === "true") {
    throw new ConfigError(
      "Invalid configuration: SEED_DEMO=true creates demo accounts and coupons whose passwords and codes are published; unset it or set SEED_DEMO=false when NODE_ENV=production",
    );
  }
  if (e.NODE_ENV === "production" && e.PASSWORD_HASH_COST === "quick") {
    throw new ConfigError(
      "Invalid configuration: PASSWORD_HASH_COST=quick makes password hashes cheap to crack and is for test runs only; unset it or set PASSWORD_HASH_COST=standard when NODE_ENV=production",
    );
  }
  const isDemoSeller = !e.SELLER_NAME || !e.SELLER_NIP || !e.SELLER_ADDRESS;
  if (e.NODE_ENV === "production" && isDemoSeller) {
    throw new ConfigError(
      "Invalid configuration: SELLER_NAME, SELLER_NIP and SELLER_ADDRESS (invoice seller) must be set when NODE_ENV=production",
    );
  }
  if (e.NODE_ENV === "production" && e.KSEF_ENV === "local") {
    throw new ConfigError(
      "Invalid configuration: KSEF_ENV=local is the built-in simulator, whose KSeF numbers are not real; set KSEF_ENV=production (or off) when NODE_ENV=production",
    );
  }
  if ((e.KSEF_ENV === "test" || e.KSEF_ENV === "demo" || e.KSEF_ENV === "production") && !e.KSEF_TOKEN) {
    throw new ConfigError(
      `Invalid configuration: KSEF_ENV=${e.KSEF_ENV} needs KSEF_TOKEN (generated in the Ministry's KSeF application for the seller's NIP)`,
    );
  }
  if (e.KSEF_ENV === "production" && isDemoSeller) {
    throw new ConfigError(
      "Invalid configuration: KSEF_ENV=production needs SELLER_NAME, SELLER_NIP and SELLER_ADDRESS (the invoices' seller)",
    );
  }
  if (Boolean(e.INPOST_SHIPX_TOKEN) !== Boolean(e.INPOST_ORGANIZATION_ID)) {
    throw new ConfigError(
      e.INPOST_SHIPX_TOKEN
        ? "Invalid configuration: INPOST_SHIPX_TOKEN needs INPOST_ORGANIZATION_ID (the organization's number in Manager Paczek › API); set both, or neither for the demo carrier"
        : "Invalid configuration: INPOST_ORGANIZATION_ID needs INPOST_SHIPX_TOKEN (generated in Manager Paczek › API); set both, or neither for the demo carrier",
    );
  }
  if (e.INPOST_WEBHOOK_SECRET && !e.INPOST_SHIPX_TOKEN) {
    throw new ConfigError(
      "Invalid configuration: INPOST_WEBHOOK_SECRET is for ShipX webhooks and needs INPOST_SHIPX_TOKEN and INPOST_ORGANIZATION_ID",
    );
  }
  const sellerName = isDemoSeller ? DEMO_SELLER.name : (e.SELLER_NAME as string);
  const sellerAddress = addressLines(isDemoSeller ? DEMO_SELLER.address : (e.SELLER_ADDRESS as string));
  const sender = shippingSenderOf(e, { name: sellerName, address: sellerAddress });
  const missingSender = (
    [
      ["SHIPPING_SENDER_STREET", sender.street],
      ["SHIPPING_SENDER_BUILDING", sender.buildingNumber],
      ["SHIPPING_SENDER_CITY", sender.city],
      ["SHIPPING_SENDER_POST_CODE", sender.postCode],
    ] as const
  )
    .filter(([, value]) => value === null)
    .map(([name]) => name);
  if (e.INPOST_SHIPX_TOKEN && missingSender.length > 0) {
    throw new ConfigError(
      `Invalid configuration: the sender's address could not be read from SELLER_ADDRESS; set ${missingSender.join(", ")}`,
    );
  }
  const mediaStorage = mediaStorageOf(e);
  const dataDir = path.resolve(e.DATA_DIR);
  const shownHost = e.HOST === "0.0.0.0" || e.HOST === "::" ? "localhost" : e.HOST;
  const publicUrl = (e.PUBLIC_URL ?? `http://${shownHost}:${e.PORT}`).replace(/\/$/, "");
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    dbDir: path.join(dataDir, "db"),
    mediaDir: path.join(dataDir, "media"),
    outboxDir: path.join(dataDir, "outbox"),
    complaintPhotosDir: path.join(dataDir, "complaint-photos"),
    databaseUrl: e.DATABASE_URL ?? null,
    publicUrl,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, isDemo: isDemoAdmin },
    smtpUrl: e.SMTP_URL ?? null,
    shopName: e.SHOP_NAME,
    mailFrom: e.MAIL_FROM ?? `${displayName(e.SHOP_NAME)} <sklep@example.com>`,
    shopNotifyEmail: e.SHOP_NOTIFY_EMAIL ?? null,
    seedDemo: (e.SEED_DEMO ?? (e.NODE_ENV === "production" ? "false" : "true")) === "true",
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    gaMeasurementIds: e.GA_MEASUREMENT_IDS
      ? e.GA_MEASUREMENT_IDS.split(",").map((value) => value.trim())
      : [],
    logLevel: e.LOG_LEVEL,
    payments:
      e.PAYMENT_PROVIDER === "paynow"
        ? {
            provider: "paynow",
            apiUrl: e.PAYNOW_API_URL.replace(/\/$/, ""),
            apiKey: e.PAYNOW_API_KEY as string,
            signatureKey: e.PAYNOW_SIGNATURE_KEY as string,
          }
        : // a random key for this process; main.ts replaces it with the one stored in DATA_DIR
          // (server/integrations/payments/demo-secret.ts), so bank pages survive a restart
          { provider: "demo", demoSecret: randomBytes(32).toString("base64url") },
    orderPaymentTimeoutMinutes: e.ORDER_PAYMENT_TIMEOUT_MINUTES,
    seller: {
      name: sellerName,
      nip: isDemoSeller ? DEMO_SELLER.nip : (e.SELLER_NIP as string),
      address: sellerAddress,
      bankAccount: e.SELLER_BANK_ACCOUNT ?? null,
      isDemo: isDemoSeller,
    },
    ownManufacturer: {
      name: isDemoSeller ? DEMO_SELLER.name : (e.SELLER_NAME as string),
      address: addressLines(isDemoSeller ? DEMO_SELLER.address : (e.SELLER_ADDRESS as string)).join(", "),
      contact: e.SELLER_CONTACT ?? publicUrl,
    },
    returnAddress: e.RETURN_ADDRESS
      ? addressLines(e.RETURN_ADDRESS)
      : [
          isDemoSeller ? DEMO_SELLER.name : (e.SELLER_NAME as string),
          ...addressLines(isDemoSeller ? DEMO_SELLER.address : (e.SELLER_ADDRESS as string)),
        ],
    ksef: {
      env: e.KSEF_ENV,
      token: e.KSEF_ENV === "off" || e.KSEF_ENV === "local" ? null : (e.KSEF_TOKEN ?? null),
      apiUrl: e.KSEF_ENV === "off" || e.KSEF_ENV === "local" ? null : (e.KSEF_API_URL ?? null),
      b2c: e.KSEF_B2C === "true",
      emailWaitMs: e.KSEF_EMAIL_WAIT_MINUTES * 60_000,
    },
    shipping: {
      carrier: e.INPOST_SHIPX_TOKEN ? "inpost" : "demo",
      shipx:
        e.INPOST_SHIPX_TOKEN && e.INPOST_ORGANIZATION_ID
          ? {
              apiUrl: e.INPOST_SHIPX_URL.replace(/\/+$/, ""),
              token: e.INPOST_SHIPX_TOKEN,
              organizationId: e.INPOST_ORGANIZATION_ID,
            }
          : null,
      // the demo carrier only prints the sender on its labels: a field it could not find stays empty
      sender: {
        name: sender.name ?? sellerName,
        street: sender.street ?? "",
        buildingNumber: sender.buildingNumber ?? "",
        city: sender.city ?? "",
        postCode: sender.postCode ?? "",
        phone: sender.phone,
        email: sender.email,
      },
      webhookSecret: e.INPOST_WEBHOOK_SECRET ?? null,
    },
    parcelLockers: {
      apaczkaAppId: e.APACZKA_APP_ID ?? null,
      inpostGeowidgetToken: e.INPOST_GEOWIDGET_TOKEN ?? null,
      inpostPointsUrl: e.INPOST_POINTS_URL,
    },
    media: {
      maxUploadBytes: Math.round(e.MEDIA_MAX_UPLOAD_MB * 1024 * 1024),
      maxInputPixels: Math.round(e.MEDIA_MAX_MEGAPIXELS * 1_000_000),
    },
    mediaStorage,
    responseCache: e.RESPONSE_CACHE === "on",
    jobs: { pollMs: Math.round(e.JOB_POLL_SECONDS * 1000), concurrency: e.JOB_CONCURRENCY },
    shutdown: {
      delayMs: Math.round(e.SHUTDOWN_DELAY_SECONDS * 1000),
      graceMs: Math.round(e.SHUTDOWN_GRACE_SECONDS * 1000),
    },
    metricsToken: e.METRICS_TOKEN ?? null,
    passwordCost: e.PASSWORD_HASH_COST,
  };
}
