/**
 * Returns `target` when it is a same-site path ("/…", not "//…" or "/\…"), else `fallback`.
 * Used by the resource routes that redirect back to the page a form was posted from.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string") return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // control characters (e.g. a tab inside "/\t/evil.com") are dropped by URL parsers
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters on purpose
  if (/[\u0000-\u001f\u007f]/.test(target)) return fallback;
  return target;
}
