import { useId } from "react";
import { Form } from "react-router";
import { formatDate } from "../../../domain/i18n";
import type { FieldError } from "../../../domain/validation/errors";
import type { WithdrawalForm } from "../../../server/web-door";
import {
  FieldErrorText,
  FormAlert,
  RequiredLegend,
  SubmitButton,
  TextAreaField,
  TextField,
} from "../../components/form-field";
import { TitledSection } from "../../components/titled-section";
import { useLang, useT } from "../../lib/i18n";
import { useNavigationPending } from "./use-navigation-pending";
import { quantityField } from "./withdrawal-values";
import "../../lib/after-sale-texts";

// Step one of the withdrawal: only what identifies the contract and the consumer — the name
// (prefilled from the order), the order (shown, not editable), which items and how many (every unit
// left by default), the e-mail for the confirmation (prefilled) and an optional reason. "Dalej"
// posts it for the summary; the submission key made with the page travels in a hidden field.

export function WithdrawalStepOne({
  form,
  values,
  errors,
  formError,
}: {
  form: WithdrawalForm;
  values: Record<string, string>;
  errors?: Record<string, FieldError> | undefined;
  formError?: string | undefined;
}) {
  const t = useT();
  const lang = useLang();
  const pending = useNavigationPending();
  const orderId = useId();
  const linesId = useId();
  const lines = form.lines.filter((line) => line.withdrawable > 0);
  return (
    <TitledSection
      id={`${orderId}-step`}
      title={t("afterSale.stepOne")}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <p className="mt-1 text-sm text-stone-600">
        {form.window.endsAt
          ? t("afterSale.periodOpenUntil", { date: formatDate(lang, form.window.endsAt) })
          : t("afterSale.periodNotStarted")}
      </p>
      <Form method="post" noValidate className="mt-4 space-y-5">
        <RequiredLegend />
        <FormAlert message={formError ? t(formError) : undefined} />
        <input type="hidden" name="submissionKey" value={values.submissionKey ?? ""} />
        <div>
          <label htmlFor={orderId} className="mb-1.5 block text-sm font-medium text-stone-800">
            {t("afterSale.order")}
          </label>
          <input
            id={orderId}
            readOnly
            value={t("afterSale.orderOf", {
              orderNumber: form.order.orderNumber,
              date: formatDate(lang, form.order.createdAt),
            })}
            className="block w-full rounded-lg border border-stone-200 bg-stone-50 px-3 py-2.5 text-base text-stone-800"
          />
        </div>
        <TextField
          name="name"
          label={t("afterSale.name")}
          required
          maxLength={200}
          autoComplete="name"
          defaultValue={values.name}
          error={errors?.name}
        />
        <fieldset aria-describedby={`${linesId}-hint${errors?.lines ? ` ${linesId}-error` : ""}`}>
          <legend className="text-sm font-medium text-stone-800">{t("afterSale.items")}</legend>
          <p id={`${linesId}-hint`} className="mt-1 text-sm text-stone-600">
            {t("afterSale.itemsHint")}
          </p>
          <ul className="mt-3 divide-y divide-stone-200 rounded-lg border border-stone-200">
            {lines.map((line) => (
              <li key={line.lineId} className="grid gap-2 p-3 sm:grid-cols-[1fr_9rem] sm:items-center">
                <QuantityField
                  line={line}
                  value={values[quantityField(line.lineId)]}
                  error={errors?.[quantityField(line.lineId)]}
                />
              </li>
            ))}
          </ul>
          <FieldErrorText id={`${linesId}-error`} error={errors?.lines} />
        </fieldset>
        <TextField
          name="email"
          type="email"
          label={t("afterSale.email")}
          required
          maxLength={254}
          autoComplete="email"
          defaultValue={values.email}
          error={errors?.email}
        />
        <TextAreaField
          name="reason"
          label={t("afterSale.reason")}
          optional
          rows={3}
          defaultValue={values.reason}
          error={errors?.reason}
        />
        <p className="-mt-3 text-sm text-stone-600">{t("afterSale.reasonHint")}</p>
        <SubmitButton pending={pending}>{t("afterSale.next")}</SubmitButton>
        <input type="hidden" name="intent" value="review" />
      </Form>
    </TitledSection>
  );
}

function QuantityField({
  line,
  value,
  error,
}: {
  line: WithdrawalForm["lines"][number];
  value: string | undefined;
  error: FieldError | undefined;
}) {
  const t = useT();
  const id = useId();
  const name = line.variantLabel ? `${line.productTitle} (${line.variantLabel})` : line.productTitle;
  return (
    <>
      <label htmlFor={id} className="text-stone-900">
        <span className="font-medium">{name}</span>
        <span className="block text-sm text-stone-600">
          {t("afterSale.unitsOf", { max: line.withdrawable })}
        </span>
      </label>
      <div>
        <input
          id={id}
          name={quantityField(line.lineId)}
          type="number"
          inputMode="numeric"
          min={0}
          max={line.withdrawable}
          step={1}
          defaultValue={value ?? String(line.withdrawable)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-stone-900 ${
            error ? "border-red-600" : "border-stone-300"
          }`}
        />
        <FieldErrorText id={`${id}-error`} error={error} />
      </div>
    </>
  );
}
