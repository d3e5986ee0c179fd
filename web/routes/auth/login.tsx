import { Form, Link, redirect, useLoaderData } from "react-router";
import { loginSchema } from "../../../domain/validation/auth";
import { FormAlert, SubmitButton, TextField } from "../../components/form-field";
import { REGISTER_PATH, RESET_PASSWORD_PATH } from "../../lib/account-paths";
import {
  afterLoginTarget,
  redirectSignedIn,
  requestMeta,
  returnParam,
  sessionCookie,
  submitForm,
} from "../../lib/auth.server";
import { formValues, keepValues } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { langFromMatches, metaTags } from "../../lib/meta";
import type { Route } from "./+types/login";
import { AuthFooterLink, AuthPage, TEXT_LINK } from "./auth-page";
import "../../lib/auth-texts";
import { EmailField } from "./email-field";
import { useAuthForm } from "./use-auth-form";

// /logowanie (guest-only): e-mail and password. Success starts a session (HttpOnly cookie)
// and returns to the `return` route, else the last visited route, else the account.

export function meta({ matches }: Route.MetaArgs) {
  return [...metaTags(langFromMatches(matches), "auth.loginTitle"), { name: "robots", content: "noindex" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  redirectSignedIn(context, request);
  return { returnTo: returnParam(request) ?? "" };
}

export async function action({ context, request }: Route.ActionArgs) {
  redirectSignedIn(context, request);
  const form = await request.formData();
  const values = formValues(form);
  const result = await submitForm(loginSchema, values, keepValues(values, ["email"]), (input) =>
    context.services.accounts.login(input, requestMeta(request, context)),
  );
  if (!result.ok) return result.reply;
  const { token, expiresAt } = result.value;
  return redirect(afterLoginTarget(request, form.get("return")), {
    headers: { "Set-Cookie": sessionCookie(context, token, expiresAt) },
  });
}

export default function Login() {
  const t = useT();
  const { returnTo } = useLoaderData<typeof loader>();
  const { failure, submitting, errors, formError, onSubmit, onChange } = useAuthForm((m) => m.loginSchema);

  return (
    <AuthPage
      title={t("auth.loginTitle")}
      footer={
        <AuthFooterLink lead={t("auth.noAccount")} to={REGISTER_PATH}>
          {t("auth.registerLink")}
        </AuthFooterLink>
      }
    >
      <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-5">
        {returnTo && !formError ? <FormAlert tone="info" message={t("errors.unauthorized")} /> : null}
        <FormAlert message={formError ? t(formError) : undefined} />
        <input type="hidden" name="return" value={returnTo} />
        <EmailField defaultValue={failure?.values?.email} error={errors.email} />
        <div>
          <TextField
            name="password"
            type="password"
            label={t("auth.password")}
            autoComplete="current-password"
            error={errors.password}
          />
          <p className="mt-2 text-right text-sm">
            <Link to={RESET_PASSWORD_PATH} className={TEXT_LINK}>
              {t("auth.forgotPassword")}
            </Link>
          </p>
        </div>
        <SubmitButton pending={submitting} className="w-full">
          {t("auth.loginButton")}
        </SubmitButton>
      </Form>
    </AuthPage>
  );
}
