import { Form } from "react-router";
import { groszeToDecimalString } from "../../../domain/money";
import type { FieldError } from "../../../domain/validation/errors";
import { TextField } from "../../components/form-field";
import { PRIMARY_BUTTON } from "../../components/staff/orders/pager";
import "../../lib/after-sale-texts";
import { useT } from "../../lib/i18n";

// "Zwróć pieniądze" (issue 27): the amount in złoty, proposed by the server and changeable, posted
// with its intent; while it is sent the button says so, and a refused amount comes back with its
// message and what was typed. The returns desk's case page and the staff order page use it.

export function RefundForm({
  intent,
  proposedGrosze,
  typed,
  pending,
  hint,
}: {
  intent: string;
  proposedGrosze: number;
  typed: { amount: string; error?: FieldError | undefined } | null;
  pending: boolean;
  hint?: string;
}) {
  const t = useT();
  return (
    <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value={intent} />
      <TextField
        name="amount"
        label={t("afterSale.desk.amount")}
        inputMode="decimal"
        required
        defaultValue={typed?.amount ?? groszeToDecimalString(proposedGrosze).replace(".", ",")}
        error={typed?.error}
        hint={hint}
        className="w-56"
      />
      <button type="submit" className={PRIMARY_BUTTON} disabled={pending} aria-busy={pending || undefined}>
        {pending ? t("afterSale.desk.refunding") : t("afterSale.desk.refundButton")}
      </button>
    </Form>
  );
}
