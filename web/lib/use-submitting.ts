import { useLocation, useNavigation } from "react-router";

// Its own module (re-exported by use-form-validation.ts): the shell uses it without the form
// validation (docs/decisions/021-bundle-budgets.md).

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
