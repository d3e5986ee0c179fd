import { documentLang, loadTexts } from "./i18n";

// The staff area's texts in the page's language, imported by the staff layout
// (web/routes/staff/layout.tsx): the layout module finishes loading only once they are there, so
// no staff page renders in the browser without them, and no storefront page ever loads them
// (docs/decisions/021-bundle-budgets.md). The server has every text already.

if (typeof document !== "undefined") await loadTexts(documentLang(), "staff");
