import type { ReactNode } from "react";
import type { FieldError } from "../../../domain/validation/errors";
import { useT } from "../../lib/i18n";
import { TextField } from "../form-field";
import { EnglishVersion } from "./english-version";
import { RichTextEditor } from "./rich-text-editor";

// The English group of a form whose record has a title and rich text (a product's description, a
// page's or an article's content): the English title, what `children` add (a page's English link)
// and the English rich text in the same editor as the Polish one, sanitised the same way on save.

export function EnglishTitleAndHtml({
  values,
  html,
  errors,
  slugHint = false,
  children,
}: {
  /** the group's fields as shown: the English title, the rich text's and any of `children` */
  values: Readonly<Record<string, string>> & { titleEn: string };
  /** the rich text's field name, editor id and label */
  html: { name: string; id: string; label: string };
  errors: { readonly [name: string]: FieldError | undefined };
  /** says the English address is made from the English title (products and articles) */
  slugHint?: boolean;
  children?: ReactNode;
}) {
  const t = useT();
  const htmlError = errors[html.name];
  return (
    <EnglishVersion values={values} errors={errors}>
      <TextField
        name="titleEn"
        defaultValue={values.titleEn}
        error={errors.titleEn}
        label={t("staff.english.title")}
        hint={slugHint ? t("staff.english.titleSlugHint") : undefined}
        optional
      />
      {children}
      <RichTextEditor
        name={html.name}
        id={html.id}
        label={html.label}
        defaultValue={values[html.name] ?? ""}
        error={htmlError ? t(htmlError.key, htmlError.params) : undefined}
      />
    </EnglishVersion>
  );
}
