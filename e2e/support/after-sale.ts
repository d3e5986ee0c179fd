import { MODERATOR, signIn, staffApi } from "./accounts";
import { decideCookies } from "./checkout";
import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page } from "./test";

// The after-sale specs' steps (issue 27): staff mark an order delivered, the withdrawal form's two steps.

/** Staff mark the order delivered through the API (what "Dostarczono" on the staff order page does). */
export async function markDelivered(playwright: Playwright, orderNumber: string): Promise<number> {
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

/**
 * Staff at a desk of their own (a 1280 px browser context beside the shopper's), signed in, with the
 * order's case open on the returns desk. Close `desk` when done.
 */
export async function caseAtTheDesk(
  browser: Browser,
  baseURL: string | undefined,
  orderNumber: string,
): Promise<{ desk: BrowserContext; staff: Page }> {
  const desk = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const staff = await desk.newPage();
  await decideCookies(desk, baseURL);
  await signIn(staff, MODERATOR.email, MODERATOR.password);
  await staff.goto("/konto/sklep/zwroty");
  await staff.getByRole("link", { name: `Otwórz zgłoszenie ${orderNumber}` }).click();
  return { desk, staff };
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

type Playwright = { request: { newContext(options: object): Promise<APIRequestContext> } };

/** The returns desk's case of an order (the newest 100 cases), through the staff API. */
async function caseOf(staff: APIRequestContext, orderNumber: string): Promise<number> {
  const cases = (await (await staff.get("/api/after-sale/cases?pageSize=100")).json()) as {
    items: { _id: number; orderNumber: string }[];
  };
  const found = cases.items.find((item) => item.orderNumber === orderNumber);
  if (!found) throw new Error(`no case of ${orderNumber} on the returns desk`);
  return found._id;
}

/**
 * Staff, through the API, do what the returns desk's buttons do with a withdrawal: "Towar otrzymany"
 * (every unit, back into stock), then "Zwróć pieniądze" with the proposed amount through the demo bank.
 * For the phone's journey: the returns desk is a desk screen, walked on the desktop.
 */
export async function receiveAndRefund(playwright: Playwright, orderNumber: string): Promise<void> {
  const staff = await staffApi(playwright);
  const caseId = await caseOf(staff, orderNumber);
  const caseUrl = `/api/after-sale/cases/${caseId}`;
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
    data: { amountGrosze: proposal.proposedGrosze, reason: "withdrawal", caseId },
  });
  expect(refund.status(), `the refund is sent: ${await refund.text()}`).toBe(201);
  await staff.dispose();
}

/** Staff, through the API, accept an order's complaint with a message to the customer ("Uznaj"). */
export async function acceptComplaint(playwright: Playwright, orderNumber: string, message: string) {
  const staff = await staffApi(playwright);
  const caseId = await caseOf(staff, orderNumber);
  const answered = await staff.post(`/api/after-sale/cases/${caseId}/answer`, {
    data: { decision: "accepted", message },
  });
  expect(answered.status(), `the complaint is answered: ${await answered.text()}`).toBeLessThan(300);
  await staff.dispose();
}
