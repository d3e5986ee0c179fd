import { useEffect, useState } from "react";

/** False in the server-rendered HTML and until hydration, then true (no-JS fallbacks hide after it). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
