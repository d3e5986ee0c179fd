import { plAfterSale } from "./after-sale-pl";
import { plAuth } from "./auth-pl";
import { plCart } from "./cart-pl";
import { plCheckout } from "./checkout-pl";
import { plContent } from "./content-pl";
import { plMail } from "./mail-pl";
import { plOrders } from "./orders-pl";
import { plProduct } from "./product-pl";
import { plProducts } from "./products-pl";
import { plShop } from "./shop-pl";
import { plStaff } from "./staff-pl";

// Polish message catalog: the source of truth for message keys (SPEC: the interface is Polish by
// default). Keys are flat and dotted, grouped by screen or area; texts quoted in SPEC.md are kept
// verbatim; placeholders use `{name}`. The texts live in areas so the browser loads only what a
// page needs (docs/decisions/021-bundle-budgets.md): shop-pl.ts (every page outside the staff
// area), auth-pl.ts (the login, register, password and token pages), orders-pl.ts (checkout's
// parcel picker, the order pages and the account area), staff-pl.ts (the staff area),
// after-sale-pl.ts (withdrawals, complaints and refunds) and mail-pl.ts (the server's e-mails).

export const pl = {
  ...plShop,
  ...plAuth,
  ...plOrders,
  ...plProduct,
  ...plProducts,
  ...plCart,
  ...plCheckout,
  ...plContent,
  ...plStaff,
  ...plAfterSale,
  ...plMail,
} as const;

export type MessageKey = keyof typeof pl;
