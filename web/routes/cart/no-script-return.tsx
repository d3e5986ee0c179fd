import { useHydrated } from "../../lib/use-hydrated";

/** The form field that tells the cart action it was posted without JavaScript (see routes/cart/cart.tsx). */
export const NO_SCRIPT_RETURN_FIELD = "returnTo";

/**
 * A hidden field present only until the page is hydrated: a plain form post (no JavaScript)
 * carries it, and the cart action then answers a success with a redirect to `to` (so the next
 * page is rendered with the new cart cookies and a reload does not post again). Fetchers never
 * send it and get the action's data instead.
 */
export function NoScriptReturn({ to }: { to: string }) {
  const hydrated = useHydrated();
  return hydrated ? null : <input type="hidden" name={NO_SCRIPT_RETURN_FIELD} value={to} />;
}
