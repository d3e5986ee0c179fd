import { Form, Link, useLoaderData } from "react-router";
import { newPasswordSchema } from "../../../domain/validation/auth";
import { FormAlert, RequiredLegend, SubmitButton } from "../../components/form-field";
import { LOGIN_PATH, RESET_PASSWORD_PATH } from "../../lib/account-paths";
import { redirectSignedIn, submitForm } from "../../lib/auth.server";
import { redirectWithFlash } from "../../lib/flash.server";
import { formValues } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { langFromMatches, metaTags } from "../../lib/meta";
import type { Route } from "./+types/new-password";
import { AuthFooterLink, AuthPage, TEXT_LINK } from "./auth-page";
import "../../lib/auth-texts";
import { NewPasswordFields } from "../../components/new-password-fields";
import { useAuthForm } from "./use-auth-form";

// /ustaw-nowe-haslo?token=…&email=… (guest-only): the link from the password-reset e-mail.
// The link's query parameters travel with the form; success 'Zaktualizowano hasło.' and login.

const PASSWORD_FIELDS = new Set(["password", "confirmPassword"]);

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...metaTags(langFromMatches(matches), "auth.newPasswordTitle"),
    { name: "robots", content: "noindex" },
  ];
}

/** The e-mail link's query parameters (token, email), passed on as hidden fields. */
function linkParams(url: URL): [string, string][] {
  return [...url.searchParams.entries()].filter(([name]) => !PASSWORD_FIELDS.has(name));
}

export function loader({ context, request }: Route.LoaderArgs) {
  redirectSignedIn(context, request);
  const params = linkParams(new URL(request.url));
  return { params, hasToken: params.some(([name, value]) => name === "token" && value !== "") };
}

export async function action({ context, request }: Route.ActionArgs) {
  redirectSignedIn(context, request);
  const values = formValues(await request.formData());
  const result = await submitForm(newPasswordSchema, values, undefined, (input) =>
    context.services.accounts.setNewPassword({ ...values, ...input }),
  );
  if (!result.ok) return result.reply;
  return redirectWithFlash(LOGIN_PATH, { type: "success", key: "success.passwordUpdated" });
}

export default function NewPassword() {
  const t = useT();
  const { params, hasToken } = useLoaderData<typeof loader>();
  const { failure, submitting, errors, formError, onSubmit, onChange } = useAuthForm(
    (m) => m.newPasswordSchema,
  );

  return (
    <AuthPage
      title={t("auth.newPasswordTitle")}
      footer={<AuthFooterLink to={LOGIN_PATH}>{t("auth.backToLogin")}</AuthFooterLink>}
    >
      {hasToken ? (
        <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-5">
          {params.map(([name, value], index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the link's parameters never reorder
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
          <RequiredLegend />
          <NewPasswordFields
            passwordLabel={t("auth.newPassword")}
            confirmLabel={t("auth.confirmPassword")}
            errors={errors}
          />
          <SubmitButton pending={submitting} className="w-full">
            {t("auth.send")}
          </SubmitButton>
          <FormAlert message={formError ? t(formError) : undefined} />
          {failure?.formError === "errors.invalidToken" ? (
            <p className="text-sm">
              <Link to={RESET_PASSWORD_PATH} className={TEXT_LINK}>
                {t("auth.requestNewLink")}
              </Link>
            </p>
          ) : null}
        </Form>
      ) : (
        <div className="space-y-4">
          <FormAlert message={t("auth.newPasswordMissingLink")} />
          <Link to={RESET_PASSWORD_PATH} className={TEXT_LINK}>
            {t("auth.requestNewLink")}
          </Link>
        </div>
      )}
    </AuthPage>
  );
}
