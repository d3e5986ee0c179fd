import { type ReactNode, useId, useRef, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { MessageKey } from "../../../../domain/i18n";
import { SEARCH_MAX } from "../../../../domain/validation/product-query";
import { useT } from "../../../lib/i18n";
import { type StaffSection, staffAddPath, staffEditPath } from "../../../lib/staff-paths";
import { ConfirmDialog } from "../confirm-dialog";
import { CONTENT_LISTS, type ContentListSection } from "./content-lists";

// Small building blocks of the content screens (pages, blog, coupons, creators, games): the
// heading with its "Dodaj" link, the search box and paging of a list, a delete button that asks
// first.

export const LIST = "mt-4 divide-y divide-stone-200 rounded-2xl bg-white shadow-sm ring-1 ring-stone-200";
export const ROW = "flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between";
export const CARD = "mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6";
const BUTTON = "inline-flex min-h-10 items-center justify-center rounded-full px-4 text-sm font-semibold";
export const SECONDARY_BUTTON = `${BUTTON} text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100`;
export const PRIMARY_LINK = `${BUTTON} bg-accent-600 text-white hover:bg-accent-700`;

export function StaffHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">{title}</h1>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}

/**
 * A content list screen (CONTENT_LISTS names its texts): the heading with its "Dodaj" link, the search
 * box, the rows (or the empty text) and the paging; `children` follow the list (e.g. a second
 * section). A row is its `details` and the record's buttons (RecordActions): "Edytuj", the
 * `actions`' copy link and the confirmed delete, each naming the record by `name`.
 */
export function StaffList<T extends { _id: number }>(props: {
  section: ContentListSection;
  list: { items: readonly T[]; page: number; pages: number; search: string };
  name: (item: T) => string;
  details: (item: T) => ReactNode;
  actions?: (item: T) => { copyLabel?: MessageKey; deletable?: boolean };
  children?: ReactNode;
}) {
  const t = useT();
  const texts = CONTENT_LISTS[props.section];
  const { items, page, pages, search } = props.list;
  return (
    <div>
      <StaffHeading title={t(texts.title)}>
        <Link to={staffAddPath(props.section)} className={PRIMARY_LINK}>
          {t(texts.add)}
        </Link>
      </StaffHeading>
      <ListSearch defaultValue={search} label={t(texts.search)} />
      {items.length === 0 ? (
        <p className="mt-6 text-stone-700">{t("staff.empty")}</p>
      ) : (
        <ul className={LIST}>
          {items.map((item) => (
            <li key={item._id} className={ROW}>
              <div className="min-w-0">{props.details(item)}</div>
              <RecordActions
                section={props.section}
                id={item._id}
                name={props.name(item)}
                {...props.actions?.(item)}
              />
            </li>
          ))}
        </ul>
      )}
      <Paging page={page} pages={pages} search={search} />
      {props.children}
    </div>
  );
}

/** A GET search form for a list (?szukaj=). */
export function ListSearch({ defaultValue, label }: { defaultValue: string; label: string }) {
  const t = useT();
  const id = useId();
  return (
    <Form
      method="get"
      role="search"
      aria-label={t("staff.filters")}
      className="mt-4 flex flex-wrap items-end gap-2"
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
          {label}
        </label>
        <input
          id={id}
          type="search"
          name="szukaj"
          defaultValue={defaultValue}
          className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base"
        />
      </div>
      <button type="submit" className={SECONDARY_BUTTON}>
        {t("common.search")}
      </button>
    </Form>
  );
}

/** Previous / next links of a paged list (?strona=, keeping ?szukaj= and the list's other `filters`). */
export function Paging({
  page,
  pages,
  search,
  filters = {},
}: {
  page: number;
  pages: number;
  search: string;
  /** more query parameters the list's links keep (e.g. the warehouse's ?niski=tak) */
  filters?: Record<string, string>;
}) {
  const t = useT();
  if (pages <= 1) return null;
  const href = (to: number) =>
    `?${new URLSearchParams({ ...(search ? { szukaj: search } : {}), ...filters, strona: String(to) })}`;
  return (
    <nav
      aria-label={t("staff.content.paging")}
      className="mt-4 flex items-center justify-between gap-2 text-sm"
    >
      {page > 1 ? (
        <Link to={href(page - 1)} className={SECONDARY_BUTTON}>
          {t("common.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-stone-700">{t("staff.content.pageOf", { page, pages })}</span>
      {page < pages ? (
        <Link to={href(page + 1)} className={SECONDARY_BUTTON}>
          {t("common.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/**
 * Posts `intent=delete` (and `id`) to the current route after a confirmation dialog. Without
 * JavaScript the form posts at once.
 */
export function DeleteButton({
  id,
  name,
  intent = "delete",
  label,
}: {
  id: number;
  /** what is deleted, for the question and the button's accessible name */
  name: string;
  intent?: string;
  label?: string;
}) {
  const t = useT();
  const submit = useSubmit();
  const busy = useNavigation().state === "submitting";
  const form = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  const text = label ?? t("staff.delete");
  return (
    <Form
      method="post"
      ref={form}
      onSubmit={(event) => {
        event.preventDefault();
        setAsking(true);
      }}
    >
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="intent" value={intent} />
      <button
        type="submit"
        disabled={busy}
        aria-label={`${text}: ${name}`}
        className={`${BUTTON} text-red-800 ring-1 ring-red-300 hover:bg-red-50 disabled:opacity-60`}
      >
        {text}
      </button>
      <ConfirmDialog
        open={asking}
        message={t("staff.confirmDelete", { name })}
        confirmLabel={text}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          if (form.current) submit(form.current);
        }}
      />
    </Form>
  );
}

/**
 * A list row's buttons: "Edytuj", optionally "dodaj podobny" (the add form with ?kopiuj={id}) and the
 * confirmed delete; `name` names the record in each button's accessible name.
 */
export function RecordActions({
  section,
  id,
  name,
  copyLabel,
  deletable = true,
}: {
  section: StaffSection;
  id: number;
  name: string;
  copyLabel?: MessageKey;
  deletable?: boolean;
}) {
  const t = useT();
  return (
    <div className="flex shrink-0 flex-wrap gap-2">
      <Link
        to={staffEditPath(section, id)}
        aria-label={`${t("staff.edit")}: ${name}`}
        className={SECONDARY_BUTTON}
      >
        {t("staff.edit")}
      </Link>
      {copyLabel ? (
        <Link
          to={`${staffAddPath(section)}?kopiuj=${id}`}
          aria-label={`${t(copyLabel)}: ${name}`}
          className={SECONDARY_BUTTON}
        >
          {t(copyLabel)}
        </Link>
      ) : null}
      {deletable ? <DeleteButton id={id} name={name} /> : null}
    </div>
  );
}

/** ?szukaj= and ?strona= of a list URL. */
export function listParams(request: Request): { search: string; page: number } {
  const url = new URL(request.url);
  return {
    // as long as the shop's own search takes (a search box, not a place for a 16 kB URL)
    search: (url.searchParams.get("szukaj") ?? "").trim().slice(0, SEARCH_MAX),
    page: Number(url.searchParams.get("strona") ?? "1") || 1,
  };
}
