import { useActionData, useLoaderData } from "react-router";
import { PRODUCT_FIELD_TYPES } from "../../../domain/validation/catalog";
import type { FieldRecord } from "../../../server/web-door";
import { bindFields } from "../../components/bind-fields";
import { CheckboxField, TextAreaField, TextField } from "../../components/form-field";
import { EnglishVersion } from "../../components/staff/english-version";
import { RadioGroup } from "../../components/staff/staff-fields";
import { TaxonomyFormScreen, useStaffFormValidation } from "../../components/staff/staff-form";
import { FieldOptionsEditor } from "../../components/staff/taxonomy/field-options-editor";
import {
  fieldFormSchema,
  type OptionRow,
  optionRowsOf,
} from "../../components/staff/taxonomy/taxonomy-forms";
import { formValues } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { requireStaff } from "../../lib/staff.server";
import { editedRecord, saveStaffForm } from "../../lib/staff-form-route.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS } from "../../lib/staff-paths";
import type { Route } from "./+types/field-form";

// /konto/sklep/pola/dodaj and /pola/edytuj/{id}: a product field — title, type (radio buttons or a
// select), description, whether the choice changes the price, and its options (title, description,
// image), with the English texts of the field and of each option in folding "Wersja angielska"
// groups. Saved through the field service; an option a product variant uses cannot be removed.

const BOOLEANS = ["changePrice"] as const;

export function meta({ matches, params }: Route.MetaArgs) {
  return staffMeta(matches, params.id ? "staff.segment.edytuj" : "staff.fields.add");
}

const fieldOf = (context: Route.LoaderArgs["context"], params: { id?: string }) =>
  editedRecord(params, (id) => context.services.fieldAdmin.getForEdit(id));

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request);
  return { field: await fieldOf(context, params) };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireStaff(context, request);
  const field = await fieldOf(context, params);
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
  const service = context.services.fieldAdmin;
  return saveStaffForm({
    id: field?._id ?? null,
    schema: fieldFormSchema,
    values,
    kept,
    create: (input) => service.createField(user, input),
    update: (id, input) => service.updateField(user, id, input),
    backTo: STAFF_SECTIONS.fields,
    added: "success.fieldAdded",
    updated: "success.fieldUpdated",
  });
}

function rowsOfField(field: FieldRecord | null): OptionRow[] {
  return (field?.options ?? []).map((option) => ({
    _id: String(option._id),
    title: option.title,
    description: option.description,
    titleEn: option.titleEn,
    descriptionEn: option.descriptionEn,
    image: option.image ?? "",
  }));
}

export default function StaffFieldForm() {
  const t = useT();
  const { field } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const validation = useStaffFormValidation(fieldFormSchema, failure, BOOLEANS);
  const { errors } = validation;
  const typed = failure?.values as Record<string, string> | undefined;
  const shown = {
    title: typed?.title ?? field?.title ?? "",
    type: typed?.type ?? field?.type ?? "radio",
    description: typed?.description ?? field?.description ?? "",
    titleEn: typed?.titleEn ?? field?.titleEn ?? "",
    descriptionEn: typed?.descriptionEn ?? field?.descriptionEn ?? "",
    changePrice: typed ? typed.changePrice === "on" : (field?.changePrice ?? false),
  };
  const bound = bindFields(shown, errors);
  const rows = typed ? optionRowsOf(typed) : rowsOfField(field);

  return (
    <TaxonomyFormScreen section="fields" editedTitle={field?.title} validation={validation}>
      <TextField {...bound("title")} label={t("staff.fields.name")} />
      <RadioGroup
        name="type"
        legend={t("staff.fields.type")}
        options={PRODUCT_FIELD_TYPES.map((type) => ({
          value: type,
          label: t(type === "select" ? "staff.fields.typeSelect" : "staff.fields.typeRadio"),
        }))}
        checked={shown.type}
        error={errors.type}
        errorId="field-type-error"
      />
      <TextAreaField {...bound("description")} label={t("staff.fields.description")} optional rows={3} />
      <EnglishVersion values={{ titleEn: shown.titleEn, descriptionEn: shown.descriptionEn }} errors={errors}>
        <TextField {...bound("titleEn")} label={t("staff.english.title")} optional />
        <TextAreaField {...bound("descriptionEn")} label={t("staff.english.description")} optional rows={3} />
      </EnglishVersion>
      <CheckboxField
        name="changePrice"
        label={t("staff.fields.changePrice")}
        defaultChecked={shown.changePrice}
      />
      <FieldOptionsEditor defaultRows={rows} errors={errors} />
    </TaxonomyFormScreen>
  );
}
