// Moving the focus for the shopper (after "Zapisz", to the first field to correct): the browser's
// own scroll on focus leaves an element that is already inside the window where it is, even under a
// bar kept at the bottom (the cookie notice, web/lib/bar-height.ts). Centring it keeps it clear of
// every bar (WCAG 2.4.11 Focus not obscured); the page's scroll-behavior (smooth, or instant with
// reduced motion) applies.

export function focusInView(element: HTMLElement | null | undefined): void {
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: "center" });
}
