import type { FieldError } from "../../../domain/validation/errors";
import { useT } from "../../lib/i18n";
import { TextAreaField, TextField } from "../form-field";
import type { IdentityFormState } from "./product-form/identity-form-state";

// The product form's identity, dimensions and SEO section (issue 30, docs/decisions/073): inputs
// named "identity.<field>", checked by productFormSchema like the rest of the form.

const SECTION = "min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 *:min-w-0 sm:p-6";
const DIMENSIONS = ["weightGrams", "lengthMm", "widthMm", "heightMm"] as const;

export function ProductIdentityFields({
  values,
  errors,
}: {
  values: IdentityFormState;
  errors: Record<string, FieldError | undefined>;
}) {
  const t = useT();
  const field = (key: keyof IdentityFormState) => ({
    name: `identity.${key}`,
    defaultValue: values[key],
    error: errors[`identity.${key}`],
  });
  return (
    <section aria-labelledby="product-identity" className={`${SECTION} grid gap-5 sm:grid-cols-2`}>
      <div className="sm:col-span-2">
        <h2 id="product-identity" className="text-lg font-semibold text-stone-900">
          {t("staff.products.identity.title")}
        </h2>
        <p className="mt-1 text-sm text-stone-600">{t("staff.products.identity.intro")}</p>
      </div>
      <TextField
        {...field("sku")}
        label={t("staff.products.identity.sku")}
        hint={t("staff.products.identity.skuHint")}
        optional
        maxLength={64}
        autoComplete="off"
      />
      <TextField
        {...field("gtin")}
        label={t("staff.products.identity.gtin")}
        hint={t("staff.products.identity.gtinHint")}
        optional
        inputMode="numeric"
        autoComplete="off"
      />
      <div className="grid grid-cols-2 gap-4 sm:col-span-2 md:grid-cols-4">
        {DIMENSIONS.map((key) => (
          <TextField
            key={key}
            {...field(key)}
            label={t(`staff.products.identity.${key}`)}
            optional
            inputMode="numeric"
          />
        ))}
      </div>
      <div className="sm:col-span-2">
        <TextField
          {...field("seoTitle")}
          label={t("staff.products.identity.seoTitle")}
          hint={t("staff.products.identity.seoTitleHint")}
          optional
        />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField
          {...field("seoDescription")}
          rows={2}
          label={t("staff.products.identity.seoDescription")}
          hint={t("staff.products.identity.seoDescriptionHint")}
          optional
        />
      </div>
    </section>
  );
}
