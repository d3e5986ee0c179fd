import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After a client-side navigation to another page, the focus starts at the new page's content
 * (`<main id="content">`, WCAG 2.4.3), as it does after a full page load — instead of staying on
 * the link that was followed, or on nothing when that link is gone (Chromium then starts the next
 * Tab from wherever the removed link was, e.g. the footer). A page that focused something itself
 * (a field to correct, a dialog) keeps it: only a focus on nothing or on a link is moved. Runs
 * before the browser paints, so the next key press already starts from the content. Renders nothing.
 */
export function NavigationFocus() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const focused = document.activeElement;
    const lost = !focused || focused === document.body || !focused.isConnected;
    if (!lost && !(focused instanceof HTMLAnchorElement)) return;
    document.getElementById("content")?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
