import type { ReactNode } from "react";

const HEADING = "text-lg font-semibold text-stone-900";

/**
 * A section named by its own heading (`aria-labelledby`), so assistive technology lists it by the
 * heading's text. `headingClassName` replaces the usual card heading's look (lg, semibold).
 */
export function TitledSection({
  id,
  title,
  className,
  headingClassName = HEADING,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The heading's look with extra classes (a margin below it, say). */
export function titledSectionHeading(extra: string): string {
  return `${extra} ${HEADING}`;
}
