import { Link } from "react-router";
import { CART_PATH, CHECKOUT_PATH } from "../lib/cart-paths";
import { useT } from "../lib/i18n";
import { ChevronRightIcon } from "./icons";

export type CheckoutStep = "cart" | "checkout" | "done";

export interface CheckoutStepsProps {
  current: CheckoutStep;
  /** later steps are links only when the cart has items (SPEC §2 Cart screen) */
  cartEmpty: boolean;
  /** guest or approved user: only then is the checkout step a link */
  canCheckout: boolean;
}

/**
 * Breadcrumbs of the purchase flow: Twój koszyk > Dostawa i płatność > Gotowe. The current step is
 * marked with aria-current; the cart step is always a link when it is not current; the checkout
 * step is a link only when the cart is not empty and the user may check out; "Gotowe" is never a
 * link (it needs an order number that only the payment flow knows).
 */
export function CheckoutSteps({ current, cartEmpty, canCheckout }: CheckoutStepsProps) {
  const t = useT();
  const steps: { id: CheckoutStep; label: string; to: string | null }[] = [
    { id: "cart", label: t("cart.stepCart"), to: CART_PATH },
    {
      id: "checkout",
      label: t("cart.stepCheckout"),
      to: !cartEmpty && canCheckout ? CHECKOUT_PATH : null,
    },
    { id: "done", label: t("cart.stepDone"), to: null },
  ];
  return (
    <nav aria-label={t("nav.breadcrumbs")} className="text-sm text-stone-600">
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-1">
        {steps.map((step, index) => {
          const isCurrent = step.id === current;
          return (
            <li key={step.id} className="flex min-w-0 items-center gap-1">
              {index > 0 ? (
                <ChevronRightIcon aria-hidden="true" className="size-4 shrink-0 text-stone-400" />
              ) : null}
              {isCurrent ? (
                <span aria-current="step" className="font-semibold text-stone-900">
                  {step.label}
                </span>
              ) : step.to ? (
                <Link to={step.to} className="rounded-sm underline underline-offset-4 hover:text-stone-900">
                  {step.label}
                </Link>
              ) : (
                <span className="text-stone-500">{step.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
