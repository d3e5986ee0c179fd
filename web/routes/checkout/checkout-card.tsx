import type { ReactNode } from "react";

// The white card each checkout section sits in, labelled by its heading (a landmark region). The
// heading takes the focus when the work continues in its section (tabIndex -1: not a Tab stop).

export const SECONDARY_BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-full border border-stone-300 bg-white px-5 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-50";

export function CheckoutCard({
  headingId,
  title,
  children,
  className = "",
}: {
  headingId: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6 ${className}`}
    >
      <h2 id={headingId} tabIndex={-1} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
