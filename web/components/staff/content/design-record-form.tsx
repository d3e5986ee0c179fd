import { useId } from "react";
import type { z } from "zod";
import type { FieldError } from "../../../../domain/validation/errors";
import { useT } from "../../../lib/i18n";
import { bindFields } from "../../bind-fields";
import { TextAreaField, TextField } from "../../form-field";
import { SelectField, SingleImageField } from "../staff-fields";
import { ContentFormScreen, useStaffFormValidation } from "../staff-form";
import { imageRefsOfUrl } from "./form-values";

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
  const categoryId = useId();
  const validation = useStaffFormValidation(schema, failure);
  const { errors } = validation;
  const shown: DesignRecordValues = { ...values, ...failure?.values };
  const field = bindFields(shown, errors);
  return (
    <ContentFormScreen title={title} width="max-w-2xl" validation={validation} backTo={backTo}>
      <TextField {...field("title")} label={t("staff.content.title")} />
      <TextAreaField {...field("description")} label={t("staff.content.description")} />
      <SingleImageField folder={uploadFolder} value={imageRefsOfUrl(shown.image)} error={errors.image} />
      <TextField {...field("link")} label={t("staff.content.externalLink")} optional inputMode="url" />
      {categories ? (
        <SelectField
          id={categoryId}
          name="category"
          label={t("staff.content.category")}
          error={errors.category}
          defaultValue={shown.category ?? ""}
          className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base"
        >
          <option value="">{t("staff.content.noCategory")}</option>
          {categories.map((category) => (
            <option key={category._id} value={category._id}>
              {category.title}
            </option>
          ))}
        </SelectField>
      ) : null}
    </ContentFormScreen>
  );
}
