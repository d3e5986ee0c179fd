import { Link } from "react-router";
import { useT } from "../lib/i18n";

/**
 * Staff shortcuts on the product, blog and page screens (SPEC §2, §6): "dodaj podobny" and
 * "edytuj". The route shows them only to shop moderators.
 */
export function ModeratorLinks({ links }: { links: readonly { to: string; label: string }[] }) {
  const t = useT();
  if (links.length === 0) return null;
  return (
    <nav aria-label={t("product.moderatorTools")}>
      <ul className="flex flex-wrap gap-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="inline-flex min-h-9 items-center rounded-full border border-dashed border-accent-600 px-3 font-medium text-accent-700 hover:bg-accent-50"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
