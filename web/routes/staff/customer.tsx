import { data, Link, useLoaderData } from "react-router";
import { formatDateTime, translate } from "../../../domain/i18n";
import { formatPrice } from "../../../domain/money";
import { pageNumberSchema } from "../../../domain/validation/pagination";
import { EmailText } from "../../components/email-text";
import { StatusBadge } from "../../components/order-card";
import { OrdersNotFound, StaffBackLink } from "../../components/staff/back-link";
import { HeaderCells } from "../../components/staff/header-cells";
import { Pager } from "../../components/staff/orders/pager";
import { useLang, useT } from "../../lib/i18n";
import { requireStaff } from "../../lib/staff.server";
import { staffRecordMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS, staffOrderPath } from "../../lib/staff-paths";
import type { Route } from "./+types/customer";

// /konto/sklep/klienci/{key} (shop staff, issue 29): a customer — an account with every order it
// placed and the guest orders placed with its e-mail, or a guest known by the e-mail of one of their
// orders ("z" + that order's id) — with their total spend (paid orders less refunds) and their
// orders, newest first, 20 a page (?strona=). Linked from the staff order page and the users list.

const PAGE_SIZE = 20;

const COLUMNS = ["order.number", "staff.customer.placed", "order.totalLine", "staff.orders.status"] as const;

export function meta({ matches, data: loaderData }: Route.MetaArgs) {
  const name = loaderData?.customer.name;
  return staffRecordMeta(matches, "staff.segment.klienci", (lang) =>
    name ? translate(lang, "staff.customer.title", { name }) : null,
  );
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request);
  const page = pageNumberSchema.parse(new URL(request.url).searchParams.get("strona") ?? undefined);
  const result = await context.services.customers.view(String(params.id ?? ""), Math.min(page, 10_000));
  if (!result.ok) throw data(null, { status: 404 });
  return { customer: result.value, crumb: result.value.name };
}

export default function StaffCustomer() {
  const t = useT();
  const lang = useLang();
  const { customer } = useLoaderData<typeof loader>();
  const { orders } = customer;
  return (
    <div className="space-y-4">
      <StaffBackLink to={STAFF_SECTIONS.orders} label={t("staff.orders.backToList")} />
      <h1 className="font-serif text-2xl font-semibold wrap-anywhere text-stone-900 sm:text-3xl">
        {t("staff.customer.title", { name: customer.name })}
      </h1>
      <dl className="grid gap-3 rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-stone-200 sm:grid-cols-3 sm:p-5">
        <div className="min-w-0">
          <dt className="text-stone-600">{t("staff.orders.email")}</dt>
          <dd className="font-semibold wrap-anywhere text-stone-900">
            <EmailText email={customer.email} />
            {customer.account ? null : (
              <span className="block font-normal text-stone-600">{t("staff.customer.guest")}</span>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">{t("staff.customer.spent")}</dt>
          <dd className="text-lg font-semibold text-stone-900">{formatPrice(customer.spentGrosze)}</dd>
          <dd className="text-xs text-stone-600">
            {t("staff.customer.spentHint", { refunded: formatPrice(customer.refundedGrosze) })}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">{t("staff.customer.paidOrders")}</dt>
          <dd className="text-lg font-semibold text-stone-900">{customer.paidOrders}</dd>
        </div>
      </dl>
      <section aria-labelledby="customer-orders">
        <h2 id="customer-orders" className="font-serif text-xl font-semibold text-stone-900">
          {t("staff.customer.orders")} ({orders.total})
        </h2>
        <div className="mt-3 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-stone-200 text-stone-600">
              <tr>
                <HeaderCells columns={COLUMNS} className="p-3 font-semibold" />
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {orders.items.map((order) => (
                <tr key={order._id}>
                  <td className="p-3">
                    <Link to={staffOrderPath(order._id)} className="font-semibold text-accent-700 underline">
                      {order.orderNumber}
                    </Link>
                  </td>
                  <td className="p-3 whitespace-nowrap text-stone-700">
                    <time dateTime={order.createdAt}>{formatDateTime(lang, order.createdAt)}</time>
                  </td>
                  <td className="p-3 whitespace-nowrap text-stone-900">
                    {formatPrice(order.priceGrosze)}
                    {order.paid ? null : (
                      <span className="block text-xs text-stone-600">{t("staff.customer.notPaid")}</span>
                    )}
                  </td>
                  <td className="p-3">
                    <StatusBadge entry={{ status: order.status, data: null }} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager page={orders.page} pageSize={PAGE_SIZE} total={orders.total} />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <OrdersNotFound title="errors.notFound" />;
}
