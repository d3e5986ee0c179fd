import { lazyInBrowser } from "../../lib/lazy-in-browser";

// The order pages' after-sale panel (order-after-sale.tsx) loads in the browser with its texts only
// when it renders, off the order pages' first load; the server renders it in place
// (web/lib/lazy-in-browser.ts, docs/decisions/021-bundle-budgets.md).
export const OrderAfterSalePanel = lazyInBrowser(
  () => import("./order-after-sale"),
  (module) => module.OrderAfterSalePanel,
);
