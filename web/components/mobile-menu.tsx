import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { MenuCategory } from "../../domain/types";
import { useT } from "../lib/i18n";
import type { ShellUser } from "./account-link";
import { MenuIcon } from "./icons";
import type { MobileMenuDrawerProps } from "./mobile-menu-drawer";

const loadDrawer = () => import("./mobile-menu-drawer");

// The drawer loads on the first open: should its chunk fail to load, the button does nothing (the
// header's links, the search and the footer still work).
const MobileMenuDrawer = lazy<ComponentType<MobileMenuDrawerProps>>(() =>
  loadDrawer().catch((error: unknown) => {
    console.error("mobile menu not loaded", error);
    return { default: () => null };
  }),
);

/**
 * Mobile menu (below 768 px): a button opening a drawer (mobile-menu-drawer.tsx, a native modal
 * <dialog>: focus is trapped, Escape closes) that repeats the links of the top bar. Closes on route
 * change and on a click on the backdrop. The drawer's code loads when the button is first pointed
 * at, focused or pressed; it is not in the server's HTML (without JavaScript the button cannot
 * open it anyway, and the header's category menu holds the same links).
 */
export function MobileMenu({
  categories,
  user,
}: {
  categories: readonly MenuCategory[];
  user?: ShellUser | null;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close on every navigation
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        // start loading the drawer before the click lands
        onPointerEnter={loadDrawer}
        onFocus={loadDrawer}
        aria-label={t("nav.openMenu")}
        aria-expanded={open}
        aria-haspopup="dialog"
        className="inline-flex size-10 items-center justify-center rounded-full text-stone-800 hover:bg-stone-100"
      >
        <MenuIcon className="size-6" />
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <MobileMenuDrawer categories={categories} user={user} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
