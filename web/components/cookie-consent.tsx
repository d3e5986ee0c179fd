import { useMemo, useSyncExternalStore } from "react";
import { type ConsentDecision, consentStore } from "../lib/cookies";
import { lazyInBrowser } from "../lib/lazy-in-browser";

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
  return <CookieNotice serverDecision={serverDecision} />;
}
