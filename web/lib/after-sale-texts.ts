import { documentLang, loadTexts } from "./i18n";

// The "after-sale" texts (the withdrawal function, complaints, the returns desk; issue 27) in the
// page's language, imported by every module that uses one of them: that module finishes loading only
// once they are there, so it never renders without them, and pages without such a module never load
// them (docs/decisions/021-bundle-budgets.md; domain/i18n/areas.test.ts checks the imports). The
// server has every text already.

if (typeof document !== "undefined") await loadTexts(documentLang(), "after-sale");
