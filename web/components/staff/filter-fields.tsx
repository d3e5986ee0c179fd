import { createContext, type InputHTMLAttributes, type ReactNode, useContext } from "react";
import { Form, type FormProps, Link } from "react-router";
import type { MessageKey } from "../../../domain/i18n";
import { useT } from "../../lib/i18n";
import { FILTER_INPUT, FILTER_LABEL, PRIMARY_BUTTON } from "./orders/pager";

// The GET filter forms of the staff lists (the orders, the audit log, the users, the dashboard's
// period): the form gives its fields the filters' present values by name; a field is a label above
// an input or a select; "Filtruj" comes with the link that clears the filters.

const FilterValues = createContext<Readonly<Record<string, string>>>({});

/** A GET form whose fields show `values` (the filters in the URL), each under its name. */
export function FilterForm({ values, ...form }: { values: Readonly<Record<string, string>> } & FormProps) {
  return (
    <FilterValues.Provider value={values}>
      <Form method="get" {...form} />
    </FilterValues.Provider>
  );
}

/** A labelled input; `className` is the wrapper's (its place in the form). */
export function FilterInput({
  id,
  name,
  label,
  className,
  ...input
}: {
  id: string;
  name: string;
  label: MessageKey;
  className?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const t = useT();
  const values = useContext(FilterValues);
  return (
    <div className={className}>
      <label htmlFor={id} className={FILTER_LABEL}>
        {t(label)}
      </label>
      <input id={id} name={name} {...input} defaultValue={values[name]} className={FILTER_INPUT} />
    </div>
  );
}

/**
 * A labelled select whose first option, `all`, is "no filter" (the value ""); then `options` (each
 * value with its label's key) or the `children` options.
 */
export function FilterSelect({
  id,
  name,
  label,
  all,
  options,
  children,
}: {
  id: string;
  name: string;
  label: MessageKey;
  all: MessageKey;
  options?: readonly (readonly [value: string, label: MessageKey])[];
  children?: ReactNode;
}) {
  const t = useT();
  const values = useContext(FilterValues);
  return (
    <div>
      <label htmlFor={id} className={FILTER_LABEL}>
        {t(label)}
      </label>
      <select id={id} name={name} defaultValue={values[name]} className={FILTER_INPUT}>
        <option value="">{t(all)}</option>
        {options?.map(([value, key]) => (
          <option key={value} value={value}>
            {t(key)}
          </option>
        ))}
        {children}
      </select>
    </div>
  );
}

/** "Filtruj" and the link back to the list without filters. */
export function FilterButtons({ clearTo }: { clearTo: string }) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="submit" className={PRIMARY_BUTTON}>
        {t("staff.shell.filter")}
      </button>
      <Link to={clearTo} className={TEXT_LINK}>
        {t("staff.shell.clearFilters")}
      </Link>
    </div>
  );
}

/** A quiet text link of the staff screens ("Wyczyść filtry", "Wróć do listy"). */
export const TEXT_LINK = "text-sm font-semibold text-accent-700 underline-offset-2 hover:underline";
