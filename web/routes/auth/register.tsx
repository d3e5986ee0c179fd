import { Form, Link } from "react-router";
import { translateParts } from "../../../domain/i18n";
import { registerSchema } from "../../../domain/validation/auth";
import {
  CheckboxField,
  FormAlert,
  RequiredLegend,
  SubmitButton,
  TextField,
} from "../../components/form-field";
import { LOGIN_PATH, PRIVACY_POLICY_PATH, TERMS_PATH } from "../../lib/account-paths";
import { redirectSignedIn, requestMeta, submitForm } from "../../lib/auth.server";
import { redirectWithFlash } from "../../lib/flash.server";
import { formValues, keepValues } from "../../lib/forms";
import { useLang, useT } from "../../lib/i18n";
import { langFromMatches, metaTags } from "../../lib/meta";
import type { Route } from "./+types/register";
import { AuthFooterLink, AuthPage, TEXT_LINK } from "./auth-page";
import "../../lib/auth-texts";
import { NewPasswordFields } from "../../components/new-password-fields";
import { EmailField } from "./email-field";
import { useAuthForm } from "./use-auth-form";

// /rejestracja (guest-only): name, e-mail, password twice, terms. Success sends the
// confirmation e-mail (server) and goes to login with a toast.

const BOOLEANS = ["acceptTerms"] as const;

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...metaTags(langFromMatches(matches), "auth.registerTitle"),
    { name: "robots", content: "noindex" },
  ];
}

export function loader({ context, request }: Route.LoaderArgs) {
  redirectSignedIn(context, request);
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  redirectSignedIn(context, request);
  const values = formValues(await request.formData(), BOOLEANS);
  const kept = {
    ...keepValues(values, ["displayName", "email"]),
    acceptTerms: values.acceptTerms ? "on" : "",
  };
  const result = await submitForm(registerSchema, values, kept, ({ acceptTerms: _accepted, ...payload }) =>
    context.services.accounts.register(payload, requestMeta(request, context)),
  );
  if (!result.ok) return result.reply;
  return redirectWithFlash(LOGIN_PATH, { type: "success", key: "success.userRegistered" });
}

export default function Register() {
  const t = useT();
  const lang = useLang();
  const { failure, submitting, errors, formError, onSubmit, onChange } = useAuthForm(
    (m) => m.registerSchema,
    BOOLEANS,
  );
  const termsLabel = translateParts(lang, "auth.terms", {
    terms: (
      <Link key="terms" to={TERMS_PATH} target="_blank" className={TEXT_LINK}>
        {t("auth.termsLink")}
      </Link>
    ),
    privacyPolicy: (
      <Link key="privacy" to={PRIVACY_POLICY_PATH} target="_blank" className={TEXT_LINK}>
        {t("auth.privacyPolicyLink")}
      </Link>
    ),
  });

  return (
    <AuthPage
      title={t("auth.registerTitle")}
      footer={
        <AuthFooterLink lead={t("auth.haveAccount")} to={LOGIN_PATH}>
          {t("auth.loginLink")}
        </AuthFooterLink>
      }
    >
      <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-5">
        <RequiredLegend />
        <FormAlert message={formError ? t(formError) : undefined} />
        <TextField
          name="displayName"
          required
          label={t("auth.displayName")}
          autoComplete="name"
          defaultValue={failure?.values?.displayName}
          error={errors.displayName}
        />
        <EmailField required defaultValue={failure?.values?.email} error={errors.email} />
        <NewPasswordFields
          passwordLabel={t("auth.password")}
          confirmLabel={t("auth.confirmPassword")}
          errors={errors}
        />
        <CheckboxField
          name="acceptTerms"
          required
          label={termsLabel}
          error={errors.acceptTerms}
          defaultChecked={failure?.values?.acceptTerms === "on"}
        />
        <SubmitButton pending={submitting} className="w-full">
          {t("auth.registerButton")}
        </SubmitButton>
      </Form>
    </AuthPage>
  );
}
