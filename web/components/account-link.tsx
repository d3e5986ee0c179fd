import { Link } from "react-router";
import { isShopModerator } from "../../domain/roles";
import type { PublicUser } from "../../domain/types";
import { useT } from "../lib/i18n";
import { ACCOUNT_PATH, LOGIN_PATH } from "../lib/paths";
import { UserIcon } from "./icons";

/** What the shell needs to know about the signed-in user. */
export type ShellUser = Pick<PublicUser, "displayName" | "roles" | "approved">;

/** Account icon: login for guests, the account for signed-in users, highlighted for moderators. */
export function AccountLink({ user, withLabel = false }: { user?: ShellUser | null; withLabel?: boolean }) {
  const t = useT();
  const label = user ? t("nav.account") : t("nav.login");
  const highlighted = isShopModerator(user);
  return (
    <Link
      to={user ? ACCOUNT_PATH : LOGIN_PATH}
      aria-label={withLabel ? undefined : label}
      title={withLabel ? undefined : label}
      className={`inline-flex min-h-10 min-w-10 items-center justify-center gap-2 rounded-full ${
        highlighted
          ? "bg-accent-600 text-white hover:bg-accent-700"
          : "text-stone-700 hover:bg-stone-100 hover:text-stone-900"
      } ${withLabel ? "px-3" : ""}`}
    >
      <UserIcon />
      {withLabel ? <span>{label}</span> : null}
    </Link>
  );
}
