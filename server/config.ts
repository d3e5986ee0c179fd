import path from "node:path";
import { z } from "zod";

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

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: postgresUrl.optional(),
  PUBLIC_URL: z.url().optional(),
  ADMIN_EMAIL: z.email().default(DEMO_ADMIN_EMAIL),
  ADMIN_PASSWORD: z.string().min(7).default(DEMO_ADMIN_PASSWORD),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Sklep <sklep@example.com>"),
  SEED_DEMO: z.enum(["true", "false"]).default("true"),
  GA_MEASUREMENT_IDS: z
    .string()
    .regex(
      /^G-[A-Z0-9]+(,\s*G-[A-Z0-9]+)*$/,
      "must be GA4 measurement ids like G-ABC123, separated by commas",
    )
    .optional(),
  TRUST_PROXY: z.string().default("false"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  dbDir: string;
  mediaDir: string;
  outboxDir: string;
  databaseUrl: string | null;
  publicUrl: string;
  admin: { email: string; password: string; isDemo: boolean };
  smtpUrl: string | null;
  mailFrom: string;
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
}

export class ConfigError extends Error {}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
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
  const dataDir = path.resolve(e.DATA_DIR);
  const shownHost = e.HOST === "0.0.0.0" || e.HOST === "::" ? "localhost" : e.HOST;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    dbDir: path.join(dataDir, "db"),
    mediaDir: path.join(dataDir, "media"),
    outboxDir: path.join(dataDir, "outbox"),
    databaseUrl: e.DATABASE_URL ?? null,
    publicUrl: (e.PUBLIC_URL ?? `http://${shownHost}:${e.PORT}`).replace(/\/$/, ""),
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, isDemo: isDemoAdmin },
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO === "true",
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    gaMeasurementIds: e.GA_MEASUREMENT_IDS
      ? e.GA_MEASUREMENT_IDS.split(",").map((value) => value.trim())
      : [],
    logLevel: e.LOG_LEVEL,
  };
}
