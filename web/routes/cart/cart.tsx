import { data, redirect } from "react-router";
import type { MessageKey } from "../../../domain/i18n";
import { couponCheckSchema } from "../../../domain/validation/coupon";
import { parseForm } from "../../../domain/validation/errors";
import { errorMessageKey, errorStatus, requestMeta } from "../../lib/auth.server";
import type { CartActionData, CartIntent } from "../../lib/cart";
import { addToCartFormSchema, quantityFormSchema, removeFormSchema } from "../../lib/cart-forms.server";
import { CART_PATH, CHECKOUT_PATH } from "../../lib/cart-paths";
import { formValues } from "../../lib/forms";
import { langFromMatches, metaTags } from "../../lib/meta";
import { safeRedirect } from "../../lib/safe-redirect";
import { couponCookie, readSavedCart, savedCartCookie } from "../../lib/shop-cookies";
import type { Route } from "./+types/cart";
import { CartScreen } from "./cart-screen";
import { NO_SCRIPT_RETURN_FIELD } from "./no-script-return";
import "../../lib/cart-texts";

// /koszyk (SPEC §2 Cart screen). The cart itself is in the root data (priced on the server from the
// cart cookies); this route renders it and owns the cart action. Every cart form posts here with an
// `intent` — without JavaScript as a plain form, with it through fetchers — and the action answers
// with Set-Cookie (the root loader then revalidates):
//   add            productId, variantId ("" = none), variantKeys (JSON)  → product/unavailable on failure
//   quantity       lineId, quantity (0..stock; 0 removes the line — the screens send 1..stock)
//   remove         lineId
//   coupon         code → field error coupon.enterCode (empty) / coupon.invalid (unknown) / why a known
//                  code is refused (coupon.expired, .notStarted, .usedUp, .belowMinimum); valid → cookie
//   coupon-remove  —
//   checkout       guests and approved users → redirect /dostawa-i-platnosc; an unapproved user gets
//                  checkout.accountNotApproved and the confirmation e-mail again

// indexable (docs/decisions/024): the cart without a visitor's cookie is an empty, harmless public page
export function meta({ matches }: Route.MetaArgs) {
  return metaTags(langFromMatches(matches), "cart.title", "cart.metaDescription");
}

export function loader() {
  return null;
}

function failure(intent: CartIntent, error: MessageKey, status: number, extra: Partial<CartActionData> = {}) {
  return data<CartActionData>({ ...extra, intent, ok: false, error } as CartActionData, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  // A plain form post (no JavaScript) is answered with a redirect, so the next page renders with the
  // new cookies (the loaders of this request still see the old ones) and a reload does not post again.
  const returnTo = form.get(NO_SCRIPT_RETURN_FIELD);
  const reply = await cartAction(form, request, context);
  if (returnTo === null || !(reply instanceof Object) || !("data" in reply)) return reply;
  const answer = reply as { data: CartActionData; init: ResponseInit | null };
  if (!answer.data.ok) return reply;
  return redirect(safeRedirect(returnTo, CART_PATH), { status: 303, headers: answer.init?.headers });
}

function success(intent: CartIntent, setCookie: string | null, extra: Partial<CartActionData> = {}) {
  return data<CartActionData>(
    { ...extra, intent, ok: true } as CartActionData,
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

async function cartAction(form: FormData, request: Request, context: Route.ActionArgs["context"]) {
  const values = formValues(form);
  const saved = readSavedCart(request.headers.get("cookie"));
  const { cart } = context.services;

  switch (values.intent) {
    case "add": {
      const parsed = addToCartFormSchema.safeParse(values);
      if (!parsed.success) return failure("add", "product.unavailable", 400);
      const result = await cart.add(saved, parsed.data);
      if (!result.ok) return failure("add", errorMessageKey(result.code), errorStatus(result.code));
      return success("add", savedCartCookie(result.value.saved), {
        added: result.value.added,
        lineId: result.value.lineId,
      });
    }
    case "quantity": {
      const parsed = quantityFormSchema.safeParse(values);
      if (!parsed.success) return failure("quantity", "errors.formContainsErrors", 400);
      const next = await cart.setQuantity(saved, parsed.data.lineId, parsed.data.quantity);
      return success("quantity", savedCartCookie(next));
    }
    case "remove": {
      const parsed = removeFormSchema.safeParse(values);
      if (!parsed.success) return failure("remove", "errors.formContainsErrors", 400);
      const next = await cart.setQuantity(saved, parsed.data.lineId, 0);
      return success("remove", savedCartCookie(next));
    }
    case "coupon": {
      const code = typeof values.code === "string" ? values.code : "";
      const parsed = parseForm(couponCheckSchema, { code });
      if (!parsed.ok) {
        const key = parsed.errors.code?.key ?? "coupon.enterCode";
        return failure("coupon", key, 400, { errors: parsed.errors, values: { code } });
      }
      const result = await cart.applyCoupon(parsed.data.code, {
        saved,
        user: context.user,
        ip: requestMeta(request, context).ip,
      });
      if (!result.ok) {
        return failure("coupon", errorMessageKey(result.code), errorStatus(result.code), {
          // the field says why (unknown; expired, from which day, used up, from which amount); over the
          // coupon limit there is no field error, only the failure's message
          errors: result.fields,
          values: { code },
        });
      }
      return success("coupon", couponCookie(result.value.code));
    }
    case "coupon-remove":
      return success("coupon-remove", couponCookie(null));
    case "checkout": {
      const user = context.user;
      if (user && !user.approved) {
        // SPEC §4 Account: an unapproved user cannot proceed; the confirmation e-mail is sent again
        await context.services.accounts.resendConfirmation(user, requestMeta(request, context));
        return failure("checkout", "checkout.accountNotApproved", 403);
      }
      return redirect(CHECKOUT_PATH);
    }
    default:
      return failure("add", "errors.generic", 400);
  }
}

export default function CartRoute() {
  return <CartScreen />;
}
