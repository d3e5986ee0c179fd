import { useEffect, useState } from "react";
import { useT } from "../../lib/i18n";
import "../../lib/product-texts";

/** How long each message stays before the next one (ms). */
const ROTATE_MS = 6_000;

/**
 * Rotating social-proof line (SPEC §2 Product screen) from real figures only: people viewing the
 * product in the last 15 minutes and pieces bought in the last 30 days. The server passes only the
 * figures worth showing (null otherwise); nothing is shown without one. Rotation pauses while the
 * pointer or focus is on it, and for people who prefer reduced motion every message is listed.
 */
export function SocialProof({ viewers, purchases }: { viewers: number | null; purchases: number | null }) {
  const t = useT();
  const messages = [
    viewers !== null ? t("product.socialProofViewers", { count: viewers }) : null,
    purchases !== null ? t("product.socialProofPurchases30Days", { count: purchases }) : null,
  ].filter((message): message is string => message !== null);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);

  useEffect(() => {
    setReducedMotion(window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  }, []);

  useEffect(() => {
    if (messages.length < 2 || paused || reducedMotion) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % messages.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, [messages.length, paused, reducedMotion]);

  if (messages.length === 0) return null;
  const shown = reducedMotion ? messages : [messages[index % messages.length] ?? ""];
  return (
    <ul
      className="space-y-1 rounded-xl bg-accent-50 px-4 py-2.5 text-sm font-medium text-accent-800"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      {shown.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}
