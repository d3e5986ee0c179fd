import { data, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { ROLES } from "../../../domain/roles";
import { parseIdFromParam } from "../../../domain/slug";
import { parseForm } from "../../../domain/validation/errors";
import { adminUserUpdateSchema } from "../../../domain/validation/user";
import { CheckboxField, FormAlert, SubmitButton, TextField } from "../../components/form-field";
import { ValidatedForm } from "../../components/validated-form";
import { USERS_PATH } from "../../lib/account-paths";
import { errorMessageKey } from "../../lib/auth.server";
import { redirectWithFlash } from "../../lib/flash.server";
import { type FormFailure, formValues } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { requireStaffAdmin } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { useFormValidation, useSubmitting } from "../../lib/use-form-validation";
import type { Route } from "./+types/user-form";

// /konto/sklep/uzytkownicy/edytuj/{id} (admins): a user's data, approval and roles, saved through
// accounts.updateUser (the rules of PUT /api/users/{id}: nobody changes their own roles or
// approval; an admin's change of another account is audited).

export function meta({ matches }: Route.MetaArgs) {
  return staffMeta(matches, "staff.segment.uzytkownicy");
}

const TEXT_FIELDS = ["displayName", "email", "phone", "postCode", "city", "street", "nip"] as const;
const OPTIONAL_FIELDS = new Set<string>(["phone", "postCode", "city", "street", "nip"]);

/** The posted form as the API body: blank optional fields left out, roles always an array. */
function toPayload(values: Record<string, unknown>): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (OPTIONAL_FIELDS.has(name) && typeof value === "string" && value.trim() === "") continue;
    payload[name] = value;
  }
  const roles = payload.roles;
  payload.roles = roles === undefined ? [] : Array.isArray(roles) ? roles : [roles];
  return payload;
}

/** The same schema in the browser and in the action (the API's adminUserUpdateSchema). */
export const userFormSchema = z.preprocess(
  (value) => toPayload((value ?? {}) as Record<string, unknown>),
  adminUserUpdateSchema,
);
/** Oneself: no roles or approval (the server ignores them anyway). */
const selfFormSchema = z.preprocess(
  (value) => {
    const {
      roles: _roles,
      approved: _approved,
      ...rest
    } = toPayload((value ?? {}) as Record<string, unknown>);
    return rest;
  },
  adminUserUpdateSchema.omit({ roles: true, approved: true, email: true }),
);

async function targetUser(
  context: Route.LoaderArgs["context"],
  request: Request,
  idParam: string | undefined,
) {
  const admin = requireStaffAdmin(context, request);
  const id = parseIdFromParam(idParam ?? "");
  const found = id === null ? null : await context.services.accounts.getUser(admin, id);
  if (!found?.ok) throw data(null, { status: 404 });
  return { admin, user: found.value };
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { admin, user } = await targetUser(context, request, params.id);
  return { user, self: user._id === admin._id, crumb: user.displayName };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { admin, user } = await targetUser(context, request, params.id);
  const self = user._id === admin._id;
  const form = await request.formData();
  const values = { ...formValues(form, ["approved"]), roles: form.getAll("roles").map(String) };
  const kept = Object.fromEntries(TEXT_FIELDS.map((name) => [name, String(form.get(name) ?? "")]));
  const parsed = parseForm(self ? selfFormSchema : userFormSchema, values);
  if (!parsed.ok) {
    return data<FormFailure & { roles: string[]; approved: boolean }>(
      {
        formError: "errors.formContainsErrors",
        errors: parsed.errors,
        values: kept,
        roles: values.roles,
        approved: form.has("approved"),
      },
      { status: 400 },
    );
  }
  const result = await context.services.accounts.updateUser(admin, user._id, parsed.data);
  if (!result.ok) {
    return data<FormFailure & { roles: string[]; approved: boolean }>(
      {
        formError: errorMessageKey(result.code),
        errors: result.fields,
        values: kept,
        roles: values.roles,
        approved: form.has("approved"),
      },
      { status: result.code === "validation" ? 400 : 409 },
    );
  }
  return redirectWithFlash(USERS_PATH, { type: "success", key: "success.userUpdated" });
}

export default function StaffUserForm() {
  const t = useT();
  const { user, self } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const pending = useSubmitting();
  const { errors, formError, onSubmit, onChange } = useFormValidation(
    self ? selfFormSchema : userFormSchema,
    {
      booleans: ["approved"],
      serverErrors: answer?.errors,
      serverFormError: answer?.formError,
    },
  );
  const value = (name: (typeof TEXT_FIELDS)[number]) => answer?.values?.[name] ?? user[name] ?? "";
  const roles = answer?.roles ?? user.roles;
  const fields: { name: (typeof TEXT_FIELDS)[number]; label: string; type?: string; optional?: boolean }[] = [
    { name: "displayName", label: t("address.displayName") },
    { name: "email", label: t("address.email"), type: "email" },
    { name: "phone", label: t("address.phone"), type: "tel", optional: true },
    { name: "street", label: t("address.street"), optional: true },
    { name: "postCode", label: t("address.postCode"), optional: true },
    { name: "city", label: t("address.city"), optional: true },
    { name: "nip", label: t("address.nip"), optional: true },
  ];
  return (
    <div className="max-w-3xl">
      <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
        {t("staff.users.editTitle", { name: user.displayName })}
      </h1>
      <ValidatedForm
        onSubmit={onSubmit}
        onChange={onChange}
        className="mt-6 space-y-5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
      >
        <FormAlert message={formError ? t(formError) : undefined} />
        <div className="grid gap-4 sm:grid-cols-2">
          {fields.map((field) => (
            <TextField
              key={field.name}
              name={field.name}
              label={field.label}
              type={field.type}
              optional={field.optional}
              defaultValue={value(field.name)}
              error={errors[field.name]}
              disabled={self && field.name === "email"}
            />
          ))}
        </div>
        {self ? (
          <p className="rounded-lg bg-stone-50 p-3 text-sm text-stone-700">{t("staff.users.selfNote")}</p>
        ) : (
          <>
            <CheckboxField
              name="approved"
              label={t("staff.users.approvedField")}
              defaultChecked={answer ? answer.approved : user.approved}
              error={errors.approved}
            />
            <fieldset aria-describedby={errors.roles ? "roles-error" : undefined}>
              <legend className="mb-2 text-sm font-medium text-stone-800">{t("staff.roles")}</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {ROLES.map((role) => (
                  <label key={role} className="flex min-h-10 items-center gap-3 text-sm text-stone-800">
                    <input
                      type="checkbox"
                      name="roles"
                      value={role}
                      defaultChecked={roles.includes(role)}
                      className="size-5 rounded accent-accent-600"
                    />
                    {t(`staff.role.${role}`)}
                  </label>
                ))}
              </div>
              {errors.roles ? (
                <p id="roles-error" className="mt-1.5 text-sm font-medium text-red-700">
                  {t(errors.roles.key, errors.roles.params)}
                </p>
              ) : null}
            </fieldset>
          </>
        )}
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton pending={pending}>{t("common.save")}</SubmitButton>
          <Link
            to={USERS_PATH}
            className="text-sm font-semibold text-accent-700 underline-offset-2 hover:underline"
          >
            {t("staff.users.backToList")}
          </Link>
        </div>
      </ValidatedForm>
    </div>
  );
}
