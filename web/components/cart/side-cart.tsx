import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { formatPrice } from "../../../domain/money";
import { useCart } from "../../lib/cart";
import { useContentLang, useT } from "../../lib/i18n";
import { CART_PATH, productPath } from "../../lib/paths";
import { CloseButton } from "../close-button";
import { ResponsiveImage } from "../responsive-image";
import { useCartUi } from "./cart-ui";

/**
 * The side cart (SPEC §2): a modal dialog sliding in from the right (native <dialog>: focus moves
 * in and is kept there, Escape closes, the page behind is inert). Lists the lines, Czas realizacji
 * and Razem, with Do kasy to /koszyk. Closes on a click outside the panel and on route change
 * (CartUiProvider); the focus goes back to where it was.
 */
export function SideCart() {
  const t = useT();
  const contentLang = useContentLang();
  const cart = useCart();
  const { isOpen, close } = useCartUi();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

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

        {cart.lines.length === 0 ? (
          <p className="flex-1 px-4 py-8 text-center text-stone-600">{t("cart.empty")}</p>
        ) : (
          <ul className="flex-1 divide-y divide-stone-100 overflow-y-auto px-4">
            {cart.lines.map((line) => (
              <li key={line.lineId} className="flex gap-3 py-3">
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
                  <Link
                    to={productPath({ _id: line.productId, slug: line.productSlug })}
                    lang={contentLang}
                    className="font-semibold text-stone-900 underline-offset-4 hover:underline"
                  >
                    {line.productTitle}
                  </Link>
                  {line.variantLabel ? (
                    <p lang={contentLang} className="text-stone-600">
                      {line.variantLabel}
                    </p>
                  ) : null}
                  <p className="mt-1 text-stone-800">
                    {t("cart.quantityTimesPrice", {
                      quantity: line.quantity,
                      price: formatPrice(line.unitPriceGrosze),
                    })}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}

        <div className="space-y-3 border-t border-stone-200 bg-stone-50 px-4 py-4">
          <dl className="space-y-1.5 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-stone-600">{t("cart.processingTime")}</dt>
              <dd className="font-medium">{t("common.days", { days: cart.maxProcessingTime })}</dd>
            </div>
            <div className="flex justify-between gap-4 text-base">
              <dt className="font-semibold">{t("cart.total")}</dt>
              <dd className="font-semibold">{formatPrice(cart.totalGrosze)}</dd>
            </div>
          </dl>
          <Link
            to={CART_PATH}
            onClick={close}
            className="flex min-h-12 w-full items-center justify-center rounded-full bg-accent-600 px-6 py-3 font-semibold text-white hover:bg-accent-700"
          >
            {t("cart.goToCheckout")}
          </Link>
        </div>
      </div>
    </dialog>
  );
}
