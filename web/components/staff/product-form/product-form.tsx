import { useRef, useState } from "react";
import { Link } from "react-router";
import { VAT_RATES } from "../../../../domain/constants";
import { PROCESSING_TIMES } from "../../../../domain/processing-time";
import type { GridField } from "../../../../domain/product-variants-grid";
import type { Category, ProductBasic, ProductField } from "../../../../domain/types";
import { STAFF_PRODUCT_FLAGS } from "../../../../domain/validation/catalog";
import type { FieldError } from "../../../../domain/validation/errors";
import { useT } from "../../../lib/i18n";
import { STAFF_SECTIONS } from "../../../lib/staff-paths";
import { useSubmitting } from "../../../lib/use-form-validation";
import { bindFields } from "../../bind-fields";
import { FieldErrorText, FormAlert, SubmitButton, TextField } from "../../form-field";
import { ValidatedForm } from "../../validated-form";
import { EnglishTitleAndHtml } from "../english-title-and-html";
import { ImagePicker } from "../image-picker";
import { ProductIdentityFields } from "../product-identity-fields";
import { ProductSafetyFields } from "../product-safety-fields";
import { RelatedProductsPicker } from "../related-products-picker";
import { RichTextEditor } from "../rich-text-editor";
import type { ProductFormState } from "./form-state";
import { ParcelSizeField } from "./parcel-size-field";
import { useProductFormValidation } from "./use-product-form-validation";
import { VariantsEditor } from "./variants-editor";

// The staff product form (add, edit, "dodaj podobny"): a plain <Form method="post"> that works
// without JavaScript; with it the browser checks it with the action's schema first.

// grid children get min-w-0: the variants table scrolls inside its box instead of widening the page
const SECTION = "min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 *:min-w-0 sm:p-6";
const SELECT =
  "block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent-600/40";

export interface ProductFormProps {
  values: ProductFormState;
  fields: ProductField[];
  categories: Category[];
  products: ProductBasic[];
  /** the product being edited (never offered as its own related product); null when adding */
  productId?: number | null;
  /** the product page (or other same-site path) saving and cancelling go back to; "" = the list */
  returnTo: string;
  errors?: Record<string, FieldError>;
  formError?: string;
  /** remounts the form (fresh default values) when it changes */
  formKey: string;
}

export function ProductForm({
  values,
  fields,
  categories,
  products,
  productId = null,
  returnTo,
  errors: serverErrors,
  formError: serverFormError,
  formKey,
}: ProductFormProps) {
  const t = useT();
  const submitting = useSubmitting();
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, formError, onSubmit, onChange } = useProductFormValidation(serverErrors, serverFormError);
  const field = bindFields(values, errors);
  const [chosenFields, setChosenFields] = useState<number[]>(values.fields);
  const gridFields: GridField[] = fields;
  const defaultPrice = () => {
    const input = formRef.current?.elements.namedItem("priceGrosze");
    return input instanceof HTMLInputElement ? input.value : values.priceGrosze;
  };
  const toggleField = (id: number, on: boolean) =>
    setChosenFields((current) =>
      on ? [...current.filter((item) => item !== id), id] : current.filter((item) => item !== id),
    );

  return (
    <ValidatedForm
      key={formKey}
      ref={formRef}
      onSubmit={onSubmit}
      onChange={onChange}
      className="mt-6 grid gap-6 *:min-w-0"
    >
      <input type="hidden" name="return" value={returnTo} />
      <input type="hidden" name="categoriesOrder" value={JSON.stringify(values.categories)} />
      <input type="hidden" name="fieldsOrder" value={JSON.stringify(values.fields)} />
      {formError ? <FormAlert message={t(formError)} /> : null}

      <section aria-labelledby="product-basics" className={`${SECTION} grid gap-5`}>
        <h2 id="product-basics" className="text-lg font-semibold text-stone-900">
          {t("staff.products.form.basics")}
        </h2>
        <TextField {...field("title")} label={t("staff.products.form.title")} />
        <RichTextEditor
          name="description"
          id="product-description"
          label={t("staff.products.form.description")}
          defaultValue={values.description}
          error={errors.description ? t(errors.description.key, errors.description.params) : undefined}
        />
        <TextField
          {...field("tags")}
          label={t("staff.products.form.tags")}
          hint={t("staff.products.form.tagsHint")}
        />
        <ImagePicker
          name="images"
          label={t("staff.products.form.images")}
          defaultValue={values.images}
          multiple
          uploadFolder="produkty"
          error={errors.images ? t(errors.images.key, errors.images.params) : undefined}
        />
        <EnglishTitleAndHtml
          values={{ titleEn: values.titleEn, descriptionEn: values.descriptionEn }}
          html={{
            name: "descriptionEn",
            id: "product-description-en",
            label: t("staff.english.description"),
          }}
          errors={errors}
          slugHint
        />
      </section>

      <section aria-labelledby="product-prices" className={`${SECTION} grid gap-5 sm:grid-cols-2`}>
        <h2 id="product-prices" className="text-lg font-semibold text-stone-900 sm:col-span-2">
          {t("staff.products.form.prices")}
        </h2>
        <TextField
          {...field("priceGrosze")}
          label={t("staff.products.form.price")}
          hint={t("staff.products.form.priceHint")}
          inputMode="decimal"
        />
        <TextField
          {...field("promotionalPriceGrosze")}
          label={t("staff.products.form.promotionalPrice")}
          hint={t("staff.products.form.priceHint")}
          optional
          inputMode="decimal"
        />
        <TextField
          {...field("quantity")}
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          label={t("staff.products.form.quantity")}
          hint={t("staff.products.form.quantityHint")}
        />
        <div>
          <label htmlFor="product-vat" className="mb-1.5 block text-sm font-medium text-stone-800">
            {t("staff.products.form.vatRate")}
          </label>
          <select id="product-vat" name="vatRate" defaultValue={values.vatRate} className={SELECT}>
            {VAT_RATES.map((rate) => (
              <option key={rate} value={rate}>
                {rate}%
              </option>
            ))}
          </select>
          <FieldErrorText id="product-vat-error" error={errors.vatRate} />
        </div>
        <div>
          <label htmlFor="product-processing" className="mb-1.5 block text-sm font-medium text-stone-800">
            {t("staff.products.form.processingTime")}
          </label>
          <select
            id="product-processing"
            name="processingTime"
            defaultValue={values.processingTime}
            className={SELECT}
          >
            {PROCESSING_TIMES.map((time) => (
              <option key={time} value={time}>
                {t("common.days", { days: time })}
              </option>
            ))}
          </select>
          <FieldErrorText id="product-processing-error" error={errors.processingTime} />
        </div>
        <ParcelSizeField value={values.parcelSize} error={errors.parcelSize} className={SELECT} />
        <fieldset className="sm:col-span-2">
          <legend className="mb-2 text-sm font-medium text-stone-800">
            {t("staff.products.form.flags")}
          </legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {STAFF_PRODUCT_FLAGS.map((flag) => (
              <label key={flag} className="inline-flex min-h-10 items-center gap-2 text-sm text-stone-800">
                <input
                  type="checkbox"
                  name={flag}
                  defaultChecked={values[flag]}
                  className="size-5 accent-accent-600"
                />
                {t(`staff.products.flag.${flag}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </section>

      <section aria-labelledby="product-taxonomy" className={`${SECTION} grid gap-6 md:grid-cols-2`}>
        <h2 id="product-taxonomy" className="sr-only">
          {t("staff.products.form.categories")}
        </h2>
        <fieldset>
          <legend className="text-base font-semibold text-stone-900">
            {t("staff.products.form.categories")}
          </legend>
          <p className="mt-1 text-sm text-stone-600">{t("staff.products.form.categoriesHint")}</p>
          <FieldErrorText id="product-categories-error" error={errors.categories} />
          <ul className="mt-2 max-h-80 overflow-y-auto rounded-lg border border-stone-200 p-2">
            {categories.map((category) => (
              <li
                key={category._id}
                style={{ paddingLeft: `${(category.idsPath.split("/").length - 1) * 1.25}rem` }}
              >
                <label className="flex min-h-9 items-center gap-2 text-sm text-stone-800">
                  <input
                    type="checkbox"
                    name="categories"
                    value={category._id}
                    defaultChecked={values.categories.includes(category._id)}
                    className="size-5 accent-accent-600"
                  />
                  {category.title}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <fieldset>
          <legend className="text-base font-semibold text-stone-900">
            {t("staff.products.form.fields")}
          </legend>
          <FieldErrorText id="product-fields-error" error={errors.fields} />
          <ul className="mt-2 grid gap-1">
            {fields.map((field) => (
              <li key={field._id}>
                <label className="flex min-h-9 items-center gap-2 text-sm text-stone-800">
                  <input
                    type="checkbox"
                    name="fields"
                    value={field._id}
                    defaultChecked={values.fields.includes(field._id)}
                    onChange={(event) => toggleField(field._id, event.target.checked)}
                    className="size-5 accent-accent-600"
                  />
                  {field.title}
                  {field.changePrice ? (
                    <span className="rounded-full bg-accent-50 px-2 py-0.5 text-xs text-accent-700">
                      {t("staff.products.form.changesPrice")}
                    </span>
                  ) : null}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="min-w-0 md:col-span-2">
          <VariantsEditor
            fields={gridFields}
            chosen={chosenFields}
            initialRows={values.variants}
            defaultPrice={defaultPrice}
            errors={errors}
          />
        </div>
      </section>

      <ProductIdentityFields values={values.identity} errors={errors} />
      <ProductSafetyFields values={values.safety} sku={values.identity.sku} errors={errors} />

      <section aria-labelledby="product-related" className={`${SECTION} grid gap-5`}>
        <h2 id="product-related" className="text-lg font-semibold text-stone-900">
          {t("staff.products.form.related")}
        </h2>
        <label className="inline-flex min-h-10 items-center gap-2 text-sm text-stone-800">
          <input
            type="checkbox"
            name="hasSlides"
            defaultChecked={values.hasSlides}
            className="size-5 accent-accent-600"
          />
          {t("staff.products.form.hasSlides")}
        </label>
        <div>
          <label htmlFor="product-slides" className="mb-1.5 block text-sm font-medium text-stone-800">
            {t("staff.products.form.slides")}
          </label>
          <RelatedProductsPicker
            products={products}
            chosen={values.slides}
            excludeId={productId}
            selectClassName={SELECT}
            hintId="product-slides-hint"
            errorId={errors.slides ? "product-slides-error" : undefined}
          />
          <FieldErrorText id="product-slides-error" error={errors.slides} />
        </div>
        <TextField {...field("slidesTitle")} label={t("staff.products.form.slidesTitle")} optional />
        <TextField
          {...field("slidesDescription")}
          label={t("staff.products.form.slidesDescription")}
          optional
        />
      </section>

      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pending={submitting}>{t("staff.products.form.save")}</SubmitButton>
        <Link
          to={returnTo || STAFF_SECTIONS.products}
          className="inline-flex min-h-11 items-center rounded-full px-4 font-medium text-stone-700 hover:bg-stone-100"
        >
          {t("staff.products.form.cancel")}
        </Link>
      </div>
    </ValidatedForm>
  );
}
