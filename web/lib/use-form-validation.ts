import { type FormEvent, useEffect, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import type { z } from "zod";
import { type FieldError, parseForm } from "../../domain/validation/errors";
import { formValues } from "./forms";

const FORM_CONTAINS_ERRORS = "errors.formContainsErrors";

export interface FormValidationOptions {
  /** checkbox names read as booleans (see formValues) */
  booleans?: readonly string[];
  /** field errors the action returned */
  serverErrors?: Record<string, FieldError> | undefined;
  /** form-level message key the action returned */
  serverFormError?: string | undefined;
}

/**
 * Validates a form in the browser with the same zod schema the action uses. Without
 * JavaScript the form simply posts and the action answers with the same errors.
 * On submit: an invalid form is not sent, its fields show their first failing rule and the
 * first of them gets the focus. After a refused submit, every change validates again so a
 * fixed field loses its error at once.
 */
export function useFormValidation(schema: z.ZodType, options: FormValidationOptions = {}) {
  const { booleans = [], serverErrors, serverFormError } = options;
  const [clientErrors, setClientErrors] = useState<Record<string, FieldError> | null>(null);
  const [refused, setRefused] = useState(false);

  // a new answer from the action replaces what the browser found
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new answer on purpose
  useEffect(() => {
    setClientErrors(null);
    setRefused(false);
  }, [serverErrors, serverFormError]);

  function validate(form: HTMLFormElement): Record<string, FieldError> {
    const result = parseForm(schema, formValues(new FormData(form), booleans));
    return result.ok ? {} : result.errors;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const errors = validate(form);
    if (Object.keys(errors).length === 0) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(errors);
    setRefused(true);
    const first = Array.from(form.elements).find(
      (element): element is HTMLInputElement =>
        element instanceof HTMLInputElement && element.name in errors && element.type !== "hidden",
    );
    first?.focus();
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    if (refused) setClientErrors(validate(event.currentTarget));
  }

  const errors = clientErrors ?? serverErrors ?? {};
  const formError = clientErrors
    ? Object.keys(clientErrors).length > 0
      ? FORM_CONTAINS_ERRORS
      : undefined
    : serverFormError;
  return { errors, formError, onSubmit, onChange };
}

/**
 * True while a form is being posted to `action` (default: the current page), so its submit
 * button shows progress.
 */
export function useSubmitting(action?: string): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state === "idle" || navigation.formMethod?.toUpperCase() !== "POST") return false;
  const target = new URL(navigation.formAction ?? "", "http://localhost").pathname;
  return target === (action ?? location.pathname);
}
