import { Link, useActionData, useFetcher, useRouteLoaderData } from "react-router";
import { formatPrice } from "../../../domain/money";
import type { CartLineView, CartView } from "../../../domain/types";
import { CART_ACTION, type CartActionData, type CartIntent, useCart } from "../../lib/cart";
import { CHECKOUT_PATH } from "../../lib/cart-paths";
import { useContentLang, useT } from "../../lib/i18n";
import { CART_PATH, LOGIN_PATH, PRODUCTS_PATH, productPath } from "../../lib/paths";
import { CONTAINER } from "../../lib/site";
import { showToast } from "../../lib/toasts";
import { useFormValidation } from "../../lib/use-form-validation";
import type { loader as rootLoader } from "../../root";
import { FieldErrorText, FormAlert, Spinner } from "../form-field";
import { useHydrated } from "../product-list/use-hydrated";
import { ResponsiveImage } from "../responsive-image";
import { CheckoutSteps } from "./checkout-steps";
import { NoScriptReturn } from "./no-script-return";
import { useFetcherResult } from "./use-fetcher-result";
import "../../lib/cart-texts";

// The cart screen (SPEC §2): breadcrumbs, line items with quantity choices, the coupon box, the
// summary and the buttons to go on. Every form posts to the /koszyk action (see routes/cart.tsx);
// with JavaScript through fetchers (no reload, pending states), without it as plain forms.

const PRIMARY_BUTTON =
  "inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-accent-600 px-6 py-3 font-semibold text-white hover:bg-accent-700 disabled:cursor-wait disabled:opacity-80";
const SECONDARY_BUTTON =
  "inline-flex min-h-12 w-full items-center justify-center rounded-full border border-stone-300 bg-white px-6 py-3 font-semibold text-stone-900 hover:bg-stone-50";

/** The action's answer for this intent: the fetcher's, else the plain form's (no JavaScript). */
function useCartResult(
  intent: CartIntent,
  fetcherData: CartActionData | undefined,
): CartActionData | undefined {
  const actionData = useActionData<CartActionData>();
  if (fetcherData?.intent === intent) return fetcherData;
  return actionData?.intent === intent ? actionData : undefined;
}

export function CartScreen() {
  const t = useT();
  const cart = useCart();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const user = root?.user ?? null;
  const canCheckout = !user || user.approved;
  const empty = cart.lines.length === 0;

  return (
    <div className={`${CONTAINER} py-6`}>
      <CheckoutSteps current="cart" cartEmpty={empty} canCheckout={canCheckout} />
      <h1 className="mt-4 font-serif text-3xl font-semibold text-stone-900 sm:text-4xl">{t("cart.title")}</h1>

      {empty ? (
        <div className="mt-8 rounded-2xl border border-stone-200 bg-white px-6 py-12 text-center">
          <p className="text-lg text-stone-700">{t("cart.empty")}</p>
          <Link
            to={PRODUCTS_PATH}
            className="mt-6 inline-flex min-h-11 items-center rounded-full bg-accent-600 px-6 py-2.5 font-semibold text-white hover:bg-accent-700"
          >
            {t("cart.continueShopping")}
          </Link>
        </div>
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <CartLines lines={cart.lines} />
          <aside className="space-y-5" aria-label={t("checkout.summary")}>
            <CouponBox cart={cart} />
            <CartSummary cart={cart} />
            <CartButtons signedIn={!!user} />
          </aside>
        </div>
      )}
    </div>
  );
}

function CartLines({ lines }: { lines: readonly CartLineView[] }) {
  const t = useT();
  return (
    <section aria-labelledby="cart-lines-title">
      <h2 id="cart-lines-title" className="sr-only">
        {t("cart.product")}
      </h2>
      <div
        aria-hidden="true"
        className="hidden grid-cols-[5rem_minmax(0,1fr)_7rem_7rem_6rem] gap-4 border-b border-stone-200 pb-2 text-sm font-medium text-stone-600 md:grid"
      >
        <span className="col-span-2">{t("cart.product")}</span>
        <span>{t("cart.quantity")}</span>
        <span className="text-right">{t("cart.price")}</span>
        <span />
      </div>
      <ul className="divide-y divide-stone-200 border-b border-stone-200 md:border-b-0">
        {lines.map((line, index) => (
          // the first lines are in view when the page opens: their pictures load at once
          <CartLineItem key={line.lineId} line={line} eager={index < 4} />
        ))}
      </ul>
    </section>
  );
}

function CartLineItem({ line, eager }: { line: CartLineView; eager: boolean }) {
  const t = useT();
  const contentLang = useContentLang();
  const hydrated = useHydrated();
  const quantityFetcher = useFetcher<CartActionData>({ key: `cart-quantity-${line.lineId}` });
  const removeFetcher = useFetcher<CartActionData>({ key: `cart-remove-${line.lineId}` });
  const busy = quantityFetcher.state !== "idle" || removeFetcher.state !== "idle";
  const maxChoice = Math.max(line.stock, line.quantity);
  const choices = Array.from({ length: Math.min(maxChoice, 999) + 1 }, (_, index) => index);
  const href = productPath({ _id: line.productId, slug: line.productSlug });
  const selectId = `quantity-${line.lineId}`;

  return (
    <li
      aria-busy={busy || undefined}
      className={`grid grid-cols-[4.5rem_minmax(0,1fr)] gap-x-4 gap-y-3 py-4 md:grid-cols-[5rem_minmax(0,1fr)_7rem_7rem_6rem] md:items-center ${busy ? "opacity-60" : ""}`}
    >
      <Link to={href} tabIndex={-1} aria-hidden="true" className="row-span-2 md:row-span-1">
        {line.image ? (
          <ResponsiveImage
            src={line.image.thumb_url || line.image.url}
            sizes="(min-width: 768px) 80px, 72px"
            eager={eager}
            alt=""
            width={80}
            height={80}
            className="size-18 rounded-lg bg-stone-100 object-cover md:size-20"
          />
        ) : (
          <span className="block size-18 rounded-lg bg-stone-100 md:size-20" />
        )}
      </Link>
      <div className="min-w-0">
        <Link
          to={href}
          lang={contentLang}
          className="font-semibold text-stone-900 underline-offset-4 hover:underline"
        >
          {line.productTitle}
        </Link>
        {line.variantLabel ? (
          <p lang={contentLang} className="text-sm text-stone-600">
            {line.variantLabel}
          </p>
        ) : null}
        <p className="mt-1 text-sm text-stone-700">
          <span className="sr-only md:not-sr-only">{t("cart.unitPrice")}: </span>
          {formatPrice(line.unitPriceGrosze)}
        </p>
      </div>

      <div className="col-start-2 flex flex-wrap items-center justify-between gap-3 md:contents">
        <quantityFetcher.Form method="post" action={CART_ACTION} className="flex items-center gap-2">
          <input type="hidden" name="intent" value="quantity" />
          <NoScriptReturn to={CART_PATH} />
          <input type="hidden" name="lineId" value={line.lineId} />
          <label htmlFor={selectId} className="sr-only">
            {t("cart.quantityOf", { product: line.productTitle })}
          </label>
          <select
            id={selectId}
            name="quantity"
            defaultValue={String(line.quantity)}
            key={line.quantity}
            disabled={busy}
            onChange={(event) => {
              const form = event.currentTarget.form;
              if (form) quantityFetcher.submit(form);
            }}
            className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base disabled:bg-stone-100"
          >
            {choices.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
          {hydrated ? null : (
            <button
              type="submit"
              className="min-h-11 rounded-full border border-stone-300 px-3 text-sm font-medium hover:bg-stone-50"
            >
              {t("cart.updateQuantity")}
            </button>
          )}
        </quantityFetcher.Form>
        <p className="font-semibold text-stone-900 md:text-right">
          <span className="sr-only">{t("cart.price")}: </span>
          {formatPrice(line.unitPriceGrosze * line.quantity)}
        </p>
        <removeFetcher.Form method="post" action={CART_ACTION} className="md:text-right">
          <input type="hidden" name="intent" value="remove" />
          <NoScriptReturn to={CART_PATH} />
          <input type="hidden" name="lineId" value={line.lineId} />
          <button
            type="submit"
            disabled={busy}
            aria-label={t("cart.removeItem", { product: line.productTitle })}
            className="min-h-11 rounded-full px-3 text-sm font-medium text-stone-700 underline underline-offset-4 hover:bg-stone-100 hover:text-stone-900"
          >
            {t("cart.remove")}
          </button>
        </removeFetcher.Form>
      </div>
    </li>
  );
}

function CouponBox({ cart }: { cart: CartView }) {
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
  const applied = cart.coupon;
  const locked = !!applied || checking || removing;
  const error = applied ? undefined : errors.code;
  const typed = result && !result.ok ? result.values?.code : undefined;

  useFetcherResult(applyFetcher, (answer) => {
    if (answer.ok) showToast({ type: "success", key: "coupon.applied" });
    else if (answer.error !== "coupon.enterCode")
      showToast({ type: "error", key: answer.error, errorPrefix: true });
  });
  useFetcherResult(removeFetcher, (answer) => {
    if (answer.ok) showToast({ type: "info", key: "coupon.removed" });
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

function CartSummary({ cart }: { cart: CartView }) {
  const t = useT();
  return (
    <section
      aria-labelledby="cart-summary-title"
      className="rounded-2xl border border-stone-200 bg-white p-4"
    >
      <h2 id="cart-summary-title" className="font-serif text-xl font-semibold text-stone-900">
        {t("checkout.summary")}
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">{t("cart.processingTime")}</dt>
          <dd className="font-medium">{t("common.days", { days: cart.maxProcessingTime })}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">{t("cart.productsValue")}</dt>
          <dd className="font-medium">{formatPrice(cart.productsGrosze)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">{t("cart.delivery")}</dt>
          <dd className="font-medium">
            {cart.deliveryGrosze === 0 ? t("cart.freeDelivery") : formatPrice(cart.deliveryGrosze)}
          </dd>
        </div>
        {cart.coupon && cart.couponDiscountGrosze > 0 ? (
          <div className="flex justify-between gap-4 text-emerald-800">
            <dt>{t("cart.discountWithCode", { code: cart.coupon.code })}</dt>
            <dd className="font-medium">{formatPrice(-cart.couponDiscountGrosze)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-stone-200 pt-2 text-base">
          <dt className="font-semibold">{t("cart.total")}</dt>
          <dd className="font-semibold">{formatPrice(cart.totalGrosze)}</dd>
        </div>
      </dl>
      {cart.deliveryGrosze > 0 && cart.missingForFreeDeliveryGrosze > 0 ? (
        <p className="mt-3 rounded-lg bg-accent-50 px-3 py-2 text-sm text-accent-800">
          {t("cart.missingForFreeDelivery", { amount: formatPrice(cart.missingForFreeDeliveryGrosze) })}
        </p>
      ) : null}
    </section>
  );
}

function CartButtons({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  const fetcher = useFetcher<CartActionData>({ key: "cart-checkout" });
  const result = useCartResult("checkout", fetcher.data);
  const pending = fetcher.state !== "idle";

  if (!signedIn) {
    return (
      <div className="space-y-3">
        <Link to={`${LOGIN_PATH}?return=${encodeURIComponent(CART_PATH)}`} className={PRIMARY_BUTTON}>
          {t("cart.login")}
        </Link>
        <Link to={CHECKOUT_PATH} className={SECONDARY_BUTTON}>
          {t("cart.guestCheckout")}
        </Link>
      </div>
    );
  }
  return (
    <fetcher.Form method="post" action={CART_ACTION} className="space-y-3">
      <input type="hidden" name="intent" value="checkout" />
      <button type="submit" disabled={pending} aria-busy={pending || undefined} className={PRIMARY_BUTTON}>
        {pending ? <Spinner /> : null}
        {t("cart.deliveryAndPayment")}
      </button>
      <FormAlert message={result && !result.ok ? t(result.error) : undefined} />
    </fetcher.Form>
  );
}
