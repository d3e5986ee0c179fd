import { type FormEvent, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { type FieldError, parseForm } from "../../domain/validation/errors";
import { type FormFailure, formValues } from "./forms";
import { useSubmitting } from "./use-submitting";

export { useSubmitting };

const FORM_CONTAINS_ERRORS = "errors.formContainsErrors";

export interface FormValidationOptions {
  /** checkbox names read as booleans (see formValues) */
  booleans?: readonly string[];
  /** field errors the action returned */
  serverErrors?: Record<string, FieldError> | undefined;
  /** form-level message key the action returned */
  serverFormError?: string | undefined;
}

/** The options carrying an action's answer to a refused form (its field errors and message). */
export function serverFeedback(failure: Pick<FormFailure, "errors" | "formError"> | undefined) {
  return {
    serverErrors: failure?.errors,
    serverFormError: failure?.formError,
  } satisfies FormValidationOptions;
}

/**
 * The form's zod schema, or (better) a function importing it: `() => import("…/auth").then((m) =>
 * m.loginSchema)`. Imported lazily, the schema and zod load on the first change or submit, not with
 * the page (docs/decisions/021-bundle-budgets.md); the action still imports the same schema.
 */
export type SchemaSource = z.ZodType | (() => Promise<z.ZodType>);

/**
 * Validates a form in the browser with the same zod schema the action uses. Without
 * JavaScript the form simply posts and the action answers with the same errors.
 * On submit: an invalid form is not sent, its fields show their first failing rule and the
 * first of them gets the focus. After a refused submit, every change validates again so a
 * fixed field loses its error at once. A lazy schema starts loading on the first change; a submit
 * before it is there waits for it, then submits again (or, should it fail to load, lets the
 * server validate).
 */
export function useFormValidation(source: SchemaSource, options: FormValidationOptions = {}) {
  const { booleans = [], serverErrors, serverFormError } = options;
  const [clientErrors, setClientErrors] = useState<Record<string, FieldError> | null>(null);
  const [refused, setRefused] = useState(false);
  const schema = useRef<z.ZodType | null>(typeof source === "function" ? null : source);
  const loading = useRef<Promise<z.ZodType | null> | null>(null);
  // the schema failed to load (offline): forms go through and the action validates them
  const unavailable = useRef(false);

  // a new answer from the action replaces what the browser found
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new answer on purpose
  useEffect(() => {
    setClientErrors(null);
    setRefused(false);
  }, [serverErrors, serverFormError]);

  function loadSchema(): Promise<z.ZodType | null> {
    if (schema.current) return Promise.resolve(schema.current);
    if (typeof source !== "function") return Promise.resolve(source);
    loading.current ??= source().then(
      (loaded) => {
        schema.current = loaded;
        return loaded;
      },
      () => {
        unavailable.current = true;
        return null;
      },
    );
    return loading.current;
  }

  function validate(form: HTMLFormElement, current: z.ZodType): Record<string, FieldError> {
    const result = parseForm(current, formValues(new FormData(form), booleans));
    return result.ok ? {} : result.errors;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    if (unavailable.current) return;
    if (!schema.current) {
      // hold the submit until the schema is there, then submit again through the same button
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      void loadSchema().then(() => form.requestSubmit(submitter instanceof HTMLElement ? submitter : null));
      return;
    }
    const errors = validate(form, schema.current);
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
    if (!schema.current) void loadSchema();
    else if (refused) setClientErrors(validate(event.currentTarget, schema.current));
  }

  const errors = clientErrors ?? serverErrors ?? {};
  const formError = clientErrors
    ? Object.keys(clientErrors).length > 0
      ? FORM_CONTAINS_ERRORS
      : undefined
    : serverFormError;
  return { errors, formError, onSubmit, onChange };
}
