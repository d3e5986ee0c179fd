import { type AppLoadContext, data, redirect } from "react-router";
import { errorMessageKey } from "./auth.server";
import { findOrder, lookupFromUrl } from "./checkout-order.server";
import { redirectWithFlash } from "./flash.server";

// "Zapłać" / "Spróbuj ponownie" on the order pages (/gotowe, /zamowienie, /konto/zakupy/{id}): the
// payments service's retry resumes the order's open payment at the bank, or starts a new one (after
// a failed payment), then the shopper goes to the bank. A refusal (canceled, out of stock, …) comes
// back to the page as a toast. The log names only the failure's code, never the order.

/** Pays an order the caller has already found for this shopper; `back`: the page to return to on a refusal. */
export async function payOrder(
  context: AppLoadContext,
  order: { orderNumber: string; email: string },
  back: string,
): Promise<Response> {
  const result = await context.services.payments.retry(order.orderNumber, order.email);
  if (!result.ok) {
    console.warn(`retry payment refused: ${result.code}`);
    return redirectWithFlash(back, { type: "error", key: errorMessageKey(result.code), errorPrefix: true });
  }
  return redirect(result.value.redirectUrl);
}

/** The guest pages' action (query orderNumber and email): the rate-limited lookup first, then payOrder. */
export async function payGuestOrder(context: AppLoadContext, request: Request): Promise<Response> {
  const lookup = lookupFromUrl(request);
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  if (!lookup) throw data(null, { status: 404 });
  // no unlimited e-mail guessing here (like the API's retry-payment)
  if (!(await findOrder(context, lookup))) {
    return redirectWithFlash(back, {
      type: "error",
      key: errorMessageKey("order/not-found"),
      errorPrefix: true,
    });
  }
  return payOrder(context, lookup, back);
}
