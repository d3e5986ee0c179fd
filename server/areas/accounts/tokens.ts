import { createHash, randomBytes } from "node:crypto";

// Opaque secrets for sessions and one-time links: 32 random bytes (256 bits) in base64url.
// Only their SHA-256 (hex) is stored, so a database leak does not hand out sessions or links.

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
