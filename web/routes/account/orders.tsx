import { useLoaderData } from "react-router";
import { OrderCard } from "../../components/order-card";
import { accountOrderPath } from "../../lib/account-paths";
import { requireUser } from "../../lib/auth.server";
import { useT } from "../../lib/i18n";
import { langFromMatches, metaTags } from "../../lib/meta";
import { PRODUCTS_PATH } from "../../lib/paths";
import type { Route } from "./+types/orders";
import "../../lib/orders-texts";
import { PrimaryLink } from "../../components/primary-link";

// /konto/zakupy: the signed-in user's orders, newest first, as order cards in list mode.

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...metaTags(langFromMatches(matches), "account.myOrdersTitle"),
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return { orders: await context.services.orders.listForUser(user._id) };
}

export default function AccountOrders() {
  const t = useT();
  const { orders } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
        {t("account.myOrdersTitle")}
      </h1>
      {orders.length === 0 ? (
        <div className="mt-6 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-stone-200">
          <p className="text-stone-700">{t("account.noOrders")}</p>
          <PrimaryLink to={PRODUCTS_PATH} className="mt-4">
            {t("cart.continueShopping")}
          </PrimaryLink>
        </div>
      ) : (
        <ul className="mt-6 space-y-4">
          {orders.map((order) => (
            <li key={order._id}>
              <OrderCard order={order} mode="list" detailsTo={accountOrderPath(order._id)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
