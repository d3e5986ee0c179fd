import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useT } from "../../lib/i18n";
import "../../lib/product-texts";

/**
 * The phone's buy bar (issue 25: on a product with options the add-to-cart button is far down): once
 * the shopper has scrolled past the real button (the element `targetId`), a bar at the bottom of the
 * screen shows the chosen version's price and "Dodaj do koszyka", which submits the real button's
 * form, so it adds the same version the same way. Phones only (hidden from 640 px). While it is shown
 * it sets `--buy-bar-height` on <html>, which web/app.css adds to the scroll padding, so an element
 * that gets the focus is never left under it (WCAG 2.4.11). Browser-only: it loads after hydration.
 */
export function BuyBar({
  targetId,
  price,
  enabled,
  pending,
}: {
  targetId: string;
  price: string;
  enabled: boolean;
  pending: boolean;
}) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const bar = useRef<HTMLElement>(null);

  useEffect(() => {
    const target = document.getElementById(targetId);
    if (!target) return;
    const observer = new IntersectionObserver(([entry]) =>
      setShown(entry !== undefined && !entry.isIntersecting && entry.boundingClientRect.top < 0),
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [targetId]);

  useLayoutEffect(() => {
    const style = document.documentElement.style;
    // 0 when hidden, or on a wider screen where the bar is not displayed
    const height = shown ? (bar.current?.offsetHeight ?? 0) : 0;
    if (height > 0) style.setProperty("--buy-bar-height", `${height}px`);
    else style.removeProperty("--buy-bar-height");
    return () => {
      style.removeProperty("--buy-bar-height");
    };
  }, [shown]);

  return (
    <section
      ref={bar}
      hidden={!shown}
      aria-label={t("product.buyBar")}
      style={{ bottom: "var(--cookie-bar-height, 0px)" }}
      className="fixed inset-x-0 z-40 flex items-center justify-between gap-3 border-t border-stone-200 bg-white px-4 py-2.5 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] sm:hidden"
    >
      <p className="text-xl font-semibold text-stone-900">{price}</p>
      <button
        type="button"
        disabled={!enabled}
        aria-busy={pending || undefined}
        onClick={() => document.getElementById(targetId)?.querySelector("form")?.requestSubmit()}
        className="min-h-11 rounded-full bg-accent-600 px-5 py-2 font-semibold text-white hover:bg-accent-700 disabled:bg-stone-300 disabled:text-stone-600 aria-busy:cursor-wait aria-busy:opacity-80"
      >
        {t("product.addToCart")}
      </button>
    </section>
  );
}
