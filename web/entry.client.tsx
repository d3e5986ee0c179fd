import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { documentLang, loadTexts } from "./lib/i18n";

// React Router's default browser entry, except that it first loads the shop texts of the page's
// language (one chunk; web/lib/i18n.tsx), so the first render in the browser shows exactly the
// texts the server rendered. Should they fail to load, the page stays as the server rendered it:
// links and forms work without JavaScript.

// a page opened with ?lang= asks for the next pages' data in its language (docs/decisions/078); the
// code loads only then, off every page's first load
if (/[?&]lang=/.test(window.location.search)) {
  import("./lib/lang-marker").then(({ keepLangMarker }) => keepLangMarker());
}

loadTexts(documentLang(), "shop").then(
  () => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  },
  (error: unknown) => console.error("texts not loaded; the page stays server-rendered", error),
);
