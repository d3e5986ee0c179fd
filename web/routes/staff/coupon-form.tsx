import { useId } from "react";
import { useActionData, useLoaderData, useLocation } from "react-router";
import { shopDay } from "../../../domain/shop-time";
import { couponFormValuesSchema, couponToFormValues } from "../../../domain/validation/coupon";
import { bindFields } from "../../components/bind-fields";
import { FieldErrorText, FormAlert, TextField } from "../../components/form-field";
import { CARD, StaffHeading } from "../../components/staff/content/staff-ui";
import { FormButtons, useStaffFormValidation } from "../../components/staff/staff-form";
import { ValidatedForm } from "../../components/validated-form";
import { useT } from "../../lib/i18n";
import { requireStaff } from "../../lib/staff.server";
import { editedRecord, staffFormAction } from "../../lib/staff-form-route.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS } from "../../lib/staff-paths";
import type { Route } from "./+types/coupon-form";

// /konto/sklep/kody/dodaj and /konto/sklep/kody/edytuj/{id}: code, percent or fixed amount in zł,
// start and end day, and the limits (uses in total, per customer, minimum order value in zł). The
// order transaction enforces the limits.

export function meta({ matches, params }: Route.MetaArgs) {
  const key = params.id ? "staff.content.editCoupon" : "staff.content.addCoupon";
  return staffMeta(matches, key);
}

const EMPTY: Record<string, string> = {
  code: "",
  discountType: "percent",
  discountValue: "",
  startDate: "",
  endDate: "",
  usageLimit: "",
  usageLimitPerCustomer: "",
  minOrderGrosze: "",
};

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request);
  const coupon = await editedRecord(params, (id) => context.services.couponAdmin.get(id));
  if (!coupon) return { editing: null, values: { ...EMPTY, startDate: shopDay(new Date()) } };
  return { editing: coupon._id, values: couponToFormValues(coupon) };
}

export function action(args: Route.ActionArgs) {
  return staffFormAction(args, {
    section: "coupons",
    schema: couponFormValuesSchema,
    writes: (services) => services.couponAdmin,
    added: "success.couponAdded",
    updated: "success.couponUpdated",
  });
}

export default function StaffCouponForm() {
  const t = useT();
  const location = useLocation();
  const typeId = useId();
  const { editing, values } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const { errors, formError, onSubmit, onChange } = useStaffFormValidation(couponFormValuesSchema, failure);
  const shown: Record<string, string> = {
    ...values,
    ...(failure?.values as Record<string, string> | undefined),
  };
  const field = bindFields(shown, errors);
  return (
    <div className="max-w-2xl">
      <StaffHeading title={t(editing === null ? "staff.content.addCoupon" : "staff.content.editCoupon")} />
      <ValidatedForm
        key={location.key}
        onSubmit={onSubmit}
        onChange={onChange}
        className={`${CARD} grid gap-5 sm:grid-cols-2`}
      >
        {formError ? (
          <div className="sm:col-span-2">
            <FormAlert message={t(formError)} />
          </div>
        ) : null}
        <TextField
          {...field("code")}
          label={t("staff.content.code")}
          autoCapitalize="characters"
          className="sm:col-span-2"
        />
        <fieldset
          className="sm:col-span-2"
          aria-describedby={errors.discountType ? `${typeId}-error` : undefined}
        >
          <legend className="mb-1.5 text-sm font-medium text-stone-800">
            {t("staff.content.discountType")}
          </legend>
          <div className="flex flex-wrap gap-4">
            {(["percent", "fixed"] as const).map((type) => (
              <label key={type} className="inline-flex min-h-10 items-center gap-2 text-stone-800">
                <input
                  type="radio"
                  name="discountType"
                  value={type}
                  defaultChecked={shown.discountType === type}
                  className="size-5 accent-accent-600"
                />
                {t(`staff.content.discountType.${type}`)}
              </label>
            ))}
          </div>
          <FieldErrorText id={`${typeId}-error`} error={errors.discountType} />
        </fieldset>
        <TextField
          {...field("discountValue")}
          label={t("staff.content.discountValue")}
          hint={t("staff.content.discountValueHint")}
          inputMode="decimal"
          className="sm:col-span-2"
        />
        <TextField {...field("startDate")} type="date" label={t("staff.content.startDate")} />
        <TextField {...field("endDate")} type="date" label={t("staff.content.endDate")} />
        <TextField
          {...field("usageLimit")}
          label={t("staff.content.usageLimit")}
          optional
          inputMode="numeric"
        />
        <TextField
          {...field("usageLimitPerCustomer")}
          label={t("staff.content.usageLimitPerCustomer")}
          optional
          inputMode="numeric"
        />
        <TextField
          {...field("minOrderGrosze")}
          label={t("staff.content.minOrderZl")}
          optional
          inputMode="decimal"
          className="sm:col-span-2"
        />
        <FormButtons backTo={STAFF_SECTIONS.coupons} className="flex flex-wrap gap-3 sm:col-span-2" />
      </ValidatedForm>
    </div>
  );
}
