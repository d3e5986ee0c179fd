import { useEffect, useState } from "react";
import { useT } from "../lib/i18n";
import { CONTAINER } from "../lib/site";
import { CloseButton } from "./close-button";

const DISMISSED_KEY = "adblockNoticeDismissed";
/** class names that ad blockers' cosmetic filters hide */
const BAIT_CLASSES = "adsbox ad-banner ad-placement pub_300x250 textads";
const CHECK_DELAY_MS = 200;

function storedDismissal(): boolean {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

/**
 * The ad-block check and its note (web/components/adblock-notice.tsx holds the live region): a bait
 * element with ad-like class names is added off-screen; when an ad blocker hides or removes it, a
 * polite, dismissible note asks the visitor to allow the shop. It never blocks using the shop, and
 * once closed it stays closed for the browser session.
 */
export function AdblockCheck() {
  const t = useT();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (storedDismissal()) return;
    const bait = document.createElement("div");
    bait.className = BAIT_CLASSES;
    bait.setAttribute("aria-hidden", "true");
    bait.style.cssText = "position:absolute;left:-10000px;top:0;width:1px;height:1px;";
    bait.innerHTML = "&nbsp;";
    document.body.appendChild(bait);
    const timer = window.setTimeout(() => {
      const style = window.getComputedStyle(bait);
      const blocked =
        !bait.isConnected ||
        bait.offsetHeight === 0 ||
        style.display === "none" ||
        style.visibility === "hidden";
      bait.remove();
      if (blocked) setVisible(true);
    }, CHECK_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      bait.remove();
    };
  }, []);

  const dismiss = () => {
    setVisible(false);
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, "1");
    } catch {
      // private mode without storage: closed for this page only
    }
  };

  return visible ? (
    <div className="border-b border-amber-200 bg-amber-50 text-amber-950">
      <div className={`${CONTAINER} flex items-center gap-3 py-2`}>
        <p className="flex-1 text-sm">{t("common.adblockNotice")}</p>
        <CloseButton
          label={t("common.adblockClose")}
          onClick={dismiss}
          className="size-10 hover:bg-amber-100"
          iconClassName="size-5"
        />
      </div>
    </div>
  ) : null;
}
