import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import type { MessageKey } from "../../../domain/i18n";
import { useT } from "../../lib/i18n";
import { STAFF_SECTIONS } from "../../lib/staff-paths";

// A staff detail page's way back to its list, and its error page: a 404 says the record is not
// there (with the way back), any other error goes up to the staff layout's boundary.

export function StaffBackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="text-sm font-semibold text-accent-700 underline-offset-2 hover:underline">
      ← {label}
    </Link>
  );
}

export function StaffNotFound({ to, label, title }: { to: string; label: string; title: string }) {
  const t = useT();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status !== 404) throw error;
  return (
    <div className="space-y-4">
      <StaffBackLink to={to} label={label} />
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        <h1 className="text-xl font-semibold text-stone-900">
          {isRouteErrorResponse(error) ? title : t("errors.generic")}
        </h1>
      </div>
    </div>
  );
}

/** The error page of a page reached from the orders list (a customer's page), back to that list. */
export function OrdersNotFound({ title }: { title: MessageKey }) {
  const t = useT();
  return <StaffNotFound to={STAFF_SECTIONS.orders} label={t("staff.orders.backToList")} title={t(title)} />;
}
