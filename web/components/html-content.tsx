import type { MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * Typographic styles for stored rich text (headings, paragraphs, lists, links, tables, quotes,
 * pictures), as arbitrary-variant utilities so no global CSS is needed.
 */
const PROSE = [
  "text-stone-800 leading-relaxed break-words",
  "[&>:first-child]:mt-0 [&>:last-child]:mb-0",
  "[&_p]:my-4",
  "[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-stone-900",
  "[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-stone-900",
  "[&_h4]:mt-5 [&_h4]:mb-2 [&_h4]:font-semibold [&_h4]:text-stone-900",
  "[&_ul]:my-4 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6",
  "[&_ol]:my-4 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6",
  "[&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-stone-900",
  "[&_a]:font-medium [&_a]:text-accent-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-accent-800",
  "[&_blockquote]:my-5 [&_blockquote]:border-l-4 [&_blockquote]:border-accent-200 [&_blockquote]:pl-4 [&_blockquote]:italic",
  "[&_img]:my-5 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl",
  "[&_hr]:my-8 [&_hr]:border-stone-200",
  "[&_table]:my-5 [&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_table]:border-collapse",
  "[&_td]:border [&_td]:border-stone-200 [&_td]:px-3 [&_td]:py-2 [&_th]:border [&_th]:border-stone-200 [&_th]:bg-stone-50 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left",
].join(" ");

/**
 * Renders stored HTML (sanitised with an allow-list when staff saved it, DESIGN.md) with the shop's
 * typography. Links to the shop's own pages navigate inside the app instead of reloading.
 */
export function HtmlContent({
  html,
  lang,
  className = "",
}: {
  html: string;
  /** "pl" for Polish content shown in another interface language (WCAG 3.1.2; domain/content-language.ts textLang) */
  lang: "pl" | undefined;
  className?: string;
}) {
  const navigate = useNavigate();

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    const anchor = (event.target as Element).closest("a");
    if (!anchor || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
    const url = new URL(anchor.href, window.location.href);
    if (
      url.origin !== window.location.origin ||
      url.pathname.startsWith("/api/") ||
      url.pathname.startsWith("/media/")
    ) {
      return;
    }
    event.preventDefault();
    navigate(`${url.pathname}${url.search}${url.hash}`);
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: only catches clicks on the links inside, which keep their own keyboard behaviour
    <div
      lang={lang}
      className={`${PROSE} ${className}`}
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: staff HTML is sanitised with an allow-list on save
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
