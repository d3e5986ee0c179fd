import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, products } from "../../db/schema";
import { recordFigure } from "../../test/figures";
import { kitForFile } from "../../test/kit-for-file";
import { type PaynowShop, startPaynowShop } from "../../test/paynow-shop";

// The whole payment flow with PAYMENT_PROVIDER=paynow against a local fake Paynow v3 server:
// order → signed payment request → notification webhook (signature checked) → paid; the gateway
// down or too slow → a clean 502 with the units given back, and a later notification still confirms.

const kit = kitForFile(() => startPaynowShop({ timeoutMs: 400 }));

async function stock(): Promise<number> {
  const [row] = await kit.database.db
    .select({ q: products.quantity })
    .from(products)
    .where(eq(products.id, kit.shop.plain.id));
  return row?.q ?? -1;
}

const placeOrder = () => kit.placeOrder();
const deliver: PaynowShop["deliver"] = (notification) => kit.deliver(notification);

async function orderRow(orderNumber: string) {
  const [row] = await kit.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  return row;
}

describe("Paynow flow", () => {
  it("registers a signed payment and confirms the order from the verified notification", async () => {
    const response = await placeOrder();
    expect(response.statusCode, response.body).toBe(201);
    const { orderNumber, payment } = response.json();
    const created = kit.paynow.requests.find((r) => r.method === "POST" && r.path === "/v3/payments");
    expect(created?.status).toBe(201);
    const sent = JSON.parse(created?.body ?? "{}");
    expect(sent).toMatchObject({
      amount: 4_999,
      currency: "PLN",
      externalId: orderNumber,
      buyer: { email: "anna@example.com" },
    });
    expect(sent.continueUrl).toBe(
      `https://shop.example/gotowe?orderNumber=${orderNumber}&email=anna%40example.com`,
    );
    const [paymentId] = [...kit.paynow.payments.keys()];
    expect(payment.redirectUrl).toBe(kit.paynow.payments.get(paymentId ?? "")?.redirectUrl);

    expect((await deliver(kit.paynow.notification(paymentId ?? "", "PENDING"))).statusCode).toBe(202);
    expect((await orderRow(orderNumber))?.status).toBe("PAYMENT_PENDING");
    expect((await deliver(kit.paynow.notification(paymentId ?? "", "CONFIRMED"))).statusCode).toBe(202);
    expect((await orderRow(orderNumber))?.status).toBe("PAYMENT_CONFIRMED");
    // repeated and out of order: still paid
    expect((await deliver(kit.paynow.notification(paymentId ?? "", "PENDING"))).statusCode).toBe(202);
    expect((await orderRow(orderNumber))?.status).toBe("PAYMENT_CONFIRMED");
  });

  it("answers 400 to a forged signature and to a tampered body, and changes nothing", async () => {
    const response = await placeOrder();
    const { orderNumber } = response.json();
    const paymentId =
      [...kit.paynow.payments.values()].find((p) => p.request.externalId === orderNumber)?.paymentId ?? "";
    const genuine = kit.paynow.notification(paymentId, "CONFIRMED");
    const forged = await deliver({ rawBody: genuine.rawBody, headers: { signature: "Zm9yZ2Vk" } });
    expect(forged.statusCode).toBe(400);
    const tampered = await deliver({
      rawBody: genuine.rawBody.replace("CONFIRMED", "REJECTED"),
      headers: genuine.headers,
    });
    expect(tampered.statusCode).toBe(400);
    expect((await orderRow(orderNumber))?.status).toBe("PAYMENT_NEW");
  });

  it("maps REJECTED to PAYMENT_ERROR and gives the units back", async () => {
    const before = await stock();
    const { orderNumber } = (await placeOrder()).json();
    const paymentId =
      [...kit.paynow.payments.values()].find((p) => p.request.externalId === orderNumber)?.paymentId ?? "";
    await deliver(kit.paynow.notification(paymentId, "REJECTED"));
    expect((await orderRow(orderNumber))?.status).toBe("PAYMENT_ERROR");
    expect(await stock()).toBe(before);
  });

  it("gateway down (answers 503 or drops the connection): a clean 502, the units given back, nothing charged", async () => {
    const before = await stock();
    const outcomes: string[] = [];
    for (const mode of ["503", "close"] as const) {
      kit.paynow.refuse(mode);
      const response = await placeOrder();
      kit.paynow.refuse(null);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({
        code: "payment/unavailable",
        messageKey: "errors.paymentUnavailable",
      });
      // the order was committed with its units taken; the failed payment gave them back
      const [order] = await kit.database.db.select().from(orders).orderBy(desc(orders.id)).limit(1);
      expect(order).toMatchObject({ status: "PAYMENT_ERROR", stockReserved: false, paidAt: null });
      expect(await stock()).toBe(before);
      outcomes.push(
        `${mode === "503" ? "503" : "connection dropped"} → ${response.statusCode} ${order?.status}`,
      );
    }
    recordFigure({
      suite: "faults",
      tried: "Paynow down while an order is placed (answers 503; drops the connection)",
      result: `${outcomes.join(", ")}; stock ${before} before and after (units given back), nothing paid`,
      held: true,
    });
  });

  it("gateway too slow: 502 within the timeout; its later notification still confirms the order", async () => {
    const before = await stock();
    kit.paynow.setDelay(1_500);
    const started = Date.now();
    const response = await placeOrder();
    const waitedMs = Date.now() - started;
    kit.paynow.setDelay(0);
    expect(response.statusCode).toBe(502);
    expect(response.json().code).toBe("payment/unavailable");
    // the shop gave up waiting: its payment request was still unanswered when the 502 came
    const create = kit.paynow.requests.filter((r) => r.method === "POST" && r.path === "/v3/payments").at(-1);
    expect(create).toBeDefined();
    expect(create?.status).toBeNull();
    // the units are back while the order waits for news
    expect(await stock()).toBe(before);
    // the fake registered the payment after all; Paynow then notifies with our order number
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    const late = [...kit.paynow.payments.values()].at(-1);
    expect(late).toBeDefined();
    const orderNumber = late?.request.externalId ?? "";
    expect((await orderRow(orderNumber))?.stockReserved).toBe(false);
    expect((await deliver(kit.paynow.notification(late?.paymentId ?? "", "CONFIRMED"))).statusCode).toBe(202);
    const paid = await orderRow(orderNumber);
    expect(paid?.status).toBe("PAYMENT_CONFIRMED");
    // confirming takes the units again
    expect(paid?.stockReserved).toBe(true);
    expect(await stock()).toBe(before - 1);
    recordFigure({
      suite: "faults",
      tried: "Paynow answers after 1.5 s (the shop waits 0.4 s), then notifies CONFIRMED",
      result: `502 payment/unavailable after ${waitedMs} ms, units given back (stock ${before}); the late notification confirmed the order and took 1 unit again (stock ${before - 1})`,
      held: true,
    });
  });
});
