import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import type { FieldError } from "../../../../domain/validation/errors";
import { makeShipmentNumberFormSchema } from "../../../../domain/validation/shipment";
import { useT } from "../../../lib/i18n";
import { useFormValidation, useSubmitting } from "../../../lib/use-form-validation";
import { useHydrated } from "../../../lib/use-hydrated";
import { FieldErrorText, Spinner } from "../../form-field";
import { FILTER_INPUT, FILTER_LABEL, PRIMARY_BUTTON } from "./pager";

// The moderator's shipment number entry (SPEC §2 order card, §5): "Dodaj" is disabled while the
// field is empty (once JavaScript runs; before that the field is `required`), and the number already
// on the order is refused with the spec's message, in the browser and by the server. The field is
// uncontrolled: what was typed before the page hydrated stays, and is read back once it has.

export function ShipmentForm({
  previous,
  error,
  value,
}: {
  previous: string | null;
  error?: FieldError;
  value?: string;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const [text, setText] = useState(value ?? "");
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current) setText(input.current.value);
  }, []);
  const pending = useSubmitting();
  const { errors, onSubmit, onChange } = useFormValidation(makeShipmentNumberFormSchema(previous), {
    serverErrors: error ? { shipmentNumber: error } : undefined,
  });
  const fieldError = errors.shipmentNumber;
  return (
    <Form method="post" noValidate={hydrated} onSubmit={onSubmit} onChange={onChange} className="max-w-xl">
      <input type="hidden" name="intent" value="shipment" />
      <label htmlFor="shipment-number" className={FILTER_LABEL}>
        {t("order.shipmentNumber")}
      </label>
      <div className="flex flex-wrap items-start gap-2">
        <input
          id="shipment-number"
          name="shipmentNumber"
          required
          maxLength={100}
          ref={input}
          defaultValue={value ?? ""}
          onChange={(event) => setText(event.target.value)}
          placeholder={t("order.shipmentNumberPlaceholder")}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? "shipment-number-error" : undefined}
          className={`${FILTER_INPUT} min-w-0 flex-1 basis-56`}
        />
        <button
          type="submit"
          disabled={(hydrated && text.trim() === "") || pending}
          className={PRIMARY_BUTTON}
        >
          {pending ? <Spinner /> : null}
          {t("shipment.add")}
        </button>
      </div>
      <FieldErrorText id="shipment-number-error" error={fieldError} />
    </Form>
  );
}
