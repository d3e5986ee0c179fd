import { useActionData } from "react-router";
import type { z } from "zod";
import type { FormFailure } from "../../lib/forms";
import { serverFeedback, useFormValidation, useSubmitting } from "../../lib/use-form-validation";

type AuthSchemas = typeof import("../../../domain/validation/auth");

/**
 * An auth page's form: the action's refusal (field errors, message, what was typed), whether it is
 * being sent, and the browser's validation with the page's schema from domain/validation/auth, which
 * loads on the first change or submit (docs/decisions/021-bundle-budgets.md).
 */
export function useAuthForm(pick: (schemas: AuthSchemas) => z.ZodType, booleans?: readonly string[]) {
  const failure = useActionData<FormFailure>();
  const submitting = useSubmitting();
  const validation = useFormValidation(() => import("../../../domain/validation/auth").then(pick), {
    booleans,
    ...serverFeedback(failure),
  });
  return { failure, submitting, ...validation };
}
