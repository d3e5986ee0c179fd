import { type FormEvent, useEffect, useState } from "react";
import { productFormSchema } from "../../../../domain/validation/catalog";
import { type FieldError, parseForm } from "../../../../domain/validation/errors";
import { formPayloadInput, formStateFromForm } from "./form-state";

// useFormValidation for the product form, whose checkbox lists and variant rows have repeated
// names: the browser reads the form exactly as the action does (formStateFromForm) and checks it
// with the same schema. An invalid form is not sent; the first invalid input gets the focus.

export function validateProductForm(form: HTMLFormElement): Record<string, FieldError> {
  const result = parseForm(productFormSchema, formPayloadInput(formStateFromForm(new FormData(form))));
  return result.ok ? {} : result.errors;
}

export function useProductFormValidation(
  serverErrors?: Record<string, FieldError>,
  serverFormError?: string,
) {
  const [clientErrors, setClientErrors] = useState<Record<string, FieldError> | null>(null);
  const [refused, setRefused] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer from the action replaces the browser's
  useEffect(() => {
    setClientErrors(null);
    setRefused(false);
  }, [serverErrors, serverFormError]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const errors = validateProductForm(form);
    if (Object.keys(errors).length === 0) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(errors);
    setRefused(true);
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    if (refused) setClientErrors(validateProductForm(event.currentTarget));
  }

  const errors = clientErrors ?? serverErrors ?? {};
  const formError = clientErrors
    ? Object.keys(clientErrors).length > 0
      ? "errors.formContainsErrors"
      : undefined
    : serverFormError;
  return { errors, formError, onSubmit, onChange };
}
