import { staffApi } from "./accounts";
import { type APIRequestContext, expect, type Page } from "./test";

// The after-sale specs' steps (issue 27): staff mark an order delivered, the withdrawal form's two steps.

/** Staff mark the order delivered through the API (what "Dostarczono" on the staff order page does). */
export async function markDelivered(
  playwright: { request: { newContext(options: object): Promise<APIRequestContext> } },
  orderNumber: string,
): Promise<number> {
  const staff = await staffApi(playwright);
  const found = await staff.get(`/api/orders?szukaj=${orderNumber}`);
  const [listed] = ((await found.json()) as { items: { _id: number }[] }).items;
  if (!listed) throw new Error("the order is not in the staff list");
  const delivered = await staff.put(`/api/orders/${listed._id}/add-status`, {
    data: { status: "PARCEL_DELIVERED" },
  });
  expect(delivered.status()).toBe(200);
  await staff.dispose();
  return listed._id;
}

/** A product's title as a pattern matching it anywhere (its characters taken literally). */
export const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));

/** Step one → step two → confirmed: withdraws from `product` only (the others set to 0). */
export async function withdrawFrom(page: Page, keep: string[]) {
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Krok 1 z 2: oświadczenie" })).toBeVisible();
  for (const title of keep) {
    await main.getByRole("spinbutton", { name: literally(title) }).fill("0");
  }
  await main.getByRole("button", { name: "Dalej" }).click();
  await expect(main.getByRole("heading", { name: "Krok 2 z 2: sprawdź i potwierdź" })).toBeVisible();
}
