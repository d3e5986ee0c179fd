import type { ReactNode } from "react";
import { Form } from "react-router";
import { useT } from "../../lib/i18n";

// Delete buttons of the staff lists that ask with the browser's own confirmation (the products,
// users, gallery images, categories, fields and slides); without JavaScript the form posts at once.

/** A POST form to the current route that is sent only when the staff member confirms `question`. */
export function ConfirmedPostForm({ question, children }: { question: string; children: ReactNode }) {
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm(question)) event.preventDefault();
      }}
    >
      {children}
    </Form>
  );
}

/**
 * "Usuń" posting intent=delete and the record's `id` (and any more hidden `fields`) once confirmed;
 * `label` is the button's accessible name.
 */
export function ConfirmedDelete({
  id,
  question,
  label,
  className,
  disabled,
  fields,
}: {
  id: number;
  question: string;
  label: string;
  className: string;
  disabled: boolean;
  fields?: ReactNode;
}) {
  const t = useT();
  return (
    <ConfirmedPostForm question={question}>
      <input type="hidden" name="id" value={id} />
      {fields}
      <button
        type="submit"
        name="intent"
        value="delete"
        disabled={disabled}
        aria-label={label}
        className={className}
      >
        {t("staff.delete")}
      </button>
    </ConfirmedPostForm>
  );
}
