import { en } from "./en";
import { pl } from "./pl";
import { addTexts, type Lang, type MessageKey } from "./translate";

// The catalogs with every text of both languages, for the server, loaders and tests: importing
// domain/i18n adds them all to the translator (translate.ts). The browser build resolves
// domain/i18n to translate.ts instead (vite.config.ts) and loads one language's texts per area
// (web/lib/i18n.tsx; docs/decisions/021-bundle-budgets.md).

addTexts("pl", pl);
addTexts("en", en);

export * from "./translate";
export { en, pl };

export const messages: Record<Lang, Readonly<Record<MessageKey, string>>> = { pl, en };
