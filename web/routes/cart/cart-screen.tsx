import { type RefObject, useRef } from "react";
import { Link, useFetcher, useRouteLoaderData } from "react-router";
import { cartSummary } from "../../../domain/cart-summary";
import { formatPrice } from "../../../domain/money";
import type { CartLineView, CartView } from "../../../domain/types";
import { CheckoutSteps } from "../../components/checkout-steps";
import { FormAlert, Spinner } from "../../components/form-field";
import { ResponsiveImage } from "../../components/responsive-image";
import { CART_ACTION, type CartActionData, useCart } from "../../lib/cart";
import { CHECKOUT_PATH } from "../../lib/cart-paths";
import { useT } from "../../lib/i18n";
import { lazyInBrowser } from "../../lib/lazy-in-browser";
import { CART_PATH, LOGIN_PATH, PRODUCTS_PATH, productPath } from "../../lib/paths";
import { CONTAINER } from "../../lib/site";
import type { loader as rootLoader } from "../../root";
import {
  CartLineName,
  type LineEvents,
  LiveMessage,
  QuantityControl,
  RemoveLineButton,
  useLineBusy,
  useLineEvents,
} from "./cart-line-controls";
import { SummaryRows } from "./cart-summary-rows";
import "../../lib/cart-texts";
import { PrimaryLink } from "../../components/primary-link";
import { useCartResult } from "./use-cart-result";

// the coupon box (and the form validation it uses) loads while the page hydrates; the server renders
// it in place (web/lib/lazy-in-browser.ts, docs/decisions/021-bundle-budgets.md)
const CouponBox = lazyInBrowser(
  () => import("./coupon-box"),
  (m) => m.CouponBox,
);

// The cart screen (SPEC §2): breadcrumbs, line items with quantity choices, the coupon box, the
// summary and the buttons to go on. Every form posts to the /koszyk action (see routes/cart/cart.tsx);
// with JavaScript through fetchers (no reload, pending states), without it as plain forms.

const PRIMARY_BUTTON =
  "inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-accent-600 px-6 py-3 font-semibold text-white hover:bg-accent-700 disabled:cursor-wait disabled:opacity-80";
const SECONDARY_BUTTON =
  "inline-flex min-h-12 w-full items-center justify-center rounded-full border border-stone-300 bg-white px-6 py-3 font-semibold text-stone-900 hover:bg-stone-50";

export function CartScreen() {
  const t = useT();
  const cart = useCart();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const user = root?.user ?? null;
  const canCheckout = !user || user.approved;
  const empty = cart.lines.length === 0;
  const listRef = useRef<HTMLUListElement>(null);
  const continueRef = useRef<HTMLAnchorElement>(null);
  // after "Usuń" the focus goes to the next line (or "Kontynuuj zakupy" once the cart is empty)
  const { events, message, announce } = useLineEvents(cart.lines, listRef, () => continueRef.current);

  return (
    <div className={`${CONTAINER} py-6`}>
      <LiveMessage message={message} />
      <CheckoutSteps current="cart" cartEmpty={empty} canCheckout={canCheckout} />
      <h1 className="mt-4 font-serif text-3xl font-semibold text-stone-900 sm:text-4xl">{t("cart.title")}</h1>

      {empty ? (
        <div className="mt-8 rounded-2xl border border-stone-200 bg-white px-6 py-12 text-center">
          <p className="text-lg text-stone-700">{t("cart.empty")}</p>
          <PrimaryLink ref={continueRef} to={PRODUCTS_PATH} className="mt-6">
            {t("cart.continueShopping")}
          </PrimaryLink>
        </div>
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <CartLines lines={cart.lines} events={events} listRef={listRef} />
          <aside className="space-y-5" aria-label={t("checkout.summary")}>
            <CouponBox coupon={cart.coupon} announce={announce} />
            <CartSummary cart={cart} />
            <CartButtons signedIn={!!user} />
          </aside>
        </div>
      )}
    </div>
  );
}

function CartLines({
  lines,
  events,
  listRef,
}: {
  lines: readonly CartLineView[];
  events: LineEvents;
  listRef: RefObject<HTMLUListElement | null>;
}) {
  const t = useT();
  return (
    <section aria-labelledby="cart-lines-title">
      <h2 id="cart-lines-title" className="sr-only">
        {t("cart.product")}
      </h2>
      <div
        aria-hidden="true"
        className="hidden grid-cols-[5rem_minmax(0,1fr)_10.5rem_7rem_6rem] gap-4 border-b border-stone-200 pb-2 text-sm font-medium text-stone-600 md:grid"
      >
        <span className="col-span-2">{t("cart.product")}</span>
        <span>{t("cart.quantity")}</span>
        <span className="text-right">{t("cart.price")}</span>
        <span />
      </div>
      <ul ref={listRef} className="divide-y divide-stone-200 border-b border-stone-200 md:border-b-0">
        {lines.map((line, index) => (
          // the first lines are in view when the page opens: their pictures load at once
          <CartLineItem key={line.lineId} line={line} eager={index < 4} events={events} />
        ))}
      </ul>
    </section>
  );
}

function CartLineItem({ line, eager, events }: { line: CartLineView; eager: boolean; events: LineEvents }) {
  const t = useT();
  const busy = useLineBusy(line.lineId);
  const href = productPath({ _id: line.productId, slug: line.productSlug });

  return (
    <li
      data-line-focus
      aria-busy={busy || undefined}
      className={`grid grid-cols-[4.5rem_minmax(0,1fr)] gap-x-4 gap-y-3 py-4 md:grid-cols-[5rem_minmax(0,1fr)_10.5rem_7rem_6rem] md:items-center ${busy ? "opacity-60" : ""}`}
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
        <CartLineName line={line} variantClassName="text-sm text-stone-600" />
        <p className="mt-1 text-sm text-stone-700">
          <span className="sr-only md:not-sr-only">{t("cart.unitPrice")}: </span>
          {formatPrice(line.unitPriceGrosze)}
        </p>
      </div>

      <div className="col-start-2 flex flex-wrap items-center justify-between gap-3 md:contents">
        <QuantityControl line={line} events={events} idPrefix="cart" />
        <p className="font-semibold text-stone-900 md:text-right">
          <span className="sr-only">{t("cart.price")}: </span>
          {formatPrice(line.unitPriceGrosze * line.quantity)}
        </p>
        <RemoveLineButton line={line} events={events} />
      </div>
    </li>
  );
}

function CartSummary({ cart }: { cart: CartView }) {
  const t = useT();
  const summary = cartSummary(cart);
  return (
    <section
      aria-labelledby="cart-summary-title"
      className="rounded-2xl border border-stone-200 bg-white p-4"
    >
      <h2 id="cart-summary-title" tabIndex={-1} className="font-serif text-xl font-semibold text-stone-900">
        {t("checkout.summary")}
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">{t("cart.processingTime")}</dt>
          <dd className="font-medium">{t("common.days", { days: cart.maxProcessingTime })}</dd>
        </div>
        <SummaryRows cart={cart} summary={summary} exactDelivery />
      </dl>
      {summary.missingForFreeDeliveryGrosze > 0 ? (
        <p className="mt-3 rounded-lg bg-accent-50 px-3 py-2 text-sm text-accent-800">
          {t("cart.missingForFreeDelivery", { amount: formatPrice(summary.missingForFreeDeliveryGrosze) })}
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
