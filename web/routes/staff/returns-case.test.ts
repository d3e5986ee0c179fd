import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../server/areas/accounts/accounts.fixtures";
import { toPublicUser } from "../../../server/areas/accounts/accounts.mapper";
import { insertWithdrawalCase, placePaidOrder } from "../../../server/areas/after-sale/after-sale.fixtures";
import { insertShopFixtures, type ShopFixtures } from "../../../server/areas/orders/orders.fixtures";
import { NO_ORDER_LIMIT } from "../../../server/test/rate-limits";
import { type StaffApiKit, startStaffApi } from "../../../server/test/staff-api";
import { testWebContext } from "../../../server/test/web-context";
import { loader as orderLoader } from "./order";
import { loader as listLoader } from "./returns";
import { action, loader } from "./returns-case";

// The returns desk's pages in process (issue 27): the list's loader by filter and page, the case's
// loader, and its action: a refund with an amount that is not a number or too large comes back with
// the field's message and what was typed (nothing written), a good one redirects with the toast; a
// customer is refused the desk.

let kit: StaffApiKit;
let shop: ShopFixtures;

beforeAll(async () => {
  kit = await startStaffApi({ rateLimits: NO_ORDER_LIMIT });
  shop = await insertShopFixtures(kit.database.db);
});
afterAll(async () => {
  await kit?.close();
});

const app = () => kit.app;
const database = () => kit.database;

async function contextOf(roles: ("shop-moderator" | "user")[]) {
  return testWebContext(app().services, { user: toPublicUser(await createUser(database().db, { roles })) });
}

function post(caseId: number, fields: Record<string, string>): Request {
  return new Request(`http://localhost/konto/sklep/zwroty/${caseId}`, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
}

/** The data() an action answered with: its status and value. */
function answerOf(value: unknown): { status: number; data: unknown } {
  const init = (value as { init?: ResponseInit | null }).init;
  return { status: init?.status ?? 200, data: (value as { data?: unknown }).data };
}

describe("the returns desk's pages", () => {
  it("lists by filter, shows the case, and keeps a refused amount with its message", async () => {
    const order = await placePaidOrder(app(), app().services.config, shop.plain);
    const { caseId } = await insertWithdrawalCase(database().db, order);
    const staff = await contextOf(["shop-moderator", "user"]);

    const list = await listLoader({
      context: staff,
      request: new Request("http://localhost/konto/sklep/zwroty?filtr=reported"),
      params: {},
    } as never);
    expect(list.filter).toBe("reported");
    expect(list.items.map((item) => item._id)).toContain(caseId);

    const page = await loader({
      context: staff,
      request: new Request(`http://localhost/konto/sklep/zwroty/${caseId}`),
      params: { id: String(caseId) },
    } as never);
    expect(page.detail.orderNumber).toBe(order.orderNumber);
    expect(page.detail.proposal?.proposedGrosze).toBe(order.priceGrosze);

    const notNumber = answerOf(
      await action({
        context: staff,
        request: post(caseId, { intent: "refund", amount: "dużo" }),
        params: { id: String(caseId) },
      } as never),
    );
    expect(notNumber).toEqual({
      status: 400,
      data: { form: "refund", amount: "dużo", error: { key: "validation.number" } },
    });
    const tooMuch = answerOf(
      await action({
        context: staff,
        request: post(caseId, { intent: "refund", amount: "1000,00" }),
        params: { id: String(caseId) },
      } as never),
    );
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.data).toMatchObject({
      form: "refund",
      amount: "1000,00",
      error: { key: "validation.maxValue" },
    });
    expect(await app().services.refunds.listForOrder(order.id)).toEqual([]);

    const started = (await action({
      context: staff,
      request: post(caseId, { intent: "refund", amount: "40,00" }),
      params: { id: String(caseId) },
    } as never)) as Response;
    expect(started.status).toBe(302);
    expect(decodeURIComponent(started.headers.get("set-cookie") ?? "")).toContain(
      "afterSale.desk.refundStarted",
    );
    expect(
      (await app().services.refunds.listForOrder(order.id)).map((refund) => refund.amountGrosze),
    ).toEqual([4_000]);

    // the staff order page lists the order's case and refund
    const orderPage = await orderLoader({
      context: staff,
      request: new Request(`http://localhost/konto/sklep/zamowienia/${order.id}`),
      params: { id: String(order.id) },
    } as never);
    expect(orderPage.cases.map((item) => item._id)).toEqual([caseId]);
    expect(orderPage.refunds.map((refund) => refund.status)).toEqual(["REQUESTED"]);
    expect(orderPage.owed).toBeNull();
    expect(orderPage.paid).toBe(true);

    const emptyReason = answerOf(
      await action({
        context: staff,
        request: post(caseId, { intent: "reject", reason: "" }),
        params: { id: String(caseId) },
      } as never),
    );
    expect(emptyReason.status).toBe(400);
  });

  it("answers a complaint: an empty message comes back kept with its error, then Uznaj accepts it", async () => {
    const order = await placePaidOrder(app(), app().services.config, shop.plain);
    const made = await app().services.complaints.complain({
      user: null,
      ip: "10.8.0.1",
      lang: "pl",
      body: {
        orderNumber: order.orderNumber,
        email: order.email,
        lines: [{ lineId: order.lineIds[0], quantity: 1 }],
        description: "Nitka się pruje przy kieszeni.",
        remedy: "price-reduction",
        submissionKey: "desk-complaint-1",
      },
    });
    if (!made.ok) throw new Error(made.code);
    const caseId = made.value.caseId;
    const staff = await contextOf(["shop-moderator", "user"]);
    const page = await loader({
      context: staff,
      request: new Request(`http://localhost/konto/sklep/zwroty/${caseId}`),
      params: { id: String(caseId) },
    } as never);
    expect(page.detail.statement).toMatchObject({ remedy: "price-reduction" });
    const empty = answerOf(
      await action({
        context: staff,
        request: post(caseId, { intent: "accept", message: "" }),
        params: { id: String(caseId) },
      } as never),
    );
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ form: "answer", message: "" });
    const accepted = (await action({
      context: staff,
      request: post(caseId, { intent: "accept", message: "Obniżymy cenę o 20 zł." }),
      params: { id: String(caseId) },
    } as never)) as Response;
    expect(accepted.status).toBe(302);
    const after = await app().services.returnsDesk.get(caseId);
    expect(after.ok && after.value.status).toBe("ACCEPTED");
  });

  it("refuses a customer", async () => {
    const customer = await contextOf(["user"]);
    let thrown: unknown;
    try {
      await listLoader({
        context: customer,
        request: new Request("http://localhost/konto/sklep/zwroty"),
        params: {},
      } as never);
    } catch (error) {
      thrown = error;
    }
    expect(answerOf(thrown).status).toBe(403);
  });
});
