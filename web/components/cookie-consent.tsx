import { Suspense, useMemo, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { type ConsentDecision, consentStore } from "../lib/cookies";
import { useT } from "../lib/i18n";
import { lazyInBrowser } from "../lib/lazy-in-browser";
import { ACCEPT_COOKIES_PATH } from "../lib/paths";

/**
 * The visitor's cookie decision: from the request's cookie while rendering on the server and
 * hydrating, then from the browser (so a decision made on this page counts at once, without
 * reloading the root data). `asking` is true while the notice was reopened from the footer.
 */
export function useCookieConsent(serverDecision: ConsentDecision | null) {
  const serverSnapshot = useMemo(() => ({ decision: serverDecision, asking: false }), [serverDecision]);
  return useSyncExternalStore(consentStore.subscribe, consentStore.getSnapshot, () => serverSnapshot);
}

// In the browser the notice's code loads only when it shows: most visits come with a decision
// already (docs/decisions/021-bundle-budgets.md); the server renders it in place
// (web/lib/lazy-in-browser.ts), so a browser without JavaScript has it too.
const loadNotice = () => import("./cookie-notice");
const CookieNotice = lazyInBrowser(loadNotice, (m) => m.CookieNotice);

/** The cookie notice while the visitor has not decided, or reopened it from the footer. */
export function CookieNoticeWhenUndecided({ serverDecision }: { serverDecision: ConsentDecision | null }) {
  const { decision, asking } = useCookieConsent(serverDecision);
  if (decision && !asking) return null;
  return (
    <Suspense fallback={null}>
      <CookieNotice serverDecision={serverDecision} />
    </Suspense>
  );
}

/**
 * Footer button reopening the cookie notice, so a decision can be changed as easily as it was
 * made. Without JavaScript it posts `decision=ask`, which forgets the answer.
 */
export function CookieSettingsButton({ className = "" }: { className?: string }) {
  const t = useT();
  const location = useLocation();
  return (
    <form method="post" action={ACCEPT_COOKIES_PATH}>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        name="decision"
        value="ask"
        onClick={(event) => {
          event.preventDefault();
          consentStore.ask();
        }}
        className={className}
      >
        {t("cookies.settings")}
      </button>
    </form>
  );
}
