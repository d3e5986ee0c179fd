import { ACCOUNT_ORDERS_PATH } from "../../lib/account-paths";
import { useT } from "../../lib/i18n";
import "../../lib/orders-texts";
import { PrimaryLink } from "../../components/primary-link";

// "Nie znaleziono zamówienia o podanym numerze!" (SPEC §2 Order result/view screens), with a link
// to the purchases for logged-in users, else back to the shop.

export function OrderNotFound({ loggedIn }: { loggedIn: boolean }) {
  const t = useT();
  return (
    <div className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-stone-200 sm:p-10">
      <h1 className="font-serif text-xl font-semibold text-stone-900 sm:text-2xl">{t("order.notFound")}</h1>
      <PrimaryLink to={loggedIn ? ACCOUNT_ORDERS_PATH : "/"} className="mt-6">
        {loggedIn ? t("order.goToMyOrders") : t("order.backToShop")}
      </PrimaryLink>
    </div>
  );
}
