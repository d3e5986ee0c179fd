import type { ReactNode } from "react";
import { useActionData, useLoaderData, useLocation, useNavigation } from "react-router";
import type { MessageKey } from "../../../domain/i18n";
import { userSettingsSchema } from "../../../domain/validation/address";
import { changePasswordSchema } from "../../../domain/validation/auth";
import { bindFields } from "../../components/bind-fields";
import { FormAlert, RequiredLegend, SubmitButton, TextField } from "../../components/form-field";
import { ACCOUNT_SETTINGS_PATH } from "../../lib/account-paths";
import { requestMeta, requireUser, sessionToken, submitForm } from "../../lib/auth.server";
import { redirectWithFlash } from "../../lib/flash.server";
import { type FormFailure, formValues, keepValues } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { langFromMatches, metaTags } from "../../lib/meta";
import { serverFeedback, useFormValidation, useSubmitting } from "../../lib/use-form-validation";
import type { Route } from "./+types/settings";
import "../../lib/auth-texts";
import "../../lib/orders-texts";
import { EmailText } from "../../components/email-text";
import { ValidatedForm } from "../../components/validated-form";

// /konto/ustawienia: the signed-in user's display name, phone, address and NIP (SPEC §5
// user/address form without the e-mail, which is the login). Saved for oneself only. Below it the
// password change (intent "password"): the current password and a new one; the other sessions end.

const FIELDS = ["displayName", "phone", "street", "postCode", "city", "nip"] as const;
const PASSWORD_INTENT = "password";

/** One field of the personal data form. */
interface SettingsField {
  name: (typeof FIELDS)[number];
  label: MessageKey;
  type?: "tel";
  autoComplete?: string;
  inputMode?: "tel" | "numeric";
  optional?: boolean;
  /** spans both columns on wide screens */
  wide?: boolean;
}

/** The personal data form's fields in their order (the checkout's address labels). */
const SETTINGS_FIELDS: readonly SettingsField[] = [
  { name: "displayName", label: "address.displayName", autoComplete: "name", wide: true },
  { name: "phone", label: "address.phone", type: "tel", autoComplete: "tel", inputMode: "tel" },
  { name: "nip", label: "address.nip", inputMode: "numeric", optional: true },
  { name: "street", label: "address.street", autoComplete: "street-address", wide: true },
  { name: "postCode", label: "address.postCode", autoComplete: "postal-code" },
  { name: "city", label: "address.city", autoComplete: "address-level2" },
];
/**
 * One card of the page, named by its heading. (Not the shared TitledSection: its own chunk would put
 * this page over the 130 kB first-load budget, web/bundle-budgets.test.ts.)
 */
function SettingsCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <h2 id={id} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...metaTags(langFromMatches(matches), "account.settingsTitle"),
    { name: "robots", content: "noindex" },
  ];
}

export function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return {
    email: user.email,
    values: {
      displayName: user.displayName,
      phone: user.phone ?? "",
      street: user.street ?? "",
      postCode: user.postCode ?? "",
      city: user.city ?? "",
      nip: user.nip ?? "",
    },
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const values = formValues(await request.formData());
  if (values.intent === PASSWORD_INTENT) return changePassword(context, request, values);
  const result = await submitForm(userSettingsSchema, values, keepValues(values, FIELDS), (input) =>
    context.services.accounts.updateUser(user, user._id, input),
  );
  if (!result.ok) return result.reply;
  return redirectWithFlash(ACCOUNT_SETTINGS_PATH, { type: "success", key: "success.dataUpdated" });
}

/**
 * The password form's action. Its failures carry the intent in `values` (so the page shows them under
 * this form); the passwords are never sent back.
 */
async function changePassword(
  context: Route.ActionArgs["context"],
  request: Request,
  values: Record<string, unknown>,
) {
  const user = requireUser(context, request);
  const result = await submitForm(changePasswordSchema, values, { intent: PASSWORD_INTENT }, (input) =>
    context.services.accounts.changePassword(
      user,
      input,
      requestMeta(request, context),
      sessionToken(request),
    ),
  );
  if (!result.ok) return result.reply;
  return redirectWithFlash(ACCOUNT_SETTINGS_PATH, { type: "success", key: "success.passwordUpdated" });
}

export default function AccountSettings() {
  const t = useT();
  const location = useLocation();
  const { email, values } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // each form shows only its own failure
  const failure = answer?.values?.intent === PASSWORD_INTENT ? undefined : answer;
  const navigation = useNavigation();
  const submitting = useSubmitting() && !passwordPosting(navigation.formData);
  const { errors, formError, onSubmit, onChange } = useFormValidation(
    () => import("../../../domain/validation/address").then((m) => m.userSettingsSchema),
    serverFeedback(failure),
  );
  const shown = { ...values, ...failure?.values };
  const field = bindFields(shown, errors);

  return (
    <div className="max-w-2xl">
      <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
        {t("account.settingsTitle")}
      </h1>
      <SettingsCard id="settings-personal" title={t("account.personalData")}>
        <p className="mt-1 text-sm text-stone-600">
          {t("account.email")}:{" "}
          <span className="font-medium wrap-anywhere text-stone-900">
            <EmailText email={email} />
          </span>
          <br />
          {t("account.emailHint")}
        </p>
        {/* a new location after saving remounts the form with the saved values */}
        <ValidatedForm
          key={location.key}
          onSubmit={onSubmit}
          onChange={onChange}
          className="mt-5 grid gap-5 sm:grid-cols-2"
        >
          <RequiredLegend className="sm:col-span-2" />
          {formError ? (
            <div className="sm:col-span-2">
              <FormAlert message={t(formError)} />
            </div>
          ) : null}
          {SETTINGS_FIELDS.map(({ name, label, wide, optional = false, ...input }) => (
            <TextField
              key={name}
              {...field(name)}
              {...input}
              label={t(label)}
              optional={optional}
              required={!optional}
              className={wide ? "sm:col-span-2" : undefined}
            />
          ))}
          <div className="sm:col-span-2">
            <SubmitButton pending={submitting}>{t("account.saveSettings")}</SubmitButton>
          </div>
        </ValidatedForm>
      </SettingsCard>
      <PasswordSection failure={answer?.values?.intent === PASSWORD_INTENT ? answer : undefined} />
    </div>
  );
}

function passwordPosting(formData: FormData | undefined): boolean {
  return formData?.get("intent") === PASSWORD_INTENT;
}

/** The password change: current password, new one (with the rule said up front), confirmation. */
function PasswordSection({ failure }: { failure: FormFailure | undefined }) {
  const t = useT();
  const location = useLocation();
  const navigation = useNavigation();
  const submitting = useSubmitting() && passwordPosting(navigation.formData);
  const { errors, formError, onSubmit, onChange } = useFormValidation(
    () => import("../../../domain/validation/auth").then((m) => m.changePasswordSchema),
    serverFeedback(failure),
  );
  return (
    <SettingsCard id="settings-password" title={t("account.changePasswordTitle")}>
      <p className="mt-1 text-sm text-stone-600">{t("account.changePasswordInfo")}</p>
      {/* a new location after the change empties the fields */}
      <ValidatedForm key={location.key} onSubmit={onSubmit} onChange={onChange} className="mt-5 grid gap-5">
        <input type="hidden" name="intent" value={PASSWORD_INTENT} />
        <RequiredLegend />
        {formError ? <FormAlert message={t(formError)} /> : null}
        <TextField
          name="currentPassword"
          required
          type="password"
          label={t("account.currentPassword")}
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <TextField
          name="password"
          required
          type="password"
          label={t("account.newPassword")}
          autoComplete="new-password"
          hint={t("account.passwordHint")}
          error={errors.password}
        />
        <TextField
          name="confirmPassword"
          required
          type="password"
          label={t("account.confirmNewPassword")}
          autoComplete="new-password"
          error={errors.confirmPassword}
        />
        <div>
          <SubmitButton pending={submitting}>{t("account.changePasswordButton")}</SubmitButton>
        </div>
      </ValidatedForm>
    </SettingsCard>
  );
}
