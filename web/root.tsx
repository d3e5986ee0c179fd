import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { AdblockNotice } from "./components/adblock-notice";
import { CookieNoticeWhenUndecided } from "./components/cookie-consent";
import { SiteHeader } from "./components/site-header";
import { CartUiProvider, useCartUi } from "./routes/cart/cart-ui";
import "./lib/context";
import {
  createTranslator,
  DEFAULT_LANG,
  isLang,
  isMessageKey,
  type Lang,
  type MessageKey,
  type Translator,
  translate,
} from "../domain/i18n";
import type { SiteNavigation } from "../server/web-door";
import { type LoadedCart, loadCart, restoreChangesNotice } from "./lib/cart.server";
import { ORDER_DONE_PATH } from "./lib/cart-paths";
import { consentFromCookies } from "./lib/cookies";
import { useCspNonce, ZOD_JITLESS_SCRIPT } from "./lib/csp-nonce";
import type { FlashMessage } from "./lib/flash";
import { clearFlashCookie, readFlash } from "./lib/flash.server";
import { HYDRATE_AFTER_PICTURE_SCRIPT } from "./lib/hydrate-after-picture";
import { LangProvider, useT } from "./lib/i18n";
import { rememberRoute } from "./lib/last-route.server";
import { lazyAfterHydration, lazyInBrowser } from "./lib/lazy-in-browser";
import { langFromMatches, pageTitle } from "./lib/meta";
import { CONTAINER, SHOP_NAME } from "./lib/site";
import { AfterHydration } from "./lib/use-hydrated";

/** Data every page gets (read it with `useRouteLoaderData<typeof loader>("root")`). */
export async function loader({ context, request }: Route.LoaderArgs) {
  // the menu's categories and the footer's pages in one statement (statements are what a page costs)
  const [{ categories, pages }, cart]: [SiteNavigation, LoadedCart] = await Promise.all([
    context.services.content.siteNavigation(context.lang),
    loadCart(request, context),
  ]);
  // a toast carried over a redirect is shown once; anonymous visitors' routes are remembered for login
  const carried = readFlash(request.headers.get("cookie"));
  const headers = new Headers();
  if (carried) headers.append("Set-Cookie", clearFlashCookie());
  // a saved coupon that stopped qualifying is removed from the cart, lines that are gone or lowered to
  // the stock are saved as they now are: say so once
  const flash: FlashMessage | null =
    carried ??
    restoreChangesNotice(cart.changes, context.lang) ??
    (cart.couponDropped ? { id: "coupon-dropped", type: "info", key: "cart.couponNoLongerValid" } : null);
  const lastRoute = rememberRoute(request, context.user !== null);
  if (lastRoute) headers.append("Set-Cookie", lastRoute);
  for (const cookie of cart.setCookies) headers.append("Set-Cookie", cookie);
  return data(
    {
      lang: context.lang,
      /** absolute base URL for canonical and sharing tags (web/lib/seo.ts) */
      publicUrl: context.publicSettings.publicUrl,
      /** GA4 ids; analytics load only after cookie consent */
      gaMeasurementIds: context.publicSettings.gaMeasurementIds,
      /** the signed-in user, or null (account icon, moderator links, unapproved banner) */
      user: context.user,
      /** top-level categories with nested subcategories (mega-menu, mobile menu) */
      categories,
      /** static pages for the footer */
      pages,
      /** from the server clock, for the footer */
      year: new Date().getFullYear(),
      /** "accepted", "rejected" or null (undecided: the cookie notice shows); analytics only when accepted */
      cookieConsent: consentFromCookies(request.headers.get("cookie")),
      /** a one-time message from the previous action (toast), or null */
      flash,
      /** the visitor's cart from the cart cookies, priced on the server (header badge, side cart, /koszyk, checkout) */
      cart: cart.cart,
    },
    { headers },
  );
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>["data"];

// the shell data changes with the language and the cart: reload it after form actions, and on the
// order result page, which empties the cart once the order is confirmed
export function shouldRevalidate({
  formAction,
  formData,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // a refused order (409) may have changed the cart (stock ran out): the badge and side cart follow
  if (formAction) return defaultShouldRevalidate || formData?.get("intent") === "pay";
  return nextUrl.pathname === ORDER_DONE_PATH;
}

const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#a84a27"/><text x="16" y="23" font-size="20" text-anchor="middle" fill="#fff">✂</text></svg>',
)}`;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: FAVICON, type: "image/svg+xml" },
];

export function meta({ matches, error }: Route.MetaArgs) {
  const lang = langFromMatches(matches);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  const title = error
    ? pageTitle(
        translate(
          lang,
          notFound ? "errors.notFound" : unavailable ? "errors.serviceUnavailable" : "errors.generic",
        ),
      )
    : SHOP_NAME;
  return [
    { title },
    { name: "description", content: translate(lang, "home.metaDescription") },
    { property: "og:site_name", content: SHOP_NAME },
  ];
}

export function Layout({ children }: { children: ReactNode }) {
  // the language of the texts on the page: the browser loads that language's texts before it
  // hydrates (web/entry.client.tsx), also for an error page without root data that carries its own
  const rootData = useRouteLoaderData<typeof loader>("root");
  const pageLang = rootData?.lang ?? DEFAULT_LANG;
  const errorLang = errorLangOf(useRouteError());
  const lang = rootData ? pageLang : (errorLang ?? pageLang);
  // the request's CSP nonce on every script (server/http/security-headers.ts, web/entry.server.tsx)
  const nonce = useCspNonce();
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#fbf8f3" />
        <Meta />
        <Links />
        <script
          nonce={nonce}
          // the browser hides the nonce once parsed; the script ran and is not run again
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own (web/lib/csp-nonce.ts)
          dangerouslySetInnerHTML={{ __html: ZOD_JITLESS_SCRIPT }}
        />
      </head>
      <body className="min-h-dvh">
        <LangProvider lang={pageLang}>{children}</LangProvider>
        <ScrollRestoration nonce={nonce} />
        <script
          nonce={nonce}
          suppressHydrationWarning
          // runs <Scripts>' hydration module once the LCP picture is shown (web/lib/script-priority.ts)
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own (web/lib/hydrate-after-picture.ts)
          dangerouslySetInnerHTML={{ __html: HYDRATE_AFTER_PICTURE_SCRIPT }}
        />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Header, main content, footer and the cookie notice around a page (or an error). */
function Shell({ children }: { children: ReactNode }) {
  return (
    <CartUiProvider>
      <ShellLayout>{children}</ShellLayout>
    </CartUiProvider>
  );
}

// the side cart loads when it first opens: most visits never open it (docs/decisions/021-bundle-budgets.md)
const SideCart = lazy(() => import("./routes/cart/side-cart").then((m) => ({ default: m.SideCart })));
// analytics load only in a shop that has GA ids; they render nothing and start after consent
// the banner of a signed-in account not active yet is rare: the browser loads it with the first
// page showing it, the server renders it in place (web/lib/lazy-in-browser.ts)
const loadUnapprovedBanner = () => import("./components/unapproved-banner");
const UnapprovedBanner = lazyInBrowser(loadUnapprovedBanner, (m) => m.UnapprovedBanner);
// stable empty lists (an error page without root data), so the lazy parts' props keep their identity
const NO_PAGES: NonNullable<RootLoaderData>["pages"] = [];
const NO_CATEGORIES: NonNullable<RootLoaderData>["categories"] = [];
// the footer is below every page's content: its code loads while the rest hydrates (the server
// renders it in place, web/lib/lazy-in-browser.ts)
const SiteFooter = lazyInBrowser(
  () => import("./components/site-footer"),
  (m) => m.SiteFooter,
);
// the toasts' code loads while the page hydrates; the server renders a flash message in place
const Toaster = lazyInBrowser(
  () => import("./components/toaster"),
  (m) => m.Toaster,
);
// browser-only helpers with nothing to show before the first client-side navigation: their code
// loads once the page is interactive
const NavigationProgress = lazyAfterHydration(
  () => import("./components/navigation-progress"),
  (m) => m.NavigationProgress,
);
const NavigationFocus = lazyAfterHydration(
  () => import("./components/navigation-focus"),
  (m) => m.NavigationFocus,
);
const RouteMemory = lazyAfterHydration(
  () => import("./components/route-memory"),
  (m) => m.RouteMemory,
);
const Analytics = lazy(() => import("./components/analytics").then((m) => ({ default: m.Analytics })));

function ShellLayout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const t = useT();
  const cartUi = useCartUi();
  const [cartOpened, setCartOpened] = useState(false);
  useEffect(() => {
    if (cartUi.isOpen) setCartOpened(true);
  }, [cartUi.isOpen]);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#content"
        className="sr-only z-[70] rounded-md bg-white px-4 py-2 font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t("nav.skipToContent")}
      </a>
      {/* early in the focus order (WCAG 2.4.3), drawn at the bottom (its `order-last`) */}
      {data ? <CookieNoticeWhenUndecided serverDecision={data.cookieConsent} /> : null}
      <AfterHydration>
        <Suspense fallback={null}>
          <NavigationProgress />
        </Suspense>
      </AfterHydration>
      <SiteHeader
        categories={data?.categories ?? NO_CATEGORIES}
        user={data?.user ?? undefined}
        cartCount={data?.cart.itemCount ?? 0}
        onCartClick={data ? cartUi.open : undefined}
      />
      <AdblockNotice />
      {data?.user && !data.user.approved ? <UnapprovedBanner /> : null}
      <main id="content" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter pages={data?.pages ?? NO_PAGES} year={data?.year ?? new Date().getFullYear()} />
      {data && (cartUi.isOpen || cartOpened) ? (
        <Suspense fallback={null}>
          <SideCart />
        </Suspense>
      ) : null}
      <Toaster flash={data?.flash} />
      <AfterHydration>
        <Suspense fallback={null}>
          <RouteMemory signedIn={!!data?.user} />
          <NavigationFocus />
        </Suspense>
      </AfterHydration>
      {data && data.gaMeasurementIds.length > 0 ? (
        <Suspense fallback={null}>
          <Analytics measurementIds={data.gaMeasurementIds} serverDecision={data.cookieConsent} />
        </Suspense>
      ) : null}
    </div>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/**
 * A loader may throw `data({ messageKey }, { status })` (e.g. 403 'Required admin role'); a 503
 * (the database out of reach, web/entry.server.tsx) says the service is unavailable.
 */
function errorKeyOf(error: unknown): MessageKey {
  const key = isRouteErrorResponse(error)
    ? (error.data as { messageKey?: unknown } | null)?.messageKey
    : undefined;
  if (typeof key === "string" && isMessageKey(key)) return key;
  return isRouteErrorResponse(error) && error.status === 503 ? "errors.serviceUnavailable" : "errors.generic";
}

/** The visitor's language an error carries when the root data is missing (503: web/entry.server.tsx). */
function errorLangOf(error: unknown): Lang | undefined {
  const lang = isRouteErrorResponse(error) ? (error.data as { lang?: unknown } | null)?.lang : undefined;
  return isLang(lang) ? lang : undefined;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const pageT = useT();
  const errorLang = errorLangOf(error);
  const t: Translator = errorLang ? createTranslator(errorLang) : pageT;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!notFound && !isRouteErrorResponse(error)) console.error(error);

  return (
    <Shell>
      <section className={`${CONTAINER} flex flex-col items-center py-20 text-center`}>
        <p className="font-serif text-6xl font-semibold text-accent-600">{status}</p>
        <h1 className="mt-4 text-2xl font-semibold text-stone-900">
          {notFound ? t("errors.notFound") : t(errorKeyOf(error))}
        </h1>
        <Link
          to="/"
          className="mt-8 rounded-full bg-accent-600 px-6 py-2.5 font-semibold text-white hover:bg-accent-700"
        >
          {t("common.homeLink")}
        </Link>
      </section>
    </Shell>
  );
}
