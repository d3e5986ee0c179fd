import { Form, useLocation } from "react-router";
import { RESEND_CONFIRMATION_PATH } from "../lib/account-paths";
import { useT } from "../lib/i18n";
import { useSubmitting } from "../lib/use-submitting";
import { Spinner } from "./spinner";

/**
 * Red banner for a signed-in user whose account is not active yet (SPEC §2 Other shell
 * elements), with the resend-confirmation action: a POST form (works without JavaScript)
 * to /konto/wyslij-potwierdzenie, which comes back here with a toast.
 */
export function UnapprovedBanner() {
  const t = useT();
  const location = useLocation();
  const sending = useSubmitting(RESEND_CONFIRMATION_PATH);
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 bg-red-700 px-4 py-2 text-center text-sm font-medium text-white"
    >
      <p>{t("account.notApprovedBanner")}</p>
      <Form method="post" action={RESEND_CONFIRMATION_PATH} preventScrollReset>
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <button
          type="submit"
          disabled={sending}
          aria-busy={sending || undefined}
          className="inline-flex min-h-9 items-center gap-2 rounded-full bg-white px-4 py-1.5 font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-white disabled:cursor-wait"
        >
          {sending ? <Spinner /> : null}
          {t("account.resendConfirmation")}
        </button>
      </Form>
    </div>
  );
}
