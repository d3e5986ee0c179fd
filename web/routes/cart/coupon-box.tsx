import { useFetcher } from "react-router";
import type { AppliedCoupon } from "../../../domain/types";
import { FieldErrorText, Spinner } from "../../components/form-field";
import { CART_ACTION, type CartActionData } from "../../lib/cart";
import { useT } from "../../lib/i18n";
import { CART_PATH } from "../../lib/paths";
import { showToast } from "../../lib/toasts";
import { useFormValidation } from "../../lib/use-form-validation";
import { NoScriptReturn } from "./no-script-return";
import { useFetcherResult } from "./use-fetcher-result";
import "../../lib/cart-texts";
import { useCartResult } from "./use-cart-result";

// The cart screen's coupon box (SPEC §2, §4 Coupon), posting to the /koszyk action (routes/cart/cart.tsx).

/** The coupon box of the cart screen (SPEC §2): Kod rabatowy, Dodaj kod, usuń kod. */
export function CouponBox({
  coupon,
  announce,
}: {
  coupon: AppliedCoupon | null;
  announce: (text: string) => void;
}) {
  const t = useT();
  const applyFetcher = useFetcher<CartActionData>({ key: "cart-coupon" });
  const removeFetcher = useFetcher<CartActionData>({ key: "cart-coupon-remove" });
  const result = useCartResult("coupon", applyFetcher.data);
  const serverErrors = result && !result.ok ? result.errors : undefined;
  const { errors, onSubmit, onChange } = useFormValidation(
    () => import("../../../domain/validation/coupon").then((m) => m.couponCheckSchema),
    { serverErrors },
  );
  const checking = applyFetcher.state !== "idle";
  const removing = removeFetcher.state !== "idle";
  const applied = coupon;
  const locked = !!applied || checking || removing;
  const error = applied ? undefined : errors.code;
  const typed = result && !result.ok ? result.values?.code : undefined;

  // where the work continues (WCAG 2.4.3, issue 25): an added code is heard once and the focus goes
  // to the summary that now shows it; a refused one puts the focus back in the field, whose message
  // (under it, aria-describedby) is read with it; only a refusal without a field message (over the
  // coupon limit) becomes a toast
  useFetcherResult(applyFetcher, (answer) => {
    if (answer.ok) {
      document.getElementById("cart-summary-title")?.focus();
      announce(t("cart.couponAdded", { code: coupon?.code ?? "" }));
      return;
    }
    document.getElementById("coupon-code")?.focus();
    if (!answer.errors?.code) showToast({ type: "error", key: answer.error, errorPrefix: true });
  });
  useFetcherResult(removeFetcher, (answer) => {
    if (!answer.ok) return;
    showToast({ type: "info", key: "coupon.removed" });
    document.getElementById("coupon-code")?.focus();
  });

  return (
    <section aria-labelledby="coupon-title" className="rounded-2xl border border-stone-200 bg-white p-4">
      <applyFetcher.Form
        method="post"
        action={CART_ACTION}
        noValidate
        onSubmit={onSubmit}
        onChange={onChange}
      >
        <input type="hidden" name="intent" value="coupon" />
        <NoScriptReturn to={CART_PATH} />
        <label
          id="coupon-title"
          htmlFor="coupon-code"
          className="mb-1.5 block text-sm font-medium text-stone-800"
        >
          {t("cart.couponLabel")}
        </label>
        <div className="flex gap-2">
          <input
            id="coupon-code"
            name="code"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            // the applied code shows in the locked field; a refused one stays as typed
            key={applied ? `applied-${applied.code}` : "entry"}
            defaultValue={applied ? applied.code : (typed ?? "")}
            disabled={locked}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "coupon-code-error" : undefined}
            className={`block min-h-11 w-full min-w-0 flex-1 rounded-lg border bg-white px-3 py-2 text-base uppercase disabled:bg-stone-100 disabled:text-stone-600 ${
              error ? "border-red-600" : "border-stone-300"
            }`}
          />
          <button
            type="submit"
            disabled={locked}
            aria-busy={checking || undefined}
            className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full bg-stone-900 px-4 text-sm font-semibold text-white hover:bg-stone-800 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600"
          >
            {checking ? <Spinner /> : null}
            {t("cart.addCoupon")}
          </button>
        </div>
        <FieldErrorText id="coupon-code-error" error={error} />
        {checking ? (
          <p role="status" className="mt-1.5 text-sm text-stone-600">
            {t("coupon.checking")}
          </p>
        ) : null}
      </applyFetcher.Form>
      {applied ? (
        <removeFetcher.Form
          method="post"
          action={CART_ACTION}
          className="mt-2 flex flex-wrap items-center gap-x-2 text-sm"
        >
          <input type="hidden" name="intent" value="coupon-remove" />
          <NoScriptReturn to={CART_PATH} />
          <span className="text-stone-700">{t("cart.couponApplied", { code: applied.code })}</span>
          <button
            type="submit"
            disabled={removing}
            className="rounded-sm font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800"
          >
            {t("cart.removeCoupon")}
          </button>
        </removeFetcher.Form>
      ) : null}
    </section>
  );
}
