import { randomInt } from "node:crypto";

// Order numbers are shown to shoppers and, with the e-mail, open a guest's order: they must be
// unguessable. Format "YYMM-XXXXX-XXXXX": the month for people, then 50 random bits in Crockford
// base32 (no I, L, O, U), so guessing one is hopeless even without the rate limit on lookups.

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

function randomChunk(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

export function newOrderNumber(now: Date): string {
  const yy = String(now.getUTCFullYear() % 100).padStart(2, "0");
  const mm = String(now.getUTCMonth() + 1).padStart(2, "0");
  return `${yy}${mm}-${randomChunk(5)}-${randomChunk(5)}`;
}

export const ORDER_NUMBER_PATTERN = /^\d{4}-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/;
