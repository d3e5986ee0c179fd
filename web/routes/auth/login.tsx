import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { loginSchema } from "../../../domain/validation/auth";
import { parseForm } from "../../../domain/validation/errors";
import { FormAlert, SubmitButton, TextField } from "../../components/form-field";
import { REGISTER_PATH, RESET_PASSWORD_PATH } from "../../lib/account-paths";
import {
  afterLoginTarget,
  failedForm,
  invalidForm,
  redirectSignedIn,
  requestMeta,
  returnParam,
  sessionCookie,
} from "../../lib/auth.server";
import { formValues, keepValues } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { langFromMatches, metaTags } from "../../lib/meta";
import { useFormValidation, useSubmitting } from "../../lib/use-form-validation";
import type { Route } from "./+types/login";
import { AuthPage, TEXT_LINK } from "./auth-page";
import "../../lib/auth-texts";

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
  const kept = keepValues(values, ["email"]);
  const parsed = parseForm(loginSchema, values);
  if (!parsed.ok) {
    return invalidForm(parsed.errors, kept);
  }
  const result = await context.services.accounts.login(parsed.data, requestMeta(request, context));
  if (!result.ok) {
    return failedForm(result, kept);
  }
  const { token, expiresAt } = result.value;
  return redirect(afterLoginTarget(request, form.get("return")), {
    headers: { "Set-Cookie": sessionCookie(context, token, expiresAt) },
  });
}

export default function Login() {
  const t = useT();
  const { returnTo } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const submitting = useSubmitting();
  const { errors, formError, onSubmit, onChange } = useFormValidation(
    () => import("../../../domain/validation/auth").then((m) => m.loginSchema),
    {
      serverErrors: failure?.errors,
      serverFormError: failure?.formError,
    },
  );

  return (
    <AuthPage
      title={t("auth.loginTitle")}
      footer={
        <p>
          {t("auth.noAccount")}{" "}
          <Link to={REGISTER_PATH} className={TEXT_LINK}>
            {t("auth.registerLink")}
          </Link>
        </p>
      }
    >
      <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-5">
        {returnTo && !formError ? <FormAlert tone="info" message={t("errors.unauthorized")} /> : null}
        <FormAlert message={formError ? t(formError) : undefined} />
        <input type="hidden" name="return" value={returnTo} />
        <TextField
          name="email"
          type="email"
          label={t("auth.email")}
          autoComplete="email"
          inputMode="email"
          defaultValue={failure?.values?.email}
          error={errors.email}
        />
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
