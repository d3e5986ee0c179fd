import { data, useLoaderData } from "react-router";
import { translate } from "../../../domain/i18n";
import { payableUntil } from "../../../domain/order-status";
import { isShopModerator } from "../../../domain/roles";
import { withdrawalUrlOf } from "../../../domain/withdrawal-links";
import { OrderCard } from "../../components/order-card";
import { PayNowPanel } from "../../components/pay-now";
import { RefundOwedNotice } from "../../components/refund-owed-notice";
import { NO_STORE } from "../../lib/checkout.server";
import { findOrder, lookupFromUrl } from "../../lib/checkout-order.server";
import { langFromMatches, metaTags, pageTitle } from "../../lib/meta";
import { payGuestOrder } from "../../lib/pay-order.server";
import { CONTAINER } from "../../lib/site";
import { OrderAfterSalePanel } from "../after-sale/order-after-sale-lazy";
import type { Route } from "./+types/order-view";
import { OrderNotFound } from "./order-not-found";

// /zamowienie?orderNumber=…&email=… (SPEC §2 Order view screen): "Zamówienie {orderNumber}" with the
// full order card (the guest lookup: the number and the order's e-mail must both match). An unpaid
// order offers "Zapłać" until its payment time ends (its open payment resumed, or a new one).

export function meta({ matches, data: loaderData }: Route.MetaArgs) {
  const lang = langFromMatches(matches);
  const tags = metaTags(lang, "order.notFound");
  if (loaderData?.order) {
    tags[0] = {
      title: pageTitle(translate(lang, "order.viewTitle", { orderNumber: loaderData.order.orderNumber })),
    };
  }
  return [...tags, { name: "robots", content: "noindex" }];
}

export function headers() {
  return NO_STORE;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const order = await findOrder(context, lookupFromUrl(request));
  const loggedIn = context.user !== null;
  if (!order)
    return data(
      { order: null, loggedIn, viewerIsModerator: false, payUntil: null, afterSale: null },
      { status: 404, headers: NO_STORE },
    );
  const viewerIsModerator = context.user ? isShopModerator(context.user) : false;
  const afterSale = await context.services.withdrawals.ofOrder(order);
  return data(
    { order, loggedIn, viewerIsModerator, payUntil: payableUntil(order), afterSale },
    { headers: NO_STORE },
  );
}

/** "Zapłać": the order's open payment, or a new one, then the bank. */
export async function action({ context, request }: Route.ActionArgs) {
  return payGuestOrder(context, request);
}

export default function OrderView() {
  const { order, loggedIn, viewerIsModerator, payUntil, afterSale } = useLoaderData<typeof loader>();
  return (
    <div className={`${CONTAINER} py-6 sm:py-10`}>
      <div className="mx-auto max-w-4xl">
        {order ? (
          <div className="space-y-4">
            <RefundOwedNotice statuses={order.statuses} />
            {payUntil ? <PayNowPanel until={payUntil} /> : null}
            <OrderCard order={order} mode="full" headingLevel={1} viewerIsModerator={viewerIsModerator} />
            {afterSale ? (
              <OrderAfterSalePanel afterSale={afterSale} withdrawUrl={withdrawalUrlOf(order)} />
            ) : null}
          </div>
        ) : (
          <OrderNotFound loggedIn={loggedIn} />
        )}
      </div>
    </div>
  );
}
