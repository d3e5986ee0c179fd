import { Suspense } from "react";
import { lazyAfterHydration } from "../lib/lazy-in-browser";
import { useHydrated } from "../lib/use-hydrated";

// the check runs only in the browser after hydration, so its code loads then, off the first load
// (docs/decisions/021-bundle-budgets.md)
const AdblockCheck = lazyAfterHydration(
  () => import("./adblock-check"),
  (m) => m.AdblockCheck,
);

/**
 * Ad-block notice (SPEC §1): the polite live region is in the page from the start, so the note
 * the check may add later (web/components/adblock-check.tsx) is announced.
 */
export function AdblockNotice() {
  const hydrated = useHydrated();
  return (
    <div role="status" aria-live="polite">
      {hydrated ? (
        <Suspense fallback={null}>
          <AdblockCheck />
        </Suspense>
      ) : null}
    </div>
  );
}
