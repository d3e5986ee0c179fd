import { type ReactNode, useEffect, useState } from "react";

/** False in the server-rendered HTML and until hydration, then true (no-JS fallbacks hide after it). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Its children only once the page has hydrated. The state change that shows them re-renders this
 * component alone: a layout calling useHydrated itself would render again with everything it holds
 * (the header, with its menus) right after hydration.
 */
export function AfterHydration({ children }: { children: ReactNode }): ReactNode {
  return useHydrated() ? children : null;
}
