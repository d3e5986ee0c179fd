import { redirect } from "react-router";
import { isMessageKey } from "../../domain/i18n";
import { readCookie } from "./cookies";
import type { FlashInput, FlashMessage } from "./flash";

// Flash messages across redirects: an action redirects with a short-lived `flash` cookie,
// the root loader reads it into its data (the Toaster shows it) and clears it. Works
// without JavaScript too (the redirected page is rendered with the toast).

export const FLASH_COOKIE = "flash";
const MAX_AGE_SECONDS = 60;
const TYPES: readonly FlashMessage["type"][] = ["success", "error", "info"];

/** `Set-Cookie` value carrying one flash message to the next page. */
export function flashCookie(flash: FlashInput): string {
  const message: FlashMessage = { id: crypto.randomUUID(), ...flash };
  return `${FLASH_COOKIE}=${encodeURIComponent(JSON.stringify(message))}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax`;
}

/** `Set-Cookie` value removing the flash cookie once it has been read. */
export function clearFlashCookie(): string {
  return `${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;
}

/** The flash message of a request, or null (also for a malformed or foreign value). */
export function readFlash(cookieHeader: string | null | undefined): FlashMessage | null {
  const raw = readCookie(cookieHeader, FLASH_COOKIE);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { id, type, key, params, errorPrefix } = value as Record<string, unknown>;
    if (typeof id !== "string" || !isMessageKey(key)) return null;
    if (!TYPES.includes(type as FlashMessage["type"])) return null;
    const message: FlashMessage = { id, type: type as FlashMessage["type"], key };
    if (params && typeof params === "object") {
      message.params = Object.fromEntries(
        Object.entries(params).filter(([, v]) => typeof v === "string" || typeof v === "number"),
      ) as Record<string, string | number>;
    }
    if (errorPrefix === true) message.errorPrefix = true;
    return message;
  } catch {
    return null;
  }
}

/** A redirect that shows `flash` as a toast on the next page (extra Set-Cookie values allowed). */
export function redirectWithFlash(url: string, flash: FlashInput, setCookies: readonly string[] = []) {
  const headers = new Headers();
  headers.append("Set-Cookie", flashCookie(flash));
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return redirect(url, { headers });
}
