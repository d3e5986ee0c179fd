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

/**
 * Staff, through the API, do what the returns desk's buttons do with a withdrawal: "Towar otrzymany"
 * (every unit, back into stock), then "Zwróć pieniądze" with the proposed amount through the demo bank.
 * For specs whose subject is the shopper's side (the returns desk's screens: staff-returns.spec.ts).
 */
export async function receiveAndRefund(
  playwright: { request: { newContext(options: object): Promise<APIRequestContext> } },
  orderNumber: string,
): Promise<void> {
  const staff = await staffApi(playwright);
  const cases = (await (await staff.get("/api/after-sale/cases?pageSize=100")).json()) as {
    items: { _id: number; orderNumber: string }[];
  };
  const found = cases.items.find((item) => item.orderNumber === orderNumber);
  if (!found) throw new Error(`no case of ${orderNumber} on the returns desk`);
  const caseUrl = `/api/after-sale/cases/${found._id}`;
  const { lines } = (await (await staff.get(caseUrl)).json()) as {
    lines: { orderItemId: number; quantity: number }[];
  };
  const received = await staff.post(`${caseUrl}/received`, {
    data: {
      lines: lines.map((line) => ({ lineId: line.orderItemId, quantity: line.quantity, restock: true })),
    },
  });
  expect(received.status(), `goods received: ${await received.text()}`).toBe(200);
  const { orderId, proposal } = (await (await staff.get(caseUrl)).json()) as {
    orderId: number;
    proposal: { proposedGrosze: number };
  };
  const refund = await staff.post(`/api/after-sale/orders/${orderId}/refunds`, {
    data: { amountGrosze: proposal.proposedGrosze, reason: "withdrawal", caseId: found._id },
  });
  expect(refund.status(), `the refund is sent: ${await refund.text()}`).toBe(201);
  await staff.dispose();
}
