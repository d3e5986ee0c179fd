import { useEffect, useRef, useState } from "react";
import { data, Link, redirect, useLoaderData, useLocation, useRevalidator } from "react-router";
import { ORDER_POLL_MS, ORDER_POLL_STOP_MS } from "../../../domain/constants";
import { payableUntil, type ResultView, resultView } from "../../../domain/order-status";
import { CheckoutSteps } from "../../components/checkout-steps";
import { OrderCard } from "../../components/order-card";
import { PayNowButton, PayUntil } from "../../components/pay-now";
import { RefundOwedNotice } from "../../components/refund-owed-notice";
import { Spinner } from "../../components/spinner";
import { ORDER_VIEW_PATH } from "../../lib/cart-paths";
import { NO_STORE } from "../../lib/checkout.server";
import { findOrder, lookupFromUrl } from "../../lib/checkout-order.server";
import { useT } from "../../lib/i18n";
import { langFromMatches, metaTags } from "../../lib/meta";
import { payGuestOrder } from "../../lib/pay-order.server";
import { clearCartCookies, hasCartState } from "../../lib/shop-cookies";
import { CONTAINER } from "../../lib/site";
import type { Route } from "./+types/order-result";
import { OrderNotFound } from "./order-not-found";
import "../../lib/orders-texts";
import { PrimaryLink } from "../../components/primary-link";

// /gotowe?orderNumber=…&email=… (SPEC §2 Order result screen, §4): the payment's outcome by the
// order's status, then the full order card. Confirmed clears the cart; pending re-fetches the
// order every 2 s for 2 minutes (ORDER_POLL_STOP_MS), then says what to do (the payment may still
// arrive; the order page, the contact page); a failed payment offers "Spróbuj ponownie" and an
// unfinished one "Zapłać" (the open payment resumed, or a new one) until the payment time ends.

export function meta({ matches }: Route.MetaArgs) {
  return [...metaTags(langFromMatches(matches), "order.resultTitle"), { name: "robots", content: "noindex" }];
}

export function headers() {
  return NO_STORE;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const order = await findOrder(context, lookupFromUrl(request));
  const loggedIn = context.user !== null;
  if (!order)
    return data({ order: null, view: null, loggedIn, payUntil: null }, { status: 404, headers: NO_STORE });
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
  return data({ order, view, loggedIn, payUntil: payableUntil(order) }, { headers: NO_STORE });
}

/** "Spróbuj ponownie" / "Zapłać": the order's open payment, or a new one, then the gateway (a refusal: a toast). */
export async function action({ context, request }: Route.ActionArgs) {
  return payGuestOrder(context, request);
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

/**
 * Re-fetches the page's data every ORDER_POLL_MS while `active`, for ORDER_POLL_STOP_MS at most; stops
 * when not active, or when unmounted. Returns false once it has given up waiting.
 */
function usePolling(active: boolean): boolean {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const [waiting, setWaiting] = useState(true);
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (latest.current.state === "idle") void latest.current.revalidate();
    }, ORDER_POLL_MS);
    const stop = window.setTimeout(() => {
      window.clearInterval(timer);
      setWaiting(false);
    }, ORDER_POLL_STOP_MS);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(stop);
    };
  }, [active]);
  return waiting;
}

/** Pending for too long: the payment may still arrive; the order page (with "Zapłać") and the contact page. */
function StoppedWaiting({ payUntil }: { payUntil: string | null }) {
  const t = useT();
  const location = useLocation();
  return (
    <div role="status" className="flex flex-col items-center gap-3">
      <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
        {t("order.pendingStoppedTitle")}
      </h1>
      <p className="max-w-prose text-stone-700">{t("order.pendingStoppedText")}</p>
      {payUntil ? <PayUntil until={payUntil} className="text-stone-700" /> : null}
      <div className="flex flex-wrap items-center justify-center gap-x-5 gap-y-3">
        <PrimaryLink to={`${ORDER_VIEW_PATH}${location.search}`}>{t("order.goToOrder")}</PrimaryLink>
        <Link to="/kontakt" className="font-semibold text-accent-700 underline underline-offset-2">
          {t("order.contactUs")}
        </Link>
      </div>
    </div>
  );
}

export default function OrderResult() {
  const t = useT();
  const { order, view, loggedIn, payUntil } = useLoaderData<typeof loader>();
  const waiting = usePolling(view === "pending");

  return (
    <div className={`${CONTAINER} py-6 sm:py-10`}>
      <CheckoutSteps current="done" cartEmpty={view === "confirmed"} canCheckout />
      <div className="mx-auto mt-6 max-w-4xl space-y-6">
        {!order || !view ? (
          <OrderNotFound loggedIn={loggedIn} />
        ) : (
          <>
            <section className={`rounded-2xl p-5 text-center shadow-sm ring-1 sm:p-8 ${TONES[view]}`}>
              {view === "pending" && !waiting ? (
                <StoppedWaiting payUntil={payUntil} />
              ) : view === "pending" ? (
                <>
                  <div role="status" className="flex flex-col items-center gap-3">
                    <Spinner className="size-10 text-accent-600" />
                    <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
                      {t(TITLES.pending)}
                    </h1>
                    <p className="text-stone-700">{t("order.pendingText")}</p>
                  </div>
                  {payUntil ? (
                    <div className="mt-5 flex flex-col items-center gap-2 border-t border-stone-200 pt-5 text-stone-700">
                      <p className="font-semibold">{t("order.pendingUnfinished")}</p>
                      <PayUntil until={payUntil} />
                      <PayNowButton />
                    </div>
                  ) : null}
                </>
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
                      {payUntil ? (
                        <>
                          <PayUntil until={payUntil} className="mt-1 text-stone-700" />
                          <div className="mt-4">
                            <PayNowButton label="order.retryPayment" />
                          </div>
                        </>
                      ) : null}
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
