import { useRef, useState } from "react";
import type { FieldError } from "../../../../domain/validation/errors";
import { useT } from "../../../lib/i18n";
import { FieldErrorText, TextField } from "../../form-field";
import { EnglishVersion } from "../english-version";
import { ImagePicker } from "../image-picker";
import { BLANK_OPTION, imageRefsOf, isBlankRow, type OptionRow } from "./taxonomy-forms";

// The options of a product field form: one row per option (title, description, image from the
// gallery or a typed URL; the English name and description in the row's folding English group), posted as `options.<i>.<name>` in the order shown. Rows are added,
// removed and moved up/down; the last row is always a blank "new option" row (blank rows at the end
// are left out on save), so a form without JavaScript can still add one option per save.

const BUTTON =
  "inline-flex min-h-10 items-center justify-center rounded-full px-3 text-sm font-semibold ring-1 ring-stone-300 text-stone-800 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-accent-600 disabled:opacity-40";

type KeyedRow = OptionRow & { key: number };

/** An option's English inputs: the row's part and its label. */
const ENGLISH_INPUTS = [
  ["titleEn", "staff.english.optionTitle"],
  ["descriptionEn", "staff.english.optionDescription"],
] as const;

const withTrailingBlank = (rows: OptionRow[]): OptionRow[] => {
  const last = rows[rows.length - 1];
  return last && isBlankRow(last) ? rows : [...rows, BLANK_OPTION];
};

export function FieldOptionsEditor({
  defaultRows,
  errors,
}: {
  defaultRows: OptionRow[];
  errors: Record<string, FieldError>;
}) {
  const t = useT();
  const nextKey = useRef(0);
  const keyed = (row: OptionRow): KeyedRow => ({ ...row, key: nextKey.current++ });
  const [rows, setRows] = useState<KeyedRow[]>(() => withTrailingBlank(defaultRows).map(keyed));

  const move = (from: number, to: number) =>
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(from, 1);
      if (row) next.splice(to, 0, row);
      return next;
    });

  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold text-stone-900">{t("staff.fields.options")}</legend>
      <FieldErrorText id="field-options-error" error={errors.options} />
      <p className="text-sm text-stone-600">{t("staff.fields.blankRowsHint")}</p>
      <ol className="space-y-4">
        {rows.map((row, index) => {
          const name = (part: string) => `options.${index}.${part}`;
          const number = index + 1;
          return (
            <li key={row.key} className="rounded-xl bg-stone-50 p-4 ring-1 ring-stone-200">
              <fieldset className="grid gap-4 sm:grid-cols-2">
                <legend className="mb-2 flex w-full flex-wrap items-center justify-between gap-2 font-semibold text-stone-800">
                  <span>{t("staff.fields.option", { number })}</span>
                  <span className="flex gap-2">
                    <button
                      type="button"
                      className={BUTTON}
                      disabled={index === 0}
                      aria-label={t("staff.sortable.moveUp", { name: t("staff.fields.option", { number }) })}
                      onClick={() => move(index, index - 1)}
                    >
                      <span aria-hidden="true">↑</span>
                    </button>
                    <button
                      type="button"
                      className={BUTTON}
                      disabled={index === rows.length - 1}
                      aria-label={t("staff.sortable.moveDown", {
                        name: t("staff.fields.option", { number }),
                      })}
                      onClick={() => move(index, index + 1)}
                    >
                      <span aria-hidden="true">↓</span>
                    </button>
                    <button
                      type="button"
                      className={`${BUTTON} text-red-800 ring-red-300 hover:bg-red-50`}
                      onClick={() =>
                        setRows((current) => current.filter((candidate) => candidate.key !== row.key))
                      }
                    >
                      {t("staff.fields.removeOption", { number })}
                    </button>
                  </span>
                </legend>
                <input type="hidden" name={name("_id")} value={row._id} />
                <TextField
                  name={name("title")}
                  label={t("staff.fields.optionTitle")}
                  defaultValue={row.title}
                  error={errors[name("title")] ?? errors[name("_id")]}
                />
                <div>
                  <label
                    htmlFor={`option-${row.key}-description`}
                    className="mb-1.5 block text-sm font-medium text-stone-800"
                  >
                    {t("staff.fields.optionDescription")}
                    <span className="ml-1 font-normal text-stone-500">{t("common.optional")}</span>
                  </label>
                  <textarea
                    id={`option-${row.key}-description`}
                    name={name("description")}
                    defaultValue={row.description}
                    rows={2}
                    className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base"
                  />
                  <FieldErrorText
                    id={`option-${row.key}-description-error`}
                    error={errors[name("description")]}
                  />
                </div>
                <div className="sm:col-span-2">
                  <EnglishVersion
                    values={{ [name("titleEn")]: row.titleEn, [name("descriptionEn")]: row.descriptionEn }}
                    errors={errors}
                  >
                    {ENGLISH_INPUTS.map(([part, label]) => (
                      <TextField
                        key={part}
                        name={name(part)}
                        label={t(label)}
                        defaultValue={row[part]}
                        error={errors[name(part)]}
                        optional
                      />
                    ))}
                  </EnglishVersion>
                </div>
                <div className="sm:col-span-2 grid gap-3 sm:grid-cols-2">
                  <ImagePicker
                    name={name("image")}
                    label={t("staff.fields.optionImage")}
                    defaultValue={imageRefsOf(row.image)}
                    multiple={false}
                    uploadFolder="pola"
                    error={
                      errors[name("image")]
                        ? t(errors[name("image")]?.key ?? "validation.invalid")
                        : undefined
                    }
                  />
                  <TextField
                    name={name("imageUrl")}
                    label={t("staff.fields.optionImageUrl")}
                    optional
                    inputMode="url"
                  />
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className={BUTTON}
        onClick={() => setRows((current) => [...current, keyed(BLANK_OPTION)])}
      >
        {t("staff.fields.addOption")}
      </button>
    </fieldset>
  );
}
