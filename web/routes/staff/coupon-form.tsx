import { useId } from "react";
import { useActionData, useLoaderData } from "react-router";
import { shopDay } from "../../../domain/shop-time";
import { couponFormValuesSchema, couponToFormValues } from "../../../domain/validation/coupon";
import { bindFields } from "../../components/bind-fields";
import { TextField } from "../../components/form-field";
import { RadioGroup } from "../../components/staff/staff-fields";
import { ContentFormScreen, useStaffFormValidation } from "../../components/staff/staff-form";
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

const DISCOUNT_TYPES = ["percent", "fixed"] as const;

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
  const typeId = useId();
  const { editing, values } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const validation = useStaffFormValidation(couponFormValuesSchema, failure);
  const { errors } = validation;
  const shown: Record<string, string> = {
    ...values,
    ...(failure?.values as Record<string, string> | undefined),
  };
  const field = bindFields(shown, errors);
  return (
    <ContentFormScreen
      title={t(editing === null ? "staff.content.addCoupon" : "staff.content.editCoupon")}
      width="max-w-2xl"
      twoColumns
      validation={validation}
      backTo={STAFF_SECTIONS.coupons}
    >
      <TextField
        {...field("code")}
        label={t("staff.content.code")}
        autoCapitalize="characters"
        className="sm:col-span-2"
      />
      <RadioGroup
        name="discountType"
        legend={t("staff.content.discountType")}
        options={DISCOUNT_TYPES.map((type) => ({
          value: type,
          label: t(`staff.content.discountType.${type}`),
        }))}
        checked={shown.discountType ?? ""}
        error={errors.discountType}
        errorId={`${typeId}-error`}
        className="sm:col-span-2"
        describedByError
      />
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
    </ContentFormScreen>
  );
}
