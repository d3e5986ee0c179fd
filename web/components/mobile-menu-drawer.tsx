import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { textLang } from "../../domain/content-language";
import type { MenuCategory } from "../../domain/types";
import { useT } from "../lib/i18n";
import { categoryPath, PREMIUM_PATH, PRODUCTS_PATH, SALE_PATH } from "../lib/paths";
import { AccountLink, type ShellUser } from "./account-link";
import { CloseButton } from "./close-button";
import { ChevronDownIcon } from "./icons";
import { LanguageSwitch } from "./language-switch";

// The mobile menu's drawer, in its own chunk: mobile-menu.tsx loads it on the first open, so no
// page's first load carries it (docs/decisions/021-bundle-budgets.md).

export interface MobileMenuDrawerProps {
  categories: readonly MenuCategory[];
  user?: ShellUser | null;
  open: boolean;
  onClose: () => void;
}

/** The drawer: a native modal <dialog> (focus is trapped, Escape closes; a backdrop click too). */
export default function MobileMenuDrawer({ categories, user, open, onClose }: MobileMenuDrawerProps) {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const linkClass = "block rounded-md px-3 py-2.5 font-medium text-stone-800 hover:bg-stone-100";

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: backdrop click only; Escape is handled by the dialog
    <dialog
      ref={dialogRef}
      aria-label={t("nav.menu")}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="fixed inset-y-0 right-auto left-0 m-0 h-dvh max-h-none w-[min(22rem,88vw)] max-w-none bg-white p-0 text-stone-800 shadow-xl backdrop:bg-stone-900/40"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
          <span className="font-semibold">{t("nav.menu")}</span>
          <CloseButton label={t("nav.closeMenu")} onClick={onClose} />
        </div>
        <nav aria-label={t("nav.menu")} className="flex-1 overflow-y-auto px-2 py-3">
          <ul className="space-y-0.5">
            <li>
              <Link to={PRODUCTS_PATH} className={linkClass}>
                {t("nav.allProducts")}
              </Link>
            </li>
            {categories.map((category) => (
              <li key={category._id}>
                {category.subcategories.length > 0 ? (
                  <details className="group">
                    <summary className="flex cursor-pointer list-none items-center justify-between rounded-md px-3 py-2.5 font-medium hover:bg-stone-100 [&::-webkit-details-marker]:hidden">
                      <span lang={textLang(category, "title")}>{category.title}</span>
                      <ChevronDownIcon className="size-4 transition-transform group-open:rotate-180" />
                    </summary>
                    <ul className="mb-1 ml-3 border-l border-stone-200 pl-2">
                      <li>
                        <Link to={categoryPath(category._id)} className={`${linkClass} text-sm`}>
                          {t("nav.allProducts")}:{" "}
                          <span lang={textLang(category, "title")}>{category.title}</span>
                        </Link>
                      </li>
                      {category.subcategories.map((sub) => (
                        <li key={sub._id}>
                          <Link to={categoryPath(sub._id)} className={`${linkClass} text-sm font-normal`}>
                            <span lang={textLang(sub, "title")}>{sub.title}</span>
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </details>
                ) : (
                  <Link to={categoryPath(category._id)} className={linkClass}>
                    <span lang={textLang(category, "title")}>{category.title}</span>
                  </Link>
                )}
              </li>
            ))}
          </ul>
          <ul className="mt-3 space-y-0.5 border-t border-stone-200 pt-3">
            <li>
              <Link to={SALE_PATH} className={`${linkClass} text-accent-700`}>
                {t("nav.sale")}
              </Link>
            </li>
            <li>
              <Link to={PREMIUM_PATH} className={linkClass}>
                {t("nav.premium")}
              </Link>
            </li>
          </ul>
        </nav>
        <div className="flex items-center justify-between gap-2 border-t border-stone-200 px-4 py-3">
          <AccountLink user={user} withLabel />
          <LanguageSwitch />
        </div>
      </div>
    </dialog>
  );
}
