import type { ReactNode } from "react";
import type { FieldError } from "../../../domain/validation/errors";
import { useT } from "../../lib/i18n";

// The optional English texts of a staff form (issue 30) in one labelled group that folds away
// ("Wersja angielska"), a native <details>: opened and closed with the keyboard, its fields posted
// with the form either way. It opens by itself when one of its fields holds text or an error, so
// nothing typed and nothing refused is hidden.

export function EnglishVersion({
  values,
  errors,
  children,
}: {
  /** the group's fields as shown, by name: any text opens the group */
  values: Readonly<Record<string, unknown>>;
  errors: { readonly [name: string]: FieldError | undefined };
  children: ReactNode;
}) {
  const t = useT();
  const filled = Object.entries(values).some(
    ([name, value]) => errors[name] !== undefined || (typeof value === "string" && value.trim() !== ""),
  );
  return (
    <details open={filled || undefined} className="group min-w-0 rounded-xl border border-stone-200 bg-white">
      <summary className="flex min-h-11 cursor-pointer flex-wrap items-center gap-x-2 rounded-xl px-4 py-2 font-semibold text-stone-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent-600/40">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-4 shrink-0 group-open:rotate-90"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        >
          <path d="M9 5l7 7-7 7" />
        </svg>
        <span>{t("staff.english.group")}</span>
        <span className="text-sm font-normal text-stone-600">{t("staff.english.hint")}</span>
      </summary>
      <div className="grid gap-4 border-t border-stone-200 p-4 *:min-w-0">{children}</div>
    </details>
  );
}
