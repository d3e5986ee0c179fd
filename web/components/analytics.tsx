import { useEffect } from "react";
import { useLocation } from "react-router";
import { pathWithoutSecrets, withoutSecrets } from "../lib/analytics-address";
import type { ConsentDecision } from "../lib/cookies";
import { useCookieConsent } from "./cookie-consent";

// Google Analytics 4 (gtag.js), only after the visitor accepted cookies and only when
// measurement ids are configured (GA_MEASUREMENT_IDS). Automatic page views are off
// (`send_page_view: false`); one `page_view` is sent per address, on the first page and on
// every client-side navigation. Before consent, after a rejection and without ids, no script
// is added and nothing is sent to Google.

export const GTAG_SCRIPT_URL = "https://www.googletagmanager.com/gtag/js";
const SCRIPT_ID = "ga4-gtag";

type Gtag = (...args: unknown[]) => void;
type AnalyticsWindow = Window & { dataLayer?: unknown[]; gtag?: Gtag } & Record<string, unknown>;

function analyticsWindow(): AnalyticsWindow {
  return window as unknown as AnalyticsWindow;
}

/** Adds gtag.js once and configures every id without automatic page views. */
function startGtag(ids: readonly string[]): Gtag {
  const w = analyticsWindow();
  for (const id of ids) w[`ga-disable-${id}`] = false;
  if (w.gtag && document.getElementById(SCRIPT_ID)) return w.gtag;
  w.dataLayer = w.dataLayer ?? [];
  // gtag.js reads the `arguments` objects pushed to dataLayer, not arrays
  const gtag: Gtag = function gtag() {
    // biome-ignore lint/complexity/noArguments: the gtag.js snippet's contract
    w.dataLayer?.push(arguments);
  };
  w.gtag = gtag;
  gtag("js", new Date());
  for (const id of ids) gtag("config", id, { send_page_view: false });
  const script = document.createElement("script");
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = `${GTAG_SCRIPT_URL}?id=${encodeURIComponent(ids[0] ?? "")}`;
  document.head.appendChild(script);
  return gtag;
}

/** After a consent withdrawal: stop sending and remove the analytics cookies (_ga, _ga_*). */
function stopGtag(ids: readonly string[]): void {
  const w = analyticsWindow();
  if (!w.gtag) return;
  for (const id of ids) w[`ga-disable-${id}`] = true;
  const names = document.cookie
    .split(";")
    .map((part) => part.split("=")[0]?.trim() ?? "")
    .filter((name) => name === "_ga" || name.startsWith("_ga_") || name === "_gid");
  // GA sets its cookies on the widest domain it may; try each level of the host name
  const labels = window.location.hostname.split(".");
  const domains = labels.map((_, index) => labels.slice(index).join("."));
  for (const name of names) {
    // biome-ignore lint/suspicious/noDocumentCookie: removing third-party analytics cookies
    document.cookie = `${name}=; Path=/; Max-Age=0`;
    for (const domain of domains) {
      // biome-ignore lint/suspicious/noDocumentCookie: removing third-party analytics cookies
      document.cookie = `${name}=; Path=/; Max-Age=0; Domain=${domain}`;
    }
  }
}

export function Analytics({
  measurementIds,
  serverDecision,
}: {
  measurementIds: readonly string[];
  serverDecision: ConsentDecision | null;
}) {
  const { decision } = useCookieConsent(serverDecision);
  const location = useLocation();
  const enabled = decision === "accepted" && measurementIds.length > 0;
  const idsKey = measurementIds.join(",");
  const address = `${location.pathname}${location.search}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: idsKey stands for the ids
  useEffect(() => {
    if (enabled) startGtag(measurementIds);
    else if (decision === "rejected") stopGtag(measurementIds);
  }, [enabled, decision, idsKey]);

  // one page view per address (the first page and every navigation); the title is already the
  // new page's, as the effect runs after React committed the route's <title>
  // biome-ignore lint/correctness/useExhaustiveDependencies: idsKey stands for the ids; address triggers the page view
  useEffect(() => {
    if (!enabled) return;
    const gtag = analyticsWindow().gtag;
    if (!gtag) return;
    // never a link's token, an e-mail or an order's key (web/lib/analytics-address.ts): `set` covers
    // whatever gtag.js sends by itself too
    const page = {
      page_location: withoutSecrets(window.location.href),
      page_referrer: withoutSecrets(document.referrer),
    };
    gtag("set", page);
    gtag("event", "page_view", {
      send_to: measurementIds,
      ...page,
      page_path: pathWithoutSecrets(window.location.href),
      page_title: document.title,
    });
  }, [enabled, idsKey, address]);

  return null;
}
