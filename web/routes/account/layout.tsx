import { Outlet } from "react-router";

// Placeholder: the account area layout (login required, sub-bar) is being built.
export default function AccountLayout() {
  return <Outlet />;
}
