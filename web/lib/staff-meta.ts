import type { Lang, MessageKey } from "../../domain/i18n";
import { langFromMatches, metaTags, pageTitle } from "./meta";

// The <title> of a staff screen; staff screens are never indexed.
export function staffMeta(matches: Parameters<typeof langFromMatches>[0], titleKey: MessageKey) {
  return [...metaTags(langFromMatches(matches), titleKey), { name: "robots", content: "noindex" }];
}

/** A staff record page's <title>: `recordTitle` when its loader found the record, else the section's. */
export function staffRecordMeta(
  matches: Parameters<typeof langFromMatches>[0],
  sectionKey: MessageKey,
  recordTitle: (lang: Lang) => string | null,
) {
  const tags = staffMeta(matches, sectionKey);
  const title = recordTitle(langFromMatches(matches));
  return title ? [{ title: pageTitle(title) }, ...tags.slice(1)] : tags;
}
