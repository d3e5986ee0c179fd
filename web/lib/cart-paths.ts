// URLs of the cart and checkout flow (SPEC §1).

export { CART_PATH } from "./paths";
export const CHECKOUT_PATH = "/dostawa-i-platnosc";
export const ORDER_DONE_PATH = "/gotowe";
export const ORDER_VIEW_PATH = "/zamowienie";
