import { type SafetyGap, safetyGaps } from "../../../domain/gpsr";
import type { FieldError } from "../../../domain/validation/errors";
import { useT } from "../../lib/i18n";
import { TextAreaField, TextField } from "../form-field";
import type { IdentityFormState, SafetyFormState } from "./product-form/identity-form-state";
import { InlineCheckbox } from "./staff-fields";

// The product form's product safety section (GPSR, issue 30, docs/decisions/073): the manufacturer
// (blank: the shop itself, the seller's data), the responsible person in the EU, the identifier,
// the warnings and the care instructions; inputs named "safety.<field>". What the saved product
// lacks (domain/gpsr.ts) is listed at the top.

const SECTION = "min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 *:min-w-0 sm:p-6";

export function ProductSafetyFields({
  values,
  sku,
  errors,
}: {
  values: SafetyFormState;
  /** the SKU field's value: the identifier when none is given */
  sku: IdentityFormState["sku"];
  errors: Record<string, FieldError | undefined>;
}) {
  const t = useT();
  const field = (key: Exclude<keyof SafetyFormState, "manufacturerOutsideEu">) => ({
    name: `safety.${key}`,
    defaultValue: values[key],
    error: errors[`safety.${key}`],
  });
  /** a name, a postal address and an e-mail or web address: the manufacturer's or the responsible person's */
  const partyFields = (party: "manufacturer" | "euRep") => (
    <>
      <TextField {...field(`${party}Name`)} label={t(`staff.products.safety.${party}Name`)} optional />
      <TextAreaField
        {...field(`${party}Address`)}
        rows={2}
        label={t(`staff.products.safety.${party}Address`)}
        optional
      />
      <TextField {...field(`${party}Contact`)} label={t(`staff.products.safety.${party}Contact`)} optional />
    </>
  );
  const gaps: SafetyGap[] = safetyGaps(values, sku.trim() || null);
  return (
    <section aria-labelledby="product-safety" className={`${SECTION} grid gap-5`}>
      <div>
        <h2 id="product-safety" className="text-lg font-semibold text-stone-900">
          {t("staff.products.safety.title")}
        </h2>
        <p className="mt-1 text-sm text-stone-600">{t("staff.products.safety.intro")}</p>
      </div>
      {gaps.length > 0 ? (
        <div
          data-testid="product-safety-gaps"
          className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <p className="font-semibold">{t("staff.products.safety.missing")}</p>
          <ul className="mt-1 list-disc pl-5">
            {gaps.map((gap) => (
              <li key={gap}>{t(`staff.products.safety.gap.${gap}`)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <fieldset className="grid gap-4">
        <legend className="text-base font-semibold text-stone-900">
          {t("staff.products.safety.manufacturer")}
        </legend>
        <p className="-mt-2 text-sm text-stone-600">{t("staff.products.safety.manufacturerHint")}</p>
        {partyFields("manufacturer")}
        <InlineCheckbox name="safety.manufacturerOutsideEu" defaultChecked={values.manufacturerOutsideEu}>
          {t("staff.products.safety.manufacturerOutsideEu")}
        </InlineCheckbox>
      </fieldset>
      <fieldset className="grid gap-4">
        <legend className="text-base font-semibold text-stone-900">{t("staff.products.safety.euRep")}</legend>
        <p className="-mt-2 text-sm text-stone-600">{t("staff.products.safety.euRepHint")}</p>
        {partyFields("euRep")}
      </fieldset>
      <TextField
        {...field("identifier")}
        label={t("staff.products.safety.identifier")}
        hint={t("staff.products.safety.identifierHint")}
        optional
      />
      <TextAreaField
        {...field("warnings")}
        rows={4}
        label={t("staff.products.safety.warnings")}
        hint={t("staff.products.safety.warningsHint")}
      />
      <TextAreaField {...field("care")} rows={3} label={t("staff.products.safety.care")} optional />
    </section>
  );
}
