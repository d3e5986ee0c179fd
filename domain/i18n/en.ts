import { enAfterSale } from "./after-sale-en";
import { enAuth } from "./auth-en";
import { enCart } from "./cart-en";
import { enCheckout } from "./checkout-en";
import { enContent } from "./content-en";
import { enMail } from "./mail-en";
import { enOrders } from "./orders-en";
import type { MessageKey } from "./pl";
import { enProduct } from "./product-en";
import { enProducts } from "./products-en";
import { enShop } from "./shop-en";
import { enStaff } from "./staff-en";

// English message catalog: the same keys as pl.ts, area by area (shop-en.ts, auth-en.ts,
// orders-en.ts, staff-en.ts, after-sale-en.ts, mail-en.ts, each typed by its Polish area, so the compiler rejects missing and extra keys).
// Server messages quoted in SPEC.md in English are kept verbatim.

export const en: Record<MessageKey, string> = {
  ...enShop,
  ...enAuth,
  ...enOrders,
  ...enProduct,
  ...enProducts,
  ...enCart,
  ...enCheckout,
  ...enContent,
  ...enStaff,
  ...enAfterSale,
  ...enMail,
};
