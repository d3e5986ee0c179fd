import { Form, Link } from "react-router";
import { formatDateTime } from "../../../../domain/i18n";
import type { Order } from "../../../../domain/types";
import { ORDER_NOTE_MAX } from "../../../../domain/validation/order-note";
import type { OrderNote } from "../../../../server/web-door";
import { useLang, useT } from "../../../lib/i18n";
import { staffCustomerPath } from "../../../lib/staff-paths";
import { useSubmitting } from "../../../lib/use-submitting";
import { TitledSection } from "../../titled-section";
import { FILTER_INPUT, FILTER_LABEL, SECONDARY_BUTTON } from "../orders/pager";

// The order desk on the staff order page (issue 29): the link to the customer's page (their orders
// and total spend) and the order's internal notes, newest first, with the form adding one (posted
// to the order page's action, intent "note"; works without JavaScript). Notes are staff-only.

export function OrderDeskPanel({ order, notes }: { order: Order; notes: readonly OrderNote[] }) {
  const t = useT();
  const lang = useLang();
  const pending = useSubmitting();
  return (
    <TitledSection
      id="order-notes"
      title={t("staff.notes.title")}
      className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5"
    >
      <p className="text-sm">
        <Link
          to={staffCustomerPath(order)}
          className="font-semibold text-accent-700 underline underline-offset-2"
        >
          {t("staff.orders.customerLink")}
        </Link>
      </p>
      <p className="text-sm text-stone-600">{t("staff.notes.hint")}</p>
      {notes.length === 0 ? (
        <p className="text-sm text-stone-700">{t("staff.notes.empty")}</p>
      ) : (
        <ul className="space-y-3">
          {notes.map((note) => (
            <li key={note._id} className="rounded-xl bg-stone-50 p-3 text-sm ring-1 ring-stone-200">
              <p className="whitespace-pre-line wrap-anywhere text-stone-900">{note.text}</p>
              <p className="mt-1 text-xs text-stone-600">
                {note.author?.displayName ?? t("staff.notes.unknownAuthor")} ·{" "}
                <time dateTime={note.createdAt}>{formatDateTime(lang, note.createdAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="space-y-2">
        <input type="hidden" name="intent" value="note" />
        <label htmlFor="order-note-text" className={FILTER_LABEL}>
          {t("staff.notes.label")}
        </label>
        <textarea
          id="order-note-text"
          name="text"
          required
          maxLength={ORDER_NOTE_MAX}
          rows={3}
          className={FILTER_INPUT}
        />
        <button type="submit" className={SECONDARY_BUTTON} disabled={pending}>
          {t("staff.notes.add")}
        </button>
      </Form>
    </TitledSection>
  );
}
