import { useLoaderData } from "react-router";
import { couponEnd, couponStart } from "../../../domain/coupon";
import { formatDate, formatPercent } from "../../../domain/i18n";
import { formatPrice } from "../../../domain/money";
import { CONTENT_LISTS } from "../../components/staff/content/content-lists";
import { StaffList } from "../../components/staff/content/staff-ui";
import { useLang, useT } from "../../lib/i18n";
import { staffMeta } from "../../lib/staff-meta";
import type { Route } from "./+types/coupons";
import { deleteListedAction, searchedListLoader } from "./list-route.server";

// /konto/sklep/kody: every coupon with its value, dates, uses so far against its limit and whether
// it is active, scheduled or expired; edit and delete (orders that used it keep their discount).

export function meta({ matches }: Route.MetaArgs) {
  return staffMeta(matches, CONTENT_LISTS.coupons.title);
}

export const loader = searchedListLoader(async (services, query) => ({
  ...(await services.couponAdmin.search(query)),
  now: Date.now(),
}));

export const action = deleteListedAction(
  "coupons",
  (services, user, id) => services.couponAdmin.remove(user, id),
  // orders that used it keep their code and discount (a snapshot): say so
  (removed) =>
    removed.orders > 0
      ? { type: "success", key: "staff.content.couponRemovedUsed", params: { count: removed.orders } }
      : { type: "success", key: CONTENT_LISTS.coupons.removed },
);

type Status = "active" | "scheduled" | "expired" | "usedUp";
const BADGE: Record<Status, string> = {
  active: "bg-emerald-100 text-emerald-800",
  scheduled: "bg-sky-100 text-sky-800",
  expired: "bg-stone-200 text-stone-700",
  usedUp: "bg-amber-100 text-amber-900",
};

export default function StaffCoupons() {
  const t = useT();
  const lang = useLang();
  const list = useLoaderData<typeof loader>();
  return (
    <StaffList
      section="coupons"
      list={list}
      name={(coupon) => coupon.code}
      details={(coupon) => {
        const status: Status =
          list.now > couponEnd(coupon.endDate)
            ? "expired"
            : list.now < couponStart(coupon.startDate)
              ? "scheduled"
              : coupon.usageLimit !== null && coupon.uses >= coupon.usageLimit
                ? "usedUp"
                : "active";
        return (
          <>
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-mono font-semibold text-stone-900">{coupon.code}</span>
              <span className="font-semibold text-accent-700">
                −
                {coupon.discountType === "percent"
                  ? `${formatPercent(lang, coupon.discountValue)} %`
                  : formatPrice(coupon.discountValue)}
              </span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[status]}`}>
                {t(`staff.content.couponStatus.${status}`)}
              </span>
            </p>
            <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-stone-700">
              <span>
                {formatDate(lang, coupon.startDate)} – {formatDate(lang, coupon.endDate)}
              </span>
              <span>
                {t("staff.content.uses")}: {coupon.uses} / {coupon.usageLimit ?? "∞"}
              </span>
              {coupon.usageLimitPerCustomer !== null ? (
                <span>
                  {t("staff.content.perCustomer")}: {coupon.usageLimitPerCustomer}
                </span>
              ) : null}
              {coupon.minOrderGrosze !== null ? (
                <span>
                  {t("staff.content.minOrder")}: {formatPrice(coupon.minOrderGrosze)}
                </span>
              ) : null}
            </p>
          </>
        );
      }}
    />
  );
}
