import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { CartLineView } from "../../../domain/types";
import { CART_ACTION, type CartActionData } from "../../lib/cart";
import { useContentLang, useT } from "../../lib/i18n";
import { CART_PATH, productPath } from "../../lib/paths";
import { useHydrated } from "../../lib/use-hydrated";
import { NoScriptReturn } from "./no-script-return";
import { useFetcherResult } from "./use-fetcher-result";
import "../../lib/cart-texts";

// A cart line's quantity and remove controls, the same on the cart screen and in the side cart
// (SPEC §2; WCAG 3.2.2 On input, issue 25). The quantity changes only when the shopper commits it:
// "−"/"+" buttons, or the number typed and confirmed with Enter or by leaving the field — arrow keys
// in the field only step the number. It never goes below 1: a line leaves the cart only through
// "Usuń". Without JavaScript the field and "Zmień ilość" post the form (the field's min/max are
// checked by the browser). Nothing is disabled or re-created while a change is under way, so the
// focus stays where the shopper is.

const STEP_BUTTON =
  "inline-flex size-11 items-center justify-center rounded-lg border border-stone-300 bg-white text-lg font-semibold text-stone-800 hover:bg-stone-50 aria-disabled:cursor-not-allowed aria-disabled:text-stone-400";

export interface LineEvents {
  /** a quantity change of this line was saved (the new quantity) */
  onQuantityChanged(line: CartLineView, quantity: number): void;
  /** "Usuń" was sent for this line (the list moves the focus once it is gone) */
  onRemoving(line: CartLineView): void;
}

/** true while one of the line's forms is being sent */
/**
 * A line's product title (a link to its page; in the interface's language where it has one) and
 * variant (Polish), each marked lang="pl" when Polish in another interface language (a line's
 * `polish` can name only its title: textLang's rule inline, one import less on the budgeted pages).
 */
export function CartLineName({ line, variantClassName }: { line: CartLineView; variantClassName: string }) {
  const contentLang = useContentLang();
  return (
    <>
      <Link
        to={productPath({ _id: line.productId, slug: line.productSlug })}
        lang={line.polish ? "pl" : undefined}
        className="font-semibold text-stone-900 underline-offset-4 hover:underline"
      >
        {line.productTitle}
      </Link>
      {line.variantLabel ? (
        <p lang={contentLang} className={variantClassName}>
          {line.variantLabel}
        </p>
      ) : null}
    </>
  );
}

export function useLineBusy(lineId: string): boolean {
  const quantity = useFetcher<CartActionData>({ key: `cart-quantity-${lineId}` });
  const remove = useFetcher<CartActionData>({ key: `cart-remove-${lineId}` });
  return quantity.state !== "idle" || remove.state !== "idle";
}

export function QuantityControl({
  line,
  events,
  idPrefix,
}: {
  line: CartLineView;
  events: LineEvents;
  idPrefix: string;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const fetcher = useFetcher<CartActionData>({ key: `cart-quantity-${line.lineId}` });
  const max = Math.min(Math.max(line.stock, line.quantity), 999);
  const [typed, setTyped] = useState(String(line.quantity));
  const sent = useRef<number | null>(null);
  const inputId = `${idPrefix}-quantity-${line.lineId}`;

  // the saved quantity (after a change here, in the other cart view or capped by the stock)
  useEffect(() => setTyped(String(line.quantity)), [line.quantity]);

  useFetcherResult(fetcher, (answer) => {
    if (answer.ok && sent.current !== null) events.onQuantityChanged(line, sent.current);
    sent.current = null;
  });

  function commit(wanted: number) {
    if (!Number.isInteger(wanted) || wanted < 1) {
      setTyped(String(line.quantity));
      return;
    }
    const quantity = Math.min(wanted, max);
    setTyped(String(quantity));
    if (quantity === line.quantity || fetcher.state !== "idle") return;
    sent.current = quantity;
    fetcher.submit(
      { intent: "quantity", lineId: line.lineId, quantity: String(quantity) },
      {
        method: "post",
        action: CART_ACTION,
      },
    );
  }

  const label = t("cart.quantityOf", { product: line.productTitle });
  return (
    <fetcher.Form
      method="post"
      action={CART_ACTION}
      className="flex items-center gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        commit(Number(typed));
      }}
    >
      <input type="hidden" name="intent" value="quantity" />
      <NoScriptReturn to={CART_PATH} />
      <input type="hidden" name="lineId" value={line.lineId} />
      {hydrated ? (
        <button
          type="button"
          aria-label={t("cart.decrease", { product: line.productTitle })}
          aria-disabled={line.quantity <= 1 || undefined}
          onClick={() => {
            if (line.quantity > 1) commit(line.quantity - 1);
          }}
          className={STEP_BUTTON}
        >
          <span aria-hidden="true">−</span>
        </button>
      ) : null}
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <input
        id={inputId}
        name="quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        required
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        onBlur={() => commit(Number(typed))}
        className="min-h-11 w-16 rounded-lg border border-stone-300 bg-white px-2 py-2 text-center text-base"
      />
      {hydrated ? (
        <button
          type="button"
          aria-label={t("cart.increase", { product: line.productTitle })}
          aria-disabled={line.quantity >= max || undefined}
          onClick={() => {
            if (line.quantity < max) commit(line.quantity + 1);
          }}
          className={STEP_BUTTON}
        >
          <span aria-hidden="true">+</span>
        </button>
      ) : (
        <button
          type="submit"
          className="min-h-11 rounded-full border border-stone-300 px-3 text-sm font-medium hover:bg-stone-50"
        >
          {t("cart.updateQuantity")}
        </button>
      )}
    </fetcher.Form>
  );
}

export function RemoveLineButton({ line, events }: { line: CartLineView; events: LineEvents }) {
  const t = useT();
  const fetcher = useFetcher<CartActionData>({ key: `cart-remove-${line.lineId}` });
  return (
    <fetcher.Form
      method="post"
      action={CART_ACTION}
      className="md:text-right"
      onSubmit={() => events.onRemoving(line)}
    >
      <input type="hidden" name="intent" value="remove" />
      <NoScriptReturn to={CART_PATH} />
      <input type="hidden" name="lineId" value={line.lineId} />
      <button
        type="submit"
        aria-label={t("cart.removeItem", { product: line.productTitle })}
        className="min-h-11 rounded-full px-3 text-sm font-medium text-stone-700 underline underline-offset-4 hover:bg-stone-100 hover:text-stone-900"
      >
        {t("cart.remove")}
      </button>
    </fetcher.Form>
  );
}

/**
 * The list side of the line events: announces each change once in a polite live region and, after
 * "Usuń", moves the focus to the next line's quantity (or the previous one's, or `fallback` when the
 * cart is empty) — marked `data-line-focus` in the list's DOM.
 */
export function useLineEvents(
  lines: readonly CartLineView[],
  list: RefObject<HTMLElement | null>,
  fallback: () => HTMLElement | null | undefined,
): { events: LineEvents; message: string; announce: (text: string) => void } {
  const t = useT();
  const [message, setMessage] = useState("");
  const removing = useRef<{ lineId: string; index: number; title: string } | null>(null);

  // a new text each time (the same text twice in a row is read again after the reset); one function
  // for the page's life (a lazy part given it keeps its props)
  const announce = useCallback((text: string) => {
    setMessage("");
    window.setTimeout(() => setMessage(text), 50);
  }, []);

  useEffect(() => {
    const pending = removing.current;
    if (!pending || lines.some((line) => line.lineId === pending.lineId)) return;
    removing.current = null;
    const targets = list.current?.querySelectorAll<HTMLElement>("[data-line-focus] input[type=number]");
    const target =
      targets && targets.length > 0 ? targets[Math.min(pending.index, targets.length - 1)] : fallback();
    target?.focus();
    announce(t("cart.lineRemoved", { product: pending.title }));
  });

  return {
    message,
    announce,
    events: {
      onQuantityChanged: (line, quantity) =>
        announce(t("cart.quantityChanged", { product: line.productTitle, quantity })),
      onRemoving: (line) => {
        removing.current = {
          lineId: line.lineId,
          index: lines.findIndex((l) => l.lineId === line.lineId),
          title: line.productTitle,
        };
      },
    },
  };
}

/** The polite live region of a cart view's announcements (always in the DOM, so it is heard). */
export function LiveMessage({ message }: { message: string }) {
  return (
    <p role="status" className="sr-only">
      {message}
    </p>
  );
}
