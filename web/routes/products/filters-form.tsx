import { useId } from "react";
import { Form, useNavigation } from "react-router";
import type { FieldError } from "../../../domain/validation/errors";
import { type ProductQuery, parseProductQuery } from "../../../domain/validation/product-query";
import { useT } from "../../lib/i18n";
import { PRODUCTS_PATH } from "../../lib/paths";
import { HiddenFields } from "./hidden-fields";
import { FLAG_LABEL_KEYS, FLAG_ORDER } from "./model";
import { useApplyForm } from "./use-apply-form";
import "../../lib/products-texts";

/** What the person typed into the price inputs (kept when it is invalid). */
export interface PriceInput {
  minCena: string;
  maxCena: string;
}

const inputClass =
  "w-full rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm text-stone-900 focus-visible:border-accent-600 focus-visible:outline-offset-0 aria-[invalid=true]:border-red-700";

/**
 * The price range panel (SPEC §2: from, to; numbers, min 0, step 0.01) and the flag filters, as one
 * GET form to /produkty keeping the category, search and order. Ticking a flag applies at once
 * (with JavaScript); the button applies the prices (and everything without JavaScript).
 */
export function FiltersForm({
  query,
  priceInput,
  priceErrors,
}: {
  query: ProductQuery;
  priceInput: PriceInput;
  priceErrors: Record<string, FieldError> | null;
}) {
  const t = useT();
  const { apply, onSubmit } = useApplyForm();
  const id = useId();
  // while the list loads, the boxes already show where it is going
  const navigation = useNavigation();
  const shown =
    navigation.location?.pathname === PRODUCTS_PATH ? parseProductQuery(navigation.location.search) : query;
  const fieldError = (name: keyof PriceInput) => priceErrors?.[name] ?? null;
  const priceField = (name: keyof PriceInput, labelKey: "products.priceFrom" | "products.priceTo") => {
    const error = fieldError(name);
    return (
      <div className="min-w-0 flex-1">
        <label htmlFor={`${id}-${name}`} className="mb-1 block text-sm text-stone-700">
          {t(labelKey)}
        </label>
        <div className="flex items-center gap-1">
          <input
            id={`${id}-${name}`}
            type="number"
            name={name}
            min={0}
            step={0.01}
            inputMode="decimal"
            defaultValue={priceInput[name]}
            // a new address (e.g. a removed chip) shows its value
            key={priceInput[name]}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-${name}-error` : undefined}
            className={inputClass}
          />
          <span aria-hidden="true" className="text-sm text-stone-600">
            {t("common.currency")}
          </span>
        </div>
        {error ? (
          <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-700">
            {t(error.key, error.params)}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <Form method="get" action={PRODUCTS_PATH} onSubmit={onSubmit} className="space-y-6">
      <HiddenFields
        query={query}
        omit={["minCena", "maxCena", "nowosci", "wyprawki", "zestawy", "wyprzedaz", "premium", "strona"]}
      />
      <fieldset>
        <legend className="mb-2 text-sm font-semibold tracking-wide text-stone-900 uppercase">
          {t("products.pricePanel")}
        </legend>
        {priceErrors ? (
          <p role="alert" className="mb-2 rounded-md bg-red-50 px-2 py-1.5 text-sm text-red-800">
            {t("errors.formContainsErrors")}
          </p>
        ) : null}
        <div className="flex gap-3">
          {priceField("minCena", "products.priceFrom")}
          {priceField("maxCena", "products.priceTo")}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold tracking-wide text-stone-900 uppercase">
          {t("products.flagsPanel")}
        </legend>
        <ul className="space-y-1">
          {FLAG_ORDER.map((flag) => (
            <li key={flag}>
              <label className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-1 text-sm text-stone-800 hover:bg-stone-100">
                <input
                  type="checkbox"
                  name={flag}
                  value="tak"
                  checked={shown[flag]}
                  onChange={(event) => {
                    // the prices typed so far must be valid too (the browser checks them first)
                    const form = event.currentTarget.form;
                    if (form?.reportValidity()) apply(form);
                  }}
                  className="size-4 accent-accent-600"
                />
                {t(FLAG_LABEL_KEYS[flag])}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <button
        type="submit"
        className="w-full rounded-full bg-accent-600 px-4 py-2 text-sm font-semibold text-white hover:bg-accent-700"
      >
        {t("products.priceApply")}
      </button>
    </Form>
  );
}
