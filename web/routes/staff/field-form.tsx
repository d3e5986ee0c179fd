import { data, Form, Link, useActionData, useLoaderData, useLocation } from "react-router";
import { parseIdFromParam } from "../../../domain/slug";
import type { ProductField } from "../../../domain/types";
import { PRODUCT_FIELD_TYPES } from "../../../domain/validation/catalog";
import { parseForm } from "../../../domain/validation/errors";
import {
  CheckboxField,
  FieldErrorText,
  FormAlert,
  SubmitButton,
  TextAreaField,
  TextField,
} from "../../components/form-field";
import { FieldOptionsEditor } from "../../components/staff/taxonomy/field-options-editor";
import {
  fieldFormSchema,
  type OptionRow,
  optionRowsOf,
} from "../../components/staff/taxonomy/taxonomy-forms";
import { errorMessageKey, errorStatus, invalidForm } from "../../lib/auth.server";
import { redirectWithFlash } from "../../lib/flash.server";
import { formValues } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { requireStaff } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS } from "../../lib/staff-paths";
import { useFormValidation, useSubmitting } from "../../lib/use-form-validation";
import type { Route } from "./+types/field-form";

// /konto/sklep/pola/dodaj and /pola/edytuj/{id}: a product field — title, type (radio buttons or a
// select), description, whether the choice changes the price, and its options (title, description,
// image). Saved through the field service; an option a product variant uses cannot be removed.

const BOOLEANS = ["changePrice"] as const;

export function meta({ matches, params }: Route.MetaArgs) {
  return staffMeta(matches, params.id ? "staff.segment.edytuj" : "staff.fields.add");
}

async function loadField(
  context: Route.LoaderArgs["context"],
  rawId: string | undefined,
): Promise<ProductField | null> {
  if (rawId === undefined) return null;
  const id = parseIdFromParam(rawId);
  const field =
    id === null ? undefined : (await context.services.catalog.listFields()).find((f) => f._id === id);
  if (!field) throw data(null, { status: 404 });
  return field;
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request);
  return { field: await loadField(context, params.id) };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireStaff(context, request);
  const field = await loadField(context, params.id);
  const values = formValues(await request.formData(), BOOLEANS);
  const kept = Object.fromEntries(
    Object.entries(values).flatMap(([name, value]) =>
      typeof value === "string"
        ? [[name, value]]
        : typeof value === "boolean"
          ? [[name, value ? "on" : ""]]
          : [],
    ),
  );
  const parsed = parseForm(fieldFormSchema, values);
  if (!parsed.ok) return invalidForm(parsed.errors, kept);
  const result = field
    ? await context.services.fieldAdmin.updateField(user, field._id, parsed.data)
    : await context.services.fieldAdmin.createField(user, parsed.data);
  if (!result.ok) {
    return data(
      { formError: errorMessageKey(result.code), errors: result.fields, values: kept },
      { status: errorStatus(result.code) },
    );
  }
  return redirectWithFlash(STAFF_SECTIONS.fields, {
    type: "success",
    key: field ? "success.fieldUpdated" : "success.fieldAdded",
  });
}

function rowsOfField(field: ProductField | null): OptionRow[] {
  return (field?.options ?? []).map((option) => ({
    _id: String(option._id),
    title: option.title,
    description: option.description,
    image: option.image ?? "",
  }));
}

export default function StaffFieldForm() {
  const t = useT();
  const location = useLocation();
  const { field } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const submitting = useSubmitting();
  const { errors, formError, onSubmit, onChange } = useFormValidation(fieldFormSchema, {
    booleans: BOOLEANS,
    serverErrors: failure?.errors,
    serverFormError: failure?.formError,
  });
  const typed = failure?.values as Record<string, string> | undefined;
  const shown = {
    title: typed?.title ?? field?.title ?? "",
    type: typed?.type ?? field?.type ?? "radio",
    description: typed?.description ?? field?.description ?? "",
    changePrice: typed ? typed.changePrice === "on" : (field?.changePrice ?? false),
  };
  const rows = typed ? optionRowsOf(typed) : rowsOfField(field);

  return (
    <div className="max-w-3xl space-y-5">
      <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
        {field ? `${t("staff.edit")}: ${field.title}` : t("staff.fields.add")}
      </h1>
      <Form
        key={`${location.key}-${failure ? "failed" : "fresh"}`}
        method="post"
        noValidate
        onSubmit={onSubmit}
        onChange={onChange}
        className="space-y-5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
      >
        {formError ? <FormAlert message={t(formError)} /> : null}
        <TextField
          name="title"
          label={t("staff.fields.name")}
          defaultValue={shown.title}
          error={errors.title}
        />
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-stone-800">{t("staff.fields.type")}</legend>
          <div className="flex flex-wrap gap-4">
            {PRODUCT_FIELD_TYPES.map((type) => (
              <label key={type} className="inline-flex min-h-10 items-center gap-2 text-stone-800">
                <input
                  type="radio"
                  name="type"
                  value={type}
                  defaultChecked={shown.type === type}
                  className="size-5 accent-accent-600"
                />
                {t(type === "select" ? "staff.fields.typeSelect" : "staff.fields.typeRadio")}
              </label>
            ))}
          </div>
          <FieldErrorText id="field-type-error" error={errors.type} />
        </fieldset>
        <TextAreaField
          name="description"
          label={t("staff.fields.description")}
          optional
          rows={3}
          defaultValue={shown.description}
          error={errors.description}
        />
        <CheckboxField
          name="changePrice"
          label={t("staff.fields.changePrice")}
          defaultChecked={shown.changePrice}
        />
        <FieldOptionsEditor defaultRows={rows} errors={errors} />
        <div className="flex flex-wrap items-center gap-3 border-t border-stone-200 pt-4">
          <SubmitButton pending={submitting}>{t("staff.fields.save")}</SubmitButton>
          <Link to={STAFF_SECTIONS.fields} className="font-semibold text-stone-700 underline">
            {t("common.cancel")}
          </Link>
        </div>
      </Form>
    </div>
  );
}
