import { redirect } from "react-router";
import { ACCOUNT_PATH } from "../../lib/account-paths";
import { errorMessageKey, requestMeta, requireUser } from "../../lib/auth.server";
import { redirectWithFlash } from "../../lib/flash.server";
import { safeRedirect } from "../../lib/safe-redirect";
import type { Route } from "./+types/resend-confirmation";

// POST /konto/wyslij-potwierdzenie (redirectTo): the unapproved banner's "Wyślij ponownie".
// Sends the confirmation e-mail again and goes back with a toast: 'Wysłano email. Sprawdź
// skrzynkę pocztową', or 'Błąd: ' + the translated failure.
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), ACCOUNT_PATH);
  const result = await context.services.accounts.resendConfirmation(user, requestMeta(request, context));
  if (!result.ok) {
    return redirectWithFlash(back, { type: "error", key: errorMessageKey(result.code), errorPrefix: true });
  }
  return redirectWithFlash(back, { type: "success", key: "success.emailSent" });
}

export function loader() {
  return redirect(ACCOUNT_PATH);
}
