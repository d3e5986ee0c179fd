import type { AppLoadContext } from "react-router";
import type { CartView } from "../../domain/types";
import { couponCookie, readCouponCode, readDeliveryMethod, readSavedCart } from "./shop-cookies";

// The visitor's cart for the root loader: the saved lines, coupon code and delivery method from the
// cookies, priced against the database by the cart service (only visible products with stock,
// quantities capped, variants matched by id; an invalid coupon is dropped).

export interface LoadedCart {
  cart: CartView;
  /** Set-Cookie values to send with the page (the coupon cookie removed when it is no longer valid) */
  setCookies: string[];
  /** the saved coupon no longer qualifies (expired, used up, below its minimum) and was removed */
  couponDropped: boolean;
}

export async function loadCart(request: Request, context: AppLoadContext): Promise<LoadedCart> {
  const cookie = request.headers.get("cookie");
  const { cart, couponDropped } = await context.services.cart.view({
    saved: readSavedCart(cookie),
    couponCode: readCouponCode(cookie),
    deliveryMethod: readDeliveryMethod(cookie),
    user: context.user,
    ip: context.ip,
  });
  return { cart, setCookies: couponDropped ? [couponCookie(null)] : [], couponDropped };
}
