import { useId } from "react";
import { useLocation } from "react-router";
import type { z } from "zod";
import type { FieldError } from "../../../../domain/validation/errors";
import { useT } from "../../../lib/i18n";
import { bindFields } from "../../bind-fields";
import { FieldErrorText, FormAlert, TextAreaField, TextField } from "../../form-field";
import { ValidatedForm } from "../../validated-form";
import { ImagePicker } from "../image-picker";
import { FormButtons, useStaffFormValidation } from "../staff-form";
import { imageRefsOfUrl } from "./form-values";
import { CARD, StaffHeading } from "./staff-ui";

// The add/edit form of a creator or a game (title, description, image, link; a category for a
// creator). The image comes from the gallery picker; the action keeps its URL.

export interface DesignRecordValues {
  title: string;
  description: string;
  image: string;
  link: string;
  category?: string;
}

export function DesignRecordForm({
  title,
  schema,
  values,
  failure,
  uploadFolder,
  categories,
  backTo,
}: {
  title: string;
  schema: z.ZodType;
  values: DesignRecordValues;
  failure:
    | { errors?: Record<string, FieldError>; formError?: string; values?: Record<string, string> }
    | undefined;
  uploadFolder: string;
  /** creator categories (a select is shown when given) */
  categories?: { _id: number; title: string }[];
  backTo: string;
}) {
  const t = useT();
  const location = useLocation();
  const categoryId = useId();
  const { errors, formError, onSubmit, onChange } = useStaffFormValidation(schema, failure);
  const shown: DesignRecordValues = { ...values, ...failure?.values };
  const field = bindFields(shown, errors);
  const imageError = errors.image;
  return (
    <div className="max-w-2xl">
      <StaffHeading title={title} />
      <ValidatedForm
        key={location.key}
        onSubmit={onSubmit}
        onChange={onChange}
        className={`${CARD} grid gap-5`}
      >
        {formError ? <FormAlert message={t(formError)} /> : null}
        <TextField {...field("title")} label={t("staff.content.title")} />
        <TextAreaField {...field("description")} label={t("staff.content.description")} />
        <ImagePicker
          name="image"
          label={t("staff.content.image")}
          defaultValue={imageRefsOfUrl(shown.image)}
          multiple={false}
          uploadFolder={uploadFolder}
          error={imageError ? t(imageError.key, imageError.params) : undefined}
        />
        <TextField {...field("link")} label={t("staff.content.externalLink")} optional inputMode="url" />
        {categories ? (
          <div>
            <label htmlFor={categoryId} className="mb-1.5 block text-sm font-medium text-stone-800">
              {t("staff.content.category")}
            </label>
            <select
              id={categoryId}
              name="category"
              defaultValue={shown.category ?? ""}
              className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base"
            >
              <option value="">{t("staff.content.noCategory")}</option>
              {categories.map((category) => (
                <option key={category._id} value={category._id}>
                  {category.title}
                </option>
              ))}
            </select>
            <FieldErrorText id={`${categoryId}-error`} error={errors.category} />
          </div>
        ) : null}
        <FormButtons backTo={backTo} />
      </ValidatedForm>
    </div>
  );
}
