import { useEffect, useId, useRef } from "react";
import { Link, useLocation } from "react-router";
import { trackBarHeight } from "../lib/bar-height";
import type { ConsentDecision } from "../lib/cookies";
import { useT } from "../lib/i18n";
import { ACCEPT_COOKIES_PATH } from "../lib/paths";
import { ConsentButton } from "./consent-button";
import { useCookieConsent } from "./cookie-consent";

const buttonBase =
  "inline-flex min-h-10 flex-1 items-center justify-center rounded-full px-6 py-2 font-semibold sm:flex-none";

/**
 * Cookie notice kept at the bottom of the window (sticky after the footer, so it never covers
 * the end of the page; first in the focus order, right after the skip link) until the visitor accepts or rejects. Both answers are equally easy and
 * are stored for a year (`cookieConsent` = 1 or 0); analytics load only after accepting. With
 * JavaScript the cookie is set in the browser and the notice hides at once; without it the
 * form posts the pressed button's `decision` to /zgoda-cookies, which sets the cookie and
 * redirects back. The footer's "cookie settings" opens the notice again. It loads only when it
 * shows (web/components/cookie-consent.tsx): most visits have decided already.
 */
export function CookieNotice({ serverDecision }: { serverDecision: ConsentDecision | null }) {
  const t = useT();
  const location = useLocation();
  const { decision, asking } = useCookieConsent(serverDecision);
  const textId = useId();
  const firstButtonRef = useRef<HTMLButtonElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const shown = !decision || asking;

  // while it shows, focused elements stop above it (web/app.css scroll-padding-bottom)
  useEffect(() => {
    const section = sectionRef.current;
    if (!shown || !section) return;
    return trackBarHeight(section, "--cookie-bar-height");
  }, [shown]);

  // reopened from the footer: take the keyboard user straight to the choice
  useEffect(() => {
    if (asking) firstButtonRef.current?.focus();
  }, [asking]);

  if (!shown) return null;

  return (
    <section
      ref={sectionRef}
      aria-labelledby={textId}
      // first in the page's focus order (web/root.tsx), drawn last: order-last in the shell's flex column
      className="sticky inset-x-0 bottom-0 z-50 order-last border-t border-stone-200 bg-white shadow-[0_-4px_16px_rgb(0_0_0/0.08)]"
    >
      <form
        method="post"
        action={ACCEPT_COOKIES_PATH}
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
        <div className="flex shrink-0 gap-3">
          <ConsentButton
            ref={firstButtonRef}
            decision="reject"
            className={`${buttonBase} border-2 border-stone-700 text-stone-800 hover:bg-stone-100`}
          >
            {t("cookies.reject")}
          </ConsentButton>
          <ConsentButton
            decision="accept"
            className={`${buttonBase} border-2 border-accent-600 bg-accent-600 text-white hover:border-accent-700 hover:bg-accent-700`}
          >
            {t("cookies.accept")}
          </ConsentButton>
        </div>
      </form>
    </section>
  );
}
