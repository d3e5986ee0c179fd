import { Form, useLocation } from "react-router";
import { resetPasswordSchema } from "../../../domain/validation/auth";
import { FormAlert, SubmitButton } from "../../components/form-field";
import { LOGIN_PATH, RESET_PASSWORD_PATH } from "../../lib/account-paths";
import { redirectSignedIn, requestMeta, submitForm } from "../../lib/auth.server";
import { redirectWithFlash } from "../../lib/flash.server";
import { formValues, keepValues } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { langFromMatches, metaTags } from "../../lib/meta";
import type { Route } from "./+types/reset-password";
import { AuthFooterLink, AuthPage } from "./auth-page";
import "../../lib/auth-texts";
import { EmailField } from "./email-field";
import { useAuthForm } from "./use-auth-form";

// /zresetuj-haslo (guest-only): e-mail. Always the same toast 'Wysłano email. Sprawdź
// skrzynkę pocztową' whether or not the address has an account (the server sends the link
// only when it has), and the field is cleared.

export function meta({ matches }: Route.MetaArgs) {
  return [...metaTags(langFromMatches(matches), "auth.resetTitle"), { name: "robots", content: "noindex" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  redirectSignedIn(context, request);
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  redirectSignedIn(context, request);
  const values = formValues(await request.formData());
  const result = await submitForm(resetPasswordSchema, values, keepValues(values, ["email"]), (input) =>
    context.services.accounts.requestPasswordReset(input, requestMeta(request, context)),
  );
  if (!result.ok) return result.reply;
  return redirectWithFlash(RESET_PASSWORD_PATH, { type: "success", key: "success.emailSent" });
}

export default function ResetPassword() {
  const t = useT();
  const location = useLocation();
  const { failure, submitting, errors, formError, onSubmit, onChange } = useAuthForm(
    (m) => m.resetPasswordSchema,
  );

  return (
    <AuthPage
      title={t("auth.resetTitle")}
      description={<p>{t("auth.resetDescription")}</p>}
      footer={<AuthFooterLink to={LOGIN_PATH}>{t("auth.backToLogin")}</AuthFooterLink>}
    >
      {/* a new location after a successful send remounts the form, which clears the field */}
      <Form
        key={location.key}
        method="post"
        noValidate
        onSubmit={onSubmit}
        onChange={onChange}
        className="space-y-5"
      >
        <FormAlert message={formError ? t(formError) : undefined} />
        <EmailField defaultValue={failure?.values?.email} error={errors.email} />
        <SubmitButton pending={submitting} className="w-full">
          {t("auth.send")}
        </SubmitButton>
      </Form>
    </AuthPage>
  );
}
