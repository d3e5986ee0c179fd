import { Link } from "react-router";
import { useT } from "../../lib/i18n";
import { type StaffSection, staffAddPath, staffEditPath } from "../../lib/staff-paths";
import { ConfirmedPostForm } from "./confirmed-delete";

// Parts of the product, field and banner-slide lists: the heading with its "Dodaj" link, and a row's
// "Edytuj" link with its delete button, which posts intent=delete and the id to the list's action
// after the browser's own confirmation.

/** The ringed button of these lists (add the colours). */
export const RING_BUTTON =
  "inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold ring-1 focus-visible:outline-2 focus-visible:outline-accent-600";

/** The list's title and its link to the add form. */
export function ListHeading({ title, section, add }: { title: string; section: StaffSection; add: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">{title}</h1>
      <Link
        to={staffAddPath(section)}
        className="inline-flex min-h-11 items-center rounded-full bg-accent-600 px-5 font-semibold text-white hover:bg-accent-700"
      >
        {add}
      </Link>
    </div>
  );
}

export function EditDeleteActions({
  section,
  id,
  name,
  className,
}: {
  section: StaffSection;
  id: number;
  /** names the record in the buttons' accessible names and the question */
  name: string;
  className: string;
}) {
  const t = useT();
  return (
    <div className={className}>
      <Link
        to={staffEditPath(section, id)}
        aria-label={`${t("staff.edit")}: ${name}`}
        className={`${RING_BUTTON} text-stone-800 ring-stone-300 hover:bg-stone-50`}
      >
        {t("staff.edit")}
      </Link>
      <ConfirmedPostForm question={t("staff.confirmDelete", { name })}>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={id} />
        <button
          type="submit"
          aria-label={`${t("staff.delete")}: ${name}`}
          className={`${RING_BUTTON} text-red-800 ring-red-300 hover:bg-red-50`}
        >
          {t("staff.delete")}
        </button>
      </ConfirmedPostForm>
    </div>
  );
}
