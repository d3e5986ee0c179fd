import { useActionData } from "react-router";
import type { CartActionData, CartIntent } from "../../lib/cart";

/** The /koszyk action's answer for this intent: the fetcher's, else the plain form's (no JavaScript). */
export function useCartResult(
  intent: CartIntent,
  fetcherData: CartActionData | undefined,
): CartActionData | undefined {
  const actionData = useActionData<CartActionData>();
  if (fetcherData?.intent === intent) return fetcherData;
  return actionData?.intent === intent ? actionData : undefined;
}
