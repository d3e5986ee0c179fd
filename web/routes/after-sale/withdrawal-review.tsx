import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { formatDate } from "../../../domain/i18n";
import type { WithdrawalForm } from "../../../server/web-door";
import { FormAlert } from "../../components/form-field";
import { Spinner } from "../../components/spinner";
import { useLang, useT } from "../../lib/i18n";
import { useSubmitting } from "../../lib/use-submitting";
import { quantityOf } from "./withdrawal-values";
import "../../lib/after-sale-texts";

// Step two of the withdrawal: the statement as it will be sent, and the separate button
// "Potwierdź odstąpienie od umowy". Every value travels in hidden fields: "Wróć i popraw" gives step
// one back as typed, and the confirmation carries step one's submission key (one statement however
// often it is posted). The button shows progress and cannot be pressed twice while sending.

export function WithdrawalReview({
  form,
  values,
  failure,
}: {
  form: WithdrawalForm;
  values: Record<string, string>;
  failure?: { key: string; params?: Record<string, string | number> | undefined } | undefined;
}) {
  const t = useT();
  const lang = useLang();
  const submitting = useSubmitting();
  // the summary replaces step one: the keyboard and a screen reader continue from its heading
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const chosen = form.lines
    .map((line) => ({ line, quantity: quantityOf(values, line.lineId) }))
    .filter((entry) => entry.quantity > 0);
  const rows: [string, string][] = [
    [
      t("afterSale.order"),
      t("afterSale.orderOf", {
        orderNumber: form.order.orderNumber,
        date: formatDate(lang, form.order.createdAt),
      }),
    ],
    [t("afterSale.name"), values.name ?? ""],
    [t("afterSale.email"), values.email ?? ""],
    [t("afterSale.reason"), values.reason?.trim() || t("afterSale.reasonNone")],
  ];
  return (
    <section
      aria-labelledby="withdrawal-review"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <h2 id="withdrawal-review" ref={heading} tabIndex={-1} className="text-lg font-semibold text-stone-900">
        {t("afterSale.stepTwo")}
      </h2>
      <p className="mt-1 text-stone-700">{t("afterSale.summaryIntro")}</p>
      <div className="mt-4">
        <FormAlert message={failure ? t(failure.key, failure.params) : undefined} />
      </div>
      <dl className="mt-4 grid gap-x-4 gap-y-2 sm:grid-cols-[12rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-medium text-stone-600">{label}</dt>
            <dd className="break-words text-stone-900">{value}</dd>
          </div>
        ))}
        <dt className="text-sm font-medium text-stone-600">{t("afterSale.items")}</dt>
        <dd>
          <ul className="list-disc space-y-1 pl-5 text-stone-900">
            {chosen.map(({ line, quantity }) => (
              <li key={line.lineId}>
                {line.productTitle}
                {line.variantLabel ? ` (${line.variantLabel})` : ""}: {t("afterSale.quantity", { quantity })}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      <Form method="post" className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        {Object.entries(values).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button
          type="submit"
          name="intent"
          value="edit"
          className="inline-flex min-h-11 items-center justify-center rounded-full border border-stone-300 bg-white px-6 py-2.5 font-semibold text-stone-800 hover:bg-stone-50"
        >
          ← {t("afterSale.back")}
        </button>
        <button
          type="submit"
          name="intent"
          value="confirm"
          disabled={submitting}
          aria-busy={submitting || undefined}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-accent-600 px-6 py-2.5 font-semibold text-white hover:bg-accent-700 disabled:cursor-wait disabled:opacity-80"
        >
          {submitting ? (
            <>
              <Spinner />
              <span>{t("afterSale.sending")}</span>
            </>
          ) : (
            t("afterSale.confirmWithdrawal")
          )}
        </button>
      </Form>
    </section>
  );
}
