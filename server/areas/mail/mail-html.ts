import type { Lang } from "../../../domain/i18n";
import { escapeHtml } from "../../lib/escape-html";

// Small helpers for the HTML part of the shop's e-mails: escaping, safe links and one simple layout
// (a centred 600 px column with inline styles, which mail clients keep). Every value that came from a
// user (names, addresses, product titles, codes) goes through escapeHtml; links through safeHref.

/** The URL when it is an absolute http(s) address, else null (never a javascript: or data: link). */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** `<a href>` with escaped address and label; a URL that is not http(s) gives the label alone. */
export function htmlLink(url: string, label: string): string {
  const href = safeHref(url);
  if (!href) return escapeHtml(label);
  return `<a href="${escapeHtml(href)}" style="color:#7a3e6b">${escapeHtml(label)}</a>`;
}

/** Escaped text with its line breaks kept. */
export function htmlLines(text: string): string {
  return escapeHtml(text).replaceAll("\n", "<br>");
}

/** A whole HTML document around `bodyHtml` (already escaped/built by the caller). */
export function emailLayout({
  lang,
  title,
  bodyHtml,
}: {
  lang: Lang;
  title: string;
  bodyHtml: string;
}): string {
  return [
    "<!doctype html>",
    `<html lang="${lang}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f6f3f0">',
    '<div style="max-width:600px;margin:0 auto;padding:24px 16px;background:#ffffff;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222222">',
    bodyHtml,
    "</div>",
    "</body>",
    "</html>",
  ].join("\n");
}
