// The height of a bar kept at the bottom of the window (the cookie notice, the product page's
// add-to-cart bar) as a CSS custom property on <html>, which web/app.css adds to the page's
// scroll-padding-bottom: an element scrolled into view (a focused field) then stops above the bar
// (WCAG 2.4.11 Focus not obscured).

/** Keeps `property` (e.g. "--cookie-bar-height") at the element's height; the returned function removes it. */
export function trackBarHeight(element: HTMLElement, property: string): () => void {
  const root = document.documentElement;
  const update = () => root.style.setProperty(property, `${element.offsetHeight}px`);
  update();
  const observer = new ResizeObserver(update);
  observer.observe(element);
  return () => {
    observer.disconnect();
    root.style.removeProperty(property);
  };
}
