import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { cartSummary } from "../../../domain/cart-summary";
import { formatPrice } from "../../../domain/money";
import type { CartLineView } from "../../../domain/types";
import { CloseButton } from "../../components/close-button";
import { ResponsiveImage } from "../../components/responsive-image";
import { useCart } from "../../lib/cart";
import { useT } from "../../lib/i18n";
import { CART_PATH, PRODUCTS_PATH } from "../../lib/paths";
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
import { useCartUi } from "./cart-ui";

/** "Kontynuuj zakupy" in the empty side cart: a quiet outlined pill. */
const CONTINUE_LINK =
  "mt-4 inline-flex min-h-11 items-center rounded-full border border-stone-300 px-5 font-semibold text-stone-900 hover:bg-stone-50";
/** "Do kasy": the side cart's one primary action, the panel's full width. */
const CHECKOUT_LINK =
  "flex min-h-12 w-full items-center justify-center rounded-full bg-accent-600 px-6 py-3 font-semibold text-white hover:bg-accent-700";

/**
 * The side cart (SPEC §2): a modal dialog sliding in from the right (native <dialog>: focus moves
 * in and is kept there, Escape closes, the page behind is inert). Lists the lines with the cart
 * screen's quantity and remove controls, Czas realizacji and the cart screen's summary (products,
 * delivery "od 9,99 zł" or free, discount, Razem; domain/cart-summary.ts), with Do kasy to /koszyk
 * only when there is something in it; empty, it says so and links to the products. Closes on a click outside the panel and on route change
 * (CartUiProvider); the focus goes back to where it was.
 */
export function SideCart() {
  const t = useT();
  const cart = useCart();
  const { isOpen, close } = useCartUi();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const continueRef = useRef<HTMLAnchorElement>(null);
  const summary = cartSummary(cart);
  // the same quantity and remove controls as the cart screen; after "Usuń" the focus goes to the
  // next line (or "Kontynuuj zakupy" once the cart is empty) and the change is announced once
  const { events, message } = useLineEvents(cart.lines, listRef, () => continueRef.current);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    }
    if (!isOpen) {
      if (dialog.open) dialog.close();
      const target = returnFocus.current;
      returnFocus.current = null;
      if (target?.isConnected) target.focus();
    }
  }, [isOpen]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: backdrop click only; Escape is handled by the dialog
    <dialog
      ref={dialogRef}
      aria-labelledby="side-cart-title"
      onClose={close}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[min(26rem,92vw)] max-w-none translate-x-full bg-white p-0 text-stone-800 shadow-2xl transition-[translate,display,overlay] transition-discrete duration-300 ease-out backdrop:bg-stone-900/40 open:translate-x-0 motion-reduce:transition-none starting:open:translate-x-full"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
          <h2 id="side-cart-title" className="font-serif text-xl font-semibold text-stone-900">
            {t("cart.sideTitle")}
          </h2>
          <CloseButton label={t("cart.close")} onClick={close} />
        </div>

        <LiveMessage message={message} />
        {summary.empty ? (
          <div className="flex-1 px-4 py-8 text-center">
            <p className="text-stone-600">{t("cart.empty")}</p>
            <Link ref={continueRef} to={PRODUCTS_PATH} className={CONTINUE_LINK}>
              {t("cart.continueShopping")}
            </Link>
          </div>
        ) : (
          <ul ref={listRef} className="flex-1 divide-y divide-stone-100 overflow-y-auto px-4">
            {cart.lines.map((line) => (
              <SideCartLine key={line.lineId} line={line} events={events} />
            ))}
          </ul>
        )}

        {summary.empty ? null : (
          <div className="space-y-3 border-t border-stone-200 bg-stone-50 px-4 py-4">
            <dl className="space-y-1.5 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-stone-600">{t("cart.processingTime")}</dt>
                <dd className="font-medium">{t("common.days", { days: cart.maxProcessingTime })}</dd>
              </div>
              <SummaryRows cart={cart} summary={summary} />
            </dl>
            <Link to={CART_PATH} onClick={close} className={CHECKOUT_LINK}>
              {t("cart.goToCheckout")}
            </Link>
          </div>
        )}
      </div>
    </dialog>
  );
}

function SideCartLine({ line, events }: { line: CartLineView; events: LineEvents }) {
  const t = useT();
  const busy = useLineBusy(line.lineId);
  return (
    <li
      data-line-focus
      aria-busy={busy || undefined}
      className={`flex gap-3 py-3 ${busy ? "opacity-60" : ""}`}
    >
      {line.image ? (
        <ResponsiveImage
          src={line.image.thumb_url || line.image.url}
          sizes="64px"
          alt=""
          width={64}
          height={64}
          className="size-16 shrink-0 rounded-lg bg-stone-100 object-cover"
        />
      ) : (
        <span aria-hidden="true" className="size-16 shrink-0 rounded-lg bg-stone-100" />
      )}
      <div className="min-w-0 flex-1 text-sm">
        <CartLineName line={line} variantClassName="text-stone-600" />
        <p className="mt-1 text-stone-800">
          {t("cart.quantityTimesPrice", {
            quantity: line.quantity,
            price: formatPrice(line.unitPriceGrosze),
          })}
        </p>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <QuantityControl line={line} events={events} idPrefix="side" />
          <RemoveLineButton line={line} events={events} />
        </div>
      </div>
    </li>
  );
}
