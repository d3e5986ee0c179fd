import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

// Password hashing with scrypt (node:crypto, no native add-ons), OWASP parameters:
// N = 2^17, r = 8, p = 1 (128 MiB, roughly 0.3–0.5 s on one core).
// Stored form: `scrypt$N$r$p$saltB64$hashB64`, so every hash records its own parameters: older hashes
// (e.g. N = 2^14 from the first seed) still verify, and `needsRehash` tells the login to upgrade them.

const N = 131_072;
const R = 8;
const P = 1;
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

export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(plain, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAX_MEMORY });
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${key.toString("base64")}`;
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

/** True when `plain` matches `stored`; false for a wrong password or a malformed stored string. */
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

/** True when `stored` was made with other (older) parameters: re-hash it after a successful login. */
export function needsRehash(stored: string): boolean {
  const parsed = parseStored(stored);
  return (
    !parsed ||
    parsed.n !== N ||
    parsed.r !== R ||
    parsed.p !== P ||
    parsed.expected.length !== KEY_LENGTH ||
    parsed.salt.length < SALT_BYTES
  );
}
