import { useState } from "react";
import { Form, useSubmit } from "react-router";
import { useT } from "../../../lib/i18n";
import { useSubmitting } from "../../../lib/use-form-validation";
import { ConfirmDialog } from "../confirm-dialog";
import { DANGER_BUTTON, PRIMARY_BUTTON, SECONDARY_BUTTON } from "./pager";

// "Oznacz jako dostarczone" and "Anuluj zamówienie" (SPEC §4), each after a confirmation. With
// JavaScript the ConfirmDialog asks (closing it cancels) and the form is posted with confirmed=1.
// Without JavaScript the first post only asks: the action answers with `confirm`, and the page
// shows the question with a second "Tak, potwierdzam" form (the second page step).

export type StatusIntent = "deliver" | "cancel";

export function StatusActions({
  orderNumber,
  markDelivered,
  cancel,
  cancelRefunds = false,
  asking,
}: {
  orderNumber: string;
  markDelivered: boolean;
  cancel: boolean;
  /** the order is paid: canceling it refunds everything (issue 27), and the question says so */
  cancelRefunds?: boolean;
  /** the no-JavaScript step: the action the server asks to confirm */
  asking: StatusIntent | null;
}) {
  const t = useT();
  const submit = useSubmit();
  const pending = useSubmitting();
  const [open, setOpen] = useState<StatusIntent | null>(null);
  if (!markDelivered && !cancel) return null;
  const question = (intent: StatusIntent) =>
    intent === "deliver"
      ? t("order.confirmMarkDelivered", { orderNumber })
      : cancelRefunds
        ? t("staff.orders.confirmCancelPaid", { orderNumber })
        : t("order.confirmCancel", { orderNumber });

  if (asking) {
    return (
      <section aria-labelledby="confirm-step" className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
        <h2 id="confirm-step" className="font-semibold text-stone-900">
          {t("staff.orders.confirmStep")}
        </h2>
        <p className="mt-1 text-sm text-stone-800">{question(asking)}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value={asking} />
            <input type="hidden" name="confirmed" value="1" />
            <button type="submit" className={PRIMARY_BUTTON} disabled={pending}>
              {t("order.confirmYes")}
            </button>
          </Form>
          <Form method="get">
            <button type="submit" className={SECONDARY_BUTTON}>
              {t("order.confirmNo")}
            </button>
          </Form>
        </div>
      </section>
    );
  }

  const button = (intent: StatusIntent, label: string, className: string) => (
    <Form
      method="post"
      onSubmit={(event) => {
        // with JavaScript: ask in the dialog first
        event.preventDefault();
        setOpen(intent);
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={className} disabled={pending}>
        {label}
      </button>
    </Form>
  );

  return (
    <div className="flex flex-wrap gap-2">
      {markDelivered ? button("deliver", t("order.markDelivered"), PRIMARY_BUTTON) : null}
      {cancel ? button("cancel", t("order.cancel"), DANGER_BUTTON) : null}
      <ConfirmDialog
        open={open !== null}
        message={open ? question(open) : ""}
        onCancel={() => setOpen(null)}
        onConfirm={() => {
          const intent = open;
          setOpen(null);
          if (intent) submit({ intent, confirmed: "1" }, { method: "post" });
        }}
      />
    </div>
  );
}
