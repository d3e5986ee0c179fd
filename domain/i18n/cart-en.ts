import type { CartKey } from "./cart-pl";

// English texts of one area of the shop: the cart page (/koszyk) (see cart-pl.ts).
// Typed by the Polish keys of the area, so the compiler rejects missing and extra keys.

export const enCart: Record<CartKey, string> = {
  "cart.metaDescription":
    "The products chosen for your order: quantities, a discount code and the summary before delivery and payment.",
  // parts of the restored cart's notice (cart.restoredChanges), put together on the server
  "cart.restoredReduced": "{product}: only {quantity} available, the cart now holds that many",
  "cart.restoredRemoved": "{product}: no longer available, removed from the cart",
  "cart.restoredGone": "a product no longer in the shop was removed from the cart",
  "cart.title": "Your cart",
  "cart.unitPrice": "Unit price",
  "cart.remove": "Remove",
  "cart.couponLabel": "Discount code",
  "cart.addCoupon": "Add code",
  "cart.removeCoupon": "remove code",
  "cart.missingForFreeDelivery": "Add {amount} more to get free delivery",
  "cart.deliveryAndPayment": "Delivery and payment",
  "cart.login": "Log in",
  "cart.guestCheckout": "Shop without logging in",
  "cart.updateQuantity": "Update quantity",
  "cart.quantityOf": "Quantity: {product}",
  "cart.removeItem": "Remove from cart: {product}",
  "cart.couponApplied": "Discount code applied: {code}",
  "coupon.checking": "Checking the code…",
  "coupon.applied": "Discount code added",
  "cart.decrease": "Decrease quantity: {product}",
  "cart.increase": "Increase quantity: {product}",
  "cart.lineRemoved": "Removed {product} from the cart",
  "cart.quantityChanged": "Quantity changed: {product}, {quantity} pcs",
  "cart.couponAdded": "Code {code} has been added",
  "cart.deliveryFrom": "from {price}",
  "coupon.removed": "Discount code removed",
};
