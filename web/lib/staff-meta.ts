import type { MessageKey } from "../../domain/i18n";
import { langFromMatches, metaTags } from "./meta";

// The <title> of a staff screen; staff screens are never indexed.
export function staffMeta(matches: Parameters<typeof langFromMatches>[0], titleKey: MessageKey) {
  return [...metaTags(langFromMatches(matches), titleKey), { name: "robots", content: "noindex" }];
}
