import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { ROUTE_LOADING_MS } from "../../domain/constants";
import { useT } from "../lib/i18n";

/**
 * Thin progress bar at the top of the window while a navigation is under way, shown only
 * when it takes longer than the routing loading delay (SPEC §9, about 300 ms).
 */
export function NavigationProgress() {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), ROUTE_LOADING_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  return (
    <div
      role="progressbar"
      aria-label={t("common.loading")}
      aria-hidden={!visible}
      hidden={!visible}
      className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-accent-100"
    >
      <div className="animate-nav-progress h-full w-2/5 bg-accent-600 motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}
