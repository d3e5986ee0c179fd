import { Outlet } from "react-router";

// stub: the staff layout (navigation, breadcrumbs, moderator guard) is being built
export default function StaffLayout() {
  return <Outlet />;
}
