import { data, isRouteErrorResponse, Link, useLoaderData, useRouteError } from "react-router";
import { translate } from "../../../domain/i18n";
import { payableUntil } from "../../../domain/order-status";
import { isShopModerator } from "../../../domain/roles";
import { idFromTextSchema } from "../../../domain/validation/common";
import { accountWithdrawalUrlOf } from "../../../domain/withdrawal-links";
import { OrderCard } from "../../components/order-card";
import { PayNowPanel } from "../../components/pay-now";
import { RefundOwedNotice } from "../../components/refund-owed-notice";
import { ACCOUNT_ORDERS_PATH } from "../../lib/account-paths";
import { requireUser } from "../../lib/auth.server";
import { useT } from "../../lib/i18n";
import { langFromMatches, metaTags, pageTitle } from "../../lib/meta";
import { payOrder } from "../../lib/pay-order.server";
import { OrderAfterSalePanel } from "../after-sale/order-after-sale-lazy";
import type { Route } from "./+types/order";
import "../../lib/orders-texts";
import { PrimaryLink } from "../../components/primary-link";

// /konto/zakupy/{id}: one of the signed-in user's orders in full (invoice and tracking
// links). Someone else's order, or none, is a 404 with the spec's not-found text. An unpaid order
// offers "Zapłać" until its payment time ends (its open payment resumed, or a new one).

export function meta({ matches, data: loaderData }: Route.MetaArgs) {
  const lang = langFromMatches(matches);
  const tags = metaTags(lang, "account.myOrdersTitle");
  if (loaderData?.order) {
    tags[0] = {
      title: pageTitle(
        translate(lang, "account.purchaseTitle", { orderNumber: loaderData.order.orderNumber }),
      ),
    };
  }
  return [...tags, { name: "robots", content: "noindex" }];
}

async function ownOrder({ context, request, params }: Route.LoaderArgs | Route.ActionArgs) {
  const user = requireUser(context, request);
  const id = idFromTextSchema.safeParse(params.id);
  const order = id.success ? await context.services.orders.getForUser(user._id, id.data) : null;
  if (!order) throw data(null, { status: 404 });
  return { user, order };
}

export async function loader(args: Route.LoaderArgs) {
  const { user, order } = await ownOrder(args);
  // SPEC §2 Order card: the tracking link is for viewers who are not moderators
  return {
    order,
    viewerIsModerator: isShopModerator(user),
    payUntil: payableUntil(order),
    afterSale: await args.context.services.withdrawals.ofOrder(order),
  };
}

/** "Zapłać": the order's open payment, or a new one, then the bank. */
export async function action(args: Route.ActionArgs) {
  const { order } = await ownOrder(args);
  const url = new URL(args.request.url);
  return payOrder(args.context, order, url.pathname);
}

function BackLink() {
  const t = useT();
  return (
    <Link
      to={ACCOUNT_ORDERS_PATH}
      className="text-sm font-semibold text-accent-700 underline-offset-2 hover:underline"
    >
      ← {t("account.backToOrders")}
    </Link>
  );
}

export default function AccountOrder() {
  const { order, viewerIsModerator, payUntil, afterSale } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <BackLink />
      <RefundOwedNotice statuses={order.statuses} />
      {payUntil ? <PayNowPanel until={payUntil} /> : null}
      <OrderCard order={order} mode="full" headingLevel={1} viewerIsModerator={viewerIsModerator} />
      <OrderAfterSalePanel afterSale={afterSale} withdrawUrl={accountWithdrawalUrlOf(order._id)} />
    </div>
  );
}

export function ErrorBoundary() {
  const t = useT();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="space-y-4">
      <BackLink />
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        <h1 className="text-xl font-semibold text-stone-900">
          {notFound ? t("order.notFound") : t("errors.generic")}
        </h1>
        <PrimaryLink to={ACCOUNT_ORDERS_PATH} className="mt-4">
          {t("order.goToMyOrders")}
        </PrimaryLink>
      </div>
    </div>
  );
}
