import { data, isRouteErrorResponse, Link, useLoaderData, useRouteError } from "react-router";
import { translate } from "../../../domain/i18n";
import { isShopModerator } from "../../../domain/roles";
import { idFromTextSchema } from "../../../domain/validation/common";
import { OrderCard } from "../../components/order-card";
import { RefundOwedNotice } from "../../components/refund-owed-notice";
import { ACCOUNT_ORDERS_PATH } from "../../lib/account-paths";
import { requireUser } from "../../lib/auth.server";
import { useT } from "../../lib/i18n";
import { langFromMatches, metaTags, pageTitle } from "../../lib/meta";
import type { Route } from "./+types/order";
import "../../lib/orders-texts";

// /konto/zakupy/{id}: one of the signed-in user's orders in full (invoice and tracking
// links). Someone else's order, or none, is a 404 with the spec's not-found text.

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

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const id = idFromTextSchema.safeParse(params.id);
  const order = id.success ? await context.services.orders.getForUser(user._id, id.data) : null;
  if (!order) throw data(null, { status: 404 });
  // SPEC §2 Order card: the tracking link is for viewers who are not moderators
  return { order, viewerIsModerator: isShopModerator(user) };
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
  const { order, viewerIsModerator } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <BackLink />
      <RefundOwedNotice statuses={order.statuses} />
      <OrderCard order={order} mode="full" headingLevel={1} viewerIsModerator={viewerIsModerator} />
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
        <Link
          to={ACCOUNT_ORDERS_PATH}
          className="mt-4 inline-flex min-h-11 items-center rounded-full bg-accent-600 px-6 py-2.5 font-semibold text-white hover:bg-accent-700"
        >
          {t("order.goToMyOrders")}
        </Link>
      </div>
    </div>
  );
}
