import type { ReactNode, Ref } from "react";
import { Link } from "react-router";

/** The shop's primary action drawn as a pill: a link that looks like the primary button. */
export const PRIMARY_LINK =
  "inline-flex min-h-11 items-center rounded-full bg-accent-600 px-6 py-2.5 font-semibold text-white hover:bg-accent-700";

/** A link in the primary button's look; `className` adds the spacing around it. */
export function PrimaryLink({
  to,
  className,
  ref,
  children,
}: {
  to: string;
  className?: string;
  ref?: Ref<HTMLAnchorElement>;
  children: ReactNode;
}) {
  return (
    <Link ref={ref} to={to} className={className ? `${className} ${PRIMARY_LINK}` : PRIMARY_LINK}>
      {children}
    </Link>
  );
}
