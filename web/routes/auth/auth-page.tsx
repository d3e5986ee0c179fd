import type { ReactNode } from "react";
import { Link } from "react-router";
import { CONTAINER } from "../../lib/site";

/** The frame of the login, register, reset and token pages: a centred card with a heading. */
export function AuthPage({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** links under the card (register, back to login…) */
  footer?: ReactNode;
}) {
  return (
    <div className={`${CONTAINER} flex justify-center py-8 sm:py-14`}>
      <div className="w-full max-w-md">
        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-8">
          <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">{title}</h1>
          {description ? <div className="mt-2 text-sm text-stone-600">{description}</div> : null}
          <div className="mt-6">{children}</div>
        </div>
        {footer ? <div className="mt-5 space-y-2 text-center text-sm text-stone-700">{footer}</div> : null}
      </div>
    </div>
  );
}

/** A text link in the accent colour (inside the auth pages' texts). */
export const TEXT_LINK = "font-semibold text-accent-700 underline-offset-2 hover:underline";

/** A line under the card: an optional lead-in, then its link ("Nie masz konta? Zarejestruj się"). */
export function AuthFooterLink({ lead, to, children }: { lead?: string; to: string; children: ReactNode }) {
  return (
    <p>
      {lead ? <>{lead} </> : null}
      <Link to={to} className={TEXT_LINK}>
        {children}
      </Link>
    </p>
  );
}
