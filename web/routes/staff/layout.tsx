import { Outlet, useLoaderData, useLocation } from "react-router";
import { isAdmin } from "../../../domain/roles";
import { StaffBreadcrumbs } from "../../components/staff/breadcrumbs";
import { StaffNav } from "../../components/staff/staff-nav";
import { requireStaff, requireStaffAdmin } from "../../lib/staff.server";
import "../../lib/staff-texts";
import { ADMIN_SECTIONS, STAFF_SECTIONS } from "../../lib/staff-paths";
import type { Route } from "./+types/layout";

// /konto/sklep/* (shop staff; inside the account layout and its sub-bar): the staff navigation
// (side column on a desktop, a disclosure menu on a phone or tablet) and the breadcrumbs. Child
// loaders run in parallel with this one, so each of them checks the role itself as well.

export function loader({ context, request }: Route.LoaderArgs) {
  // an admin-only section answers with the admin-role message whoever is refused
  const { pathname } = new URL(request.url);
  const adminOnly = ADMIN_SECTIONS.some((section) => pathname.startsWith(STAFF_SECTIONS[section]));
  const user = adminOnly ? requireStaffAdmin(context, request) : requireStaff(context, request);
  return { isAdmin: isAdmin(user) };
}

export default function StaffLayout() {
  const { isAdmin: admin } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  return (
    <div className="grid gap-4 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-8">
      <div className="lg:sticky lg:top-4 lg:self-start">
        <StaffNav isAdmin={admin} currentPath={pathname.replace(/\/$/, "")} />
      </div>
      <div className="min-w-0">
        <StaffBreadcrumbs />
        <Outlet />
      </div>
    </div>
  );
}
