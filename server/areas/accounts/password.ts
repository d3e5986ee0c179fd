import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import type { PasswordCost } from "../../config";

// Password hashing with scrypt (node:crypto, no native add-ons). The cost is the caller's
// (config.passwordCost, PASSWORD_HASH_COST): `standard` is OWASP's N = 2^17, r = 8, p = 1 (128 MiB,
// roughly 0.3–0.5 s on one core); `quick` (N = 2^12, ~32 times cheaper) is for test runs only, and
// loadConfig refuses it with NODE_ENV=production.
// Stored form: `scrypt$N$r$p$saltB64$hashB64`, so every hash records its own parameters: older or
// cheaper hashes (N = 2^14 from the first seed, N = 2^12 from a test run) still verify, and
// `needsRehash` tells the login to re-hash them with the configured cost.

/** scrypt's parameters for each cost (r and p are the same: only the work factor N differs). */
export const PASSWORD_COSTS: Readonly<Record<PasswordCost, { N: number; r: number; p: number }>> = {
  standard: { N: 131_072, r: 8, p: 1 },
  quick: { N: 4_096, r: 8, p: 1 },
};
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
/**
 * scrypt needs 128 * N * r bytes plus a little (128 * r * (p + 2)); node refuses to start above
 * `maxmem`. 256 MiB leaves room for the current parameters and refuses absurd ones from a tampered
 * stored string.
 */
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(plain: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(plain.normalize("NFKC"), salt, keyLength, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** A new salted hash of `plain` with the given cost's parameters (recorded in the stored string). */
export async function hashPassword(plain: string, cost: PasswordCost): Promise<string> {
  const { N, r, p } = PASSWORD_COSTS[cost];
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(plain, salt, KEY_LENGTH, { N, r, p, maxmem: MAX_MEMORY });
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function parseParameter(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  return Number(value);
}

interface ParsedHash {
  n: number;
  r: number;
  p: number;
  salt: Buffer;
  expected: Buffer;
}

function parseStored(stored: string): ParsedHash | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const n = parseParameter(parts[1]);
  const r = parseParameter(parts[2]);
  const p = parseParameter(parts[3]);
  const saltB64 = parts[4] ?? "";
  const hashB64 = parts[5] ?? "";
  if (n === null || r === null || p === null) return null;
  if ((n & (n - 1)) !== 0 || n < 2 || 128 * n * r > MAX_MEMORY || p > 16) return null;
  if (!BASE64.test(saltB64) || !BASE64.test(hashB64)) return null;
  const salt = Buffer.from(saltB64, "base64");
  const expected = Buffer.from(hashB64, "base64");
  if (salt.length === 0 || expected.length < 16 || expected.length > 256) return null;
  return { n, r, p, salt, expected };
}

/**
 * True when `plain` matches `stored`; false for a wrong password or a malformed stored string. The
 * parameters are the stored string's own, whatever the configured cost.
 */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parsed = parseStored(stored);
  if (!parsed) return false;
  const { n, r, p, salt, expected } = parsed;
  let actual: Buffer;
  try {
    actual = await derive(plain, salt, expected.length, { N: n, r, p, maxmem: MAX_MEMORY });
  } catch {
    return false;
  }
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * True when `stored` was made with parameters other than the cost's (an older hash, or a quick one
 * from a test run met by a standard-cost shop): re-hash it after a successful login.
 */
export function needsRehash(stored: string, cost: PasswordCost): boolean {
  const { N, r, p } = PASSWORD_COSTS[cost];
  const parsed = parseStored(stored);
  return (
    !parsed ||
    parsed.n !== N ||
    parsed.r !== r ||
    parsed.p !== p ||
    parsed.expected.length !== KEY_LENGTH ||
    parsed.salt.length < SALT_BYTES
  );
}
