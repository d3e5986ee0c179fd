import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { textLang } from "../../domain/content-language";
import type { MenuCategory } from "../../domain/types";
import { useT } from "../lib/i18n";
import { categoryPath, PRODUCTS_PATH } from "../lib/paths";
import { CONTAINER } from "../lib/site";
import { ChevronDownIcon } from "./icons";
import { ResponsiveImage } from "./responsive-image";

/**
 * Desktop categories mega-menu: a disclosure button opening a panel with all products and
 * every top-level category with its subcategories. Escape, an outside click and a route change
 * close it. The panel's links are rendered only while it is open, as the phone's drawer does: closed,
 * they were 62 of a product page's 258 elements, rendered on every page that misses the cache and
 * hydrated on every phone that never shows them (docs/decisions/021-bundle-budgets.md).
 * Crawlers find every category in the sitemap and in the product list's category tree.
 */
export function CategoriesMenu({ categories }: { categories: readonly MenuCategory[] }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close on every navigation
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [open]);

  return (
    <div ref={wrapperRef}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={`inline-flex min-h-10 items-center gap-1 rounded-full px-4 font-medium ${
          open ? "bg-stone-800 text-white" : "text-stone-800 hover:bg-stone-100"
        }`}
      >
        {t("products.title")}
        <ChevronDownIcon className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full z-40 border-y border-stone-200 bg-white shadow-lg"
      >
        {open ? <CategoriesPanel categories={categories} /> : null}
      </div>
    </div>
  );
}

function CategoriesPanel({ categories }: { categories: readonly MenuCategory[] }) {
  const t = useT();
  return (
    <div className={`${CONTAINER} max-h-[70vh] overflow-y-auto py-6`}>
      <Link
        to={PRODUCTS_PATH}
        className="inline-block rounded-md font-semibold text-accent-700 underline-offset-4 hover:underline"
      >
        {t("nav.allProducts")}
      </Link>
      <ul className="mt-5 grid grid-cols-3 gap-x-8 gap-y-6 lg:grid-cols-4 xl:grid-cols-5">
        {categories.map((category) => (
          <li key={category._id}>
            <Link
              to={categoryPath(category._id)}
              className="group block rounded-md font-semibold text-stone-900 underline-offset-4 hover:underline"
            >
              {category.image ? (
                <ResponsiveImage
                  src={category.image}
                  // at most max-w-64, in 3 to 5 columns of the open menu
                  sizes="256px"
                  alt=""
                  width={320}
                  height={180}
                  className="mb-2 aspect-video w-full max-w-64 rounded-lg bg-stone-100 object-cover transition-opacity group-hover:opacity-90"
                />
              ) : null}
              <span lang={textLang(category, "title")}>{category.title}</span>
            </Link>
            {category.subcategories.length > 0 ? (
              <ul className="mt-2 space-y-1.5">
                {category.subcategories.map((sub) => (
                  <li key={sub._id}>
                    <Link
                      to={categoryPath(sub._id)}
                      className="rounded-md text-sm text-stone-600 underline-offset-4 hover:text-stone-900 hover:underline"
                    >
                      <span lang={textLang(sub, "title")}>{sub.title}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
