import { Outlet, useLoaderData } from "react-router";
import { requireUser } from "../../lib/auth.server";
import { CONTAINER } from "../../lib/site";
import type { Route } from "./+types/layout";
import { AccountNav } from "./account-nav";

// /konto/* (login required): anonymous visitors go to /logowanie?return=<this path>. Child
// loaders run in parallel with this one, so each of them checks the user too (requireUser).

export function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return { user: { roles: user.roles, approved: user.approved } };
}

export default function AccountLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <>
      <AccountNav user={user} />
      <div className={`${CONTAINER} py-6 sm:py-10`}>
        <Outlet />
      </div>
    </>
  );
}
