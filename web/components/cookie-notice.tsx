import { useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { CONSENT_COOKIE, hasCookieConsent, ONE_YEAR_SECONDS } from "../lib/cookies";
import { useT } from "../lib/i18n";
import { ACCEPT_COOKIES_PATH } from "../lib/paths";

/**
 * Cookie notice kept at the bottom of the window (sticky after the footer, so it never
 * covers the end of the page). Accepting stores `cookieConsent=1` for a year: with
 * JavaScript the cookie is set in the browser and the notice hides at once; without it the
 * form posts to /zgoda-cookies, which sets the cookie and redirects back. The root loader
 * reads the cookie, so once accepted the notice is not rendered at all.
 */
export function CookieNotice() {
  const t = useT();
  const location = useLocation();
  const [accepted, setAccepted] = useState(false);
  const textId = useId();
  // accepted earlier in this visit while the root data still says otherwise (it is not
  // reloaded on every navigation)
  useEffect(() => {
    if (hasCookieConsent(document.cookie)) setAccepted(true);
  }, []);
  if (accepted) return null;

  return (
    <section
      aria-labelledby={textId}
      className="sticky inset-x-0 bottom-0 z-50 border-t border-stone-200 bg-white/98 shadow-[0_-4px_16px_rgb(0_0_0/0.08)]"
    >
      <form
        method="post"
        action={ACCEPT_COOKIES_PATH}
        onSubmit={(event) => {
          event.preventDefault();
          // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party consent flag
          document.cookie = `${CONSENT_COOKIE}=1; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
          setAccepted(true);
        }}
        className="mx-auto flex w-full max-w-[1340px] flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:gap-6 sm:px-6"
      >
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <p id={textId} className="flex-1 text-sm text-stone-700">
          {t("cookies.text")}{" "}
          <Link
            to="/polityka-prywatnosci"
            className="font-medium text-accent-700 underline underline-offset-2"
          >
            {t("cookies.moreInfo")}
          </Link>
        </p>
        <button
          type="submit"
          className="shrink-0 self-end rounded-full bg-accent-600 px-6 py-2 font-semibold text-white hover:bg-accent-700 sm:self-auto"
        >
          {t("cookies.accept")}
        </button>
      </form>
    </section>
  );
}
