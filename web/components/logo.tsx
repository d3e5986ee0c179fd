import { Link } from "react-router";
import { useT } from "../lib/i18n";
import { SHOP_NAME } from "../lib/site";

/** Text logo linking home. */
export function Logo({ className = "" }: { className?: string }) {
  const t = useT();
  return (
    <Link
      to="/"
      aria-label={`${SHOP_NAME}, ${t("nav.logoAlt")}`}
      className={`inline-flex shrink-0 items-baseline gap-1 rounded-md font-serif text-2xl font-semibold tracking-tight text-stone-900 ${className}`}
    >
      <span aria-hidden="true" className="text-accent-600">
        ✂
      </span>
      <span>{SHOP_NAME}</span>
    </Link>
  );
}
