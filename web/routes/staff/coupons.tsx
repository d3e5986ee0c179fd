import { useLoaderData } from "react-router";
import { couponEnd, couponStart } from "../../../domain/coupon";
import { formatDate, formatPercent } from "../../../domain/i18n";
import { formatPrice } from "../../../domain/money";
import { listParams, RecordActions, StaffList } from "../../components/staff/content/staff-ui";
import { useLang, useT } from "../../lib/i18n";
import { deleteFromList, requireStaff } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS, staffAddPath } from "../../lib/staff-paths";
import type { Route } from "./+types/coupons";

// /konto/sklep/kody: every coupon with its value, dates, uses so far against its limit and whether
// it is active, scheduled or expired; edit and delete (orders that used it keep their discount).

export function meta({ matches: routeMatches }: Route.MetaArgs) {
  return staffMeta(routeMatches, "staff.segment.kody");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request);
  const query = listParams(request);
  return { ...(await context.services.couponAdmin.search(query)), search: query.search, now: Date.now() };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireStaff(context, request);
  return deleteFromList(
    await request.formData(),
    STAFF_SECTIONS.coupons,
    (id) => context.services.couponAdmin.remove(user, id),
    // orders that used it keep their code and discount (a snapshot): say so
    (removed) =>
      removed.orders > 0
        ? { type: "success", key: "staff.content.couponRemovedUsed", params: { count: removed.orders } }
        : { type: "success", key: "success.couponRemoved" },
  );
}

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
  const { items, page, pages, search, now } = useLoaderData<typeof loader>();
  return (
    <StaffList
      title={t("staff.segment.kody")}
      add={{ to: staffAddPath("coupons"), label: t("staff.content.addCoupon") }}
      searchLabel={t("staff.content.searchCoupons")}
      search={search}
      items={items}
      page={page}
      pages={pages}
      row={(coupon) => {
        const status: Status =
          now > couponEnd(coupon.endDate)
            ? "expired"
            : now < couponStart(coupon.startDate)
              ? "scheduled"
              : coupon.usageLimit !== null && coupon.uses >= coupon.usageLimit
                ? "usedUp"
                : "active";
        return (
          <>
            <div className="min-w-0">
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
            </div>
            <RecordActions section="coupons" id={coupon._id} name={coupon.code} />
          </>
        );
      }}
    />
  );
}
