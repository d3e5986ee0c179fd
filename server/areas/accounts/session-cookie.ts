import type { Config } from "../../config";

// The session cookie (docs/decisions/003-sessions.md): an opaque random token, HttpOnly, SameSite=Lax,
// Path=/, Secure in production or behind an https PUBLIC_URL. API clients may send the same token as
// `Authorization: Bearer …`. Web actions set and clear it with these helpers in their Response headers.

export const SESSION_COOKIE = "session";

export interface SessionCookieOptions {
  secure: boolean;
}

/** Secure cookies in production and whenever the shop is served over https. */
export function isSecureCookie(config: Pick<Config, "env" | "publicUrl">): boolean {
  return config.env === "production" || config.publicUrl.startsWith("https:");
}

/** `Set-Cookie` value that stores the session token until `expiresAt`. */
export function serializeSessionCookie(
  token: string,
  expiresAt: Date,
  options: SessionCookieOptions,
): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return [
    `${SESSION_COOKIE}=${encodeURIComponent(token)}`,
    "Path=/",
    `Expires=${expiresAt.toUTCString()}`,
    `Max-Age=${maxAge}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

/** `Set-Cookie` value that removes the session cookie. */
export function serializeClearSessionCookie(options: SessionCookieOptions): string {
  return [
    `${SESSION_COOKIE}=`,
    "Path=/",
    "Expires=Thu, 01 Jan 1970 00:00:00 GMT",
    "Max-Age=0",
    "HttpOnly",
    "SameSite=Lax",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

/** Tokens are 32 random bytes in base64url (43 characters); anything far longer is not ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,200}$/;

function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw);
    } catch {
      return null;
    }
  }
  return null;
}

/** The session token of a request: `Authorization: Bearer …` first, else the session cookie; null when absent. */
export function readSessionToken(headers: {
  cookie?: string | null;
  authorization?: string | null;
}): string | null {
  const authorization = headers.authorization?.trim();
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (match?.[1] && TOKEN_SHAPE.test(match[1])) return match[1];
  }
  if (headers.cookie) {
    const value = cookieValue(headers.cookie, SESSION_COOKIE);
    if (value && TOKEN_SHAPE.test(value)) return value;
  }
  return null;
}
