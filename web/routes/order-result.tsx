import { useEffect, useRef } from "react";
import {
  data,
  Form,
  redirect,
  useLoaderData,
  useLocation,
  useNavigation,
  useRevalidator,
} from "react-router";
import { ORDER_POLL_MS } from "../../domain/constants";
import { type ResultView, resultView } from "../../domain/order-status";
import { CheckoutSteps } from "../components/cart/checkout-steps";
import { OrderNotFound } from "../components/checkout/order-not-found";
import { OrderCard } from "../components/order-card";
import { RefundOwedNotice } from "../components/refund-owed-notice";
import { Spinner } from "../components/spinner";
import { errorMessageKey } from "../lib/auth.server";
import { ORDER_DONE_PATH } from "../lib/cart-paths";
import { NO_STORE } from "../lib/checkout.server";
import { findOrder, lookupFromUrl } from "../lib/checkout-order.server";
import { redirectWithFlash } from "../lib/flash.server";
import { useT } from "../lib/i18n";
import { langFromMatches, metaTags } from "../lib/meta";
import { clearCartCookies, hasCartState } from "../lib/shop-cookies";
import { CONTAINER } from "../lib/site";
import type { Route } from "./+types/order-result";
import "../lib/orders-texts";

// /gotowe?orderNumber=…&email=… (SPEC §2 Order result screen, §4): the payment's outcome by the
// order's status, then the full order card. Confirmed clears the cart; pending re-fetches the
// order every 2 s; a failed payment offers "Spróbuj ponownie" (a new payment).

export function meta({ matches }: Route.MetaArgs) {
  return [...metaTags(langFromMatches(matches), "order.resultTitle"), { name: "robots", content: "noindex" }];
}

export function headers() {
  return NO_STORE;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const order = await findOrder(context, lookupFromUrl(request));
  const loggedIn = context.user !== null;
  if (!order) return data({ order: null, view: null, loggedIn }, { status: 404, headers: NO_STORE });
  const view = resultView(order.status);
  // SPEC §4: a confirmed order clears the cart (with its coupon, recipient data and point). The shell
  // (header badge, side cart) was read from this request's cookies, so answer with a redirect to the
  // same address: the browser comes back without them and every loader sees the empty cart.
  if (view === "confirmed" && hasCartState(request.headers.get("cookie"))) {
    const headers = new Headers(NO_STORE);
    for (const cookie of clearCartCookies()) headers.append("Set-Cookie", cookie);
    const url = new URL(request.url);
    throw redirect(`${url.pathname}${url.search}`, { headers });
  }
  return data({ order, view, loggedIn }, { headers: NO_STORE });
}

/** "Spróbuj ponownie": a new payment for the order, then the gateway. A failure is logged and shown as a toast. */
export async function action({ context, request }: Route.ActionArgs) {
  const lookup = lookupFromUrl(request);
  const url = new URL(request.url);
  const back = `${ORDER_DONE_PATH}${url.search}`;
  if (!lookup) throw data(null, { status: 404 });
  // the rate-limited guest lookup first (like the API's retry-payment): no unlimited e-mail guessing here
  if (!(await findOrder(context, lookup))) {
    return redirectWithFlash(back, {
      type: "error",
      key: errorMessageKey("order/not-found"),
      errorPrefix: true,
    });
  }
  const result = await context.services.payments.retry(lookup.orderNumber, lookup.email);
  if (!result.ok) {
    console.warn(`retry payment refused: ${result.code}`);
    return redirectWithFlash(back, { type: "error", key: errorMessageKey(result.code), errorPrefix: true });
  }
  return redirect(result.value.redirectUrl);
}

const TITLES = {
  confirmed: "order.confirmedTitle",
  canceled: "order.canceledTitle",
  pending: "order.pendingTitle",
  error: "order.paymentErrorTitle",
} as const satisfies Record<ResultView, string>;

const TONES: Record<ResultView, string> = {
  confirmed: "bg-emerald-50 ring-emerald-200",
  canceled: "bg-stone-100 ring-stone-300",
  pending: "bg-white ring-stone-200",
  error: "bg-red-50 ring-red-200",
};

/** Re-fetches the page's data every ORDER_POLL_MS while `active`; stops when not, or when unmounted. */
function usePolling(active: boolean) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (latest.current.state === "idle") void latest.current.revalidate();
    }, ORDER_POLL_MS);
    return () => window.clearInterval(timer);
  }, [active]);
}

function RetryButton() {
  const t = useT();
  const location = useLocation();
  const navigation = useNavigation();
  const retrying = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  return (
    <Form method="post" action={`${ORDER_DONE_PATH}${location.search}`} className="mt-4">
      <button
        type="submit"
        disabled={retrying}
        aria-busy={retrying || undefined}
        className="inline-flex min-h-11 items-center gap-2 rounded-full bg-accent-600 px-6 py-2.5 font-semibold text-white hover:bg-accent-700 disabled:cursor-wait disabled:opacity-80"
      >
        {retrying ? <Spinner /> : null}
        {retrying ? t("checkout.redirectingToPayment") : t("order.retryPayment")}
      </button>
    </Form>
  );
}

export default function OrderResult() {
  const t = useT();
  const { order, view, loggedIn } = useLoaderData<typeof loader>();
  usePolling(view === "pending");

  return (
    <div className={`${CONTAINER} py-6 sm:py-10`}>
      <CheckoutSteps current="done" cartEmpty={view === "confirmed"} canCheckout />
      <div className="mx-auto mt-6 max-w-4xl space-y-6">
        {!order || !view ? (
          <OrderNotFound loggedIn={loggedIn} />
        ) : (
          <>
            <section className={`rounded-2xl p-5 text-center shadow-sm ring-1 sm:p-8 ${TONES[view]}`}>
              {view === "pending" ? (
                <div role="status" className="flex flex-col items-center gap-3">
                  <Spinner className="size-10 text-accent-600" />
                  <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
                    {t(TITLES.pending)}
                  </h1>
                  <p className="text-stone-700">{t("order.pendingText")}</p>
                </div>
              ) : (
                <>
                  <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
                    {t(TITLES[view])}
                  </h1>
                  {view === "confirmed" ? (
                    <p className="mt-2 text-stone-700">{t("order.confirmedText")}</p>
                  ) : null}
                  {view === "error" ? (
                    <>
                      <p className="mt-2 text-stone-700">{t("order.paymentErrorText")}</p>
                      <RetryButton />
                    </>
                  ) : null}
                </>
              )}
            </section>
            <RefundOwedNotice statuses={order.statuses} />
            <OrderCard order={order} mode="full" />
          </>
        )}
      </div>
    </div>
  );
}
