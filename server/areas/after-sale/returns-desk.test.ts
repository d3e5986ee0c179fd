import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { afterSaleCases, afterSaleEvents } from "../../db/schema";
import { NO_ORDER_LIMIT } from "../../test/rate-limits";
import { expectDeclaredReply } from "../../test/reply-check";
import { type StaffApiKit, startStaffApi } from "../../test/staff-api";
import { insertShopFixtures, productQuantity, type ShopFixtures } from "../orders/orders.fixtures";
import { insertWithdrawalCase, placePaidOrder, runRefundJobs } from "./after-sale.fixtures";

// The staff returns desk (issue 27): the list by the desk's filters, paged, the most pressing
// deadline first; the dashboard's counter; goods received per line with the units back into stock
// once; reject with a reason; close after the refund; every step audited; customers and guests
// refused every desk route.

let kit: StaffApiKit;
let shop: ShopFixtures;

beforeAll(async () => {
  kit = await startStaffApi({ rateLimits: NO_ORDER_LIMIT });
  shop = await insertShopFixtures(kit.database.db, { plainQuantity: 200 });
});

afterAll(async () => {
  await kit?.close();
});

const db = () => kit.database.db;
const config = () => kit.app.services.config;

const stock = () => productQuantity(db(), shop.plain.id);

describe("the list and the counter", () => {
  it("lists cases by filter, the overdue first, paged; counts the open and the overdue", async () => {
    const before = (await kit.call("moderator", "GET", "/api/after-sale/cases/counts")).json();
    const order = await placePaidOrder(kit.app, config(), shop.plain);
    const late = await insertWithdrawalCase(db(), order, {
      receivedAt: new Date(Date.now() - 20 * 24 * 60 * 60_000),
    });
    const fresh = await insertWithdrawalCase(db(), await placePaidOrder(kit.app, config(), shop.plain));

    const counts = await kit.call("moderator", "GET", "/api/after-sale/cases/counts");
    expectDeclaredReply(kit.app, "GET /api/after-sale/cases/counts", counts);
    expect(counts.json()).toEqual({ open: before.open + 2, overdue: before.overdue + 1 });

    const list = await kit.call("moderator", "GET", "/api/after-sale/cases?filtr=reported&pageSize=50");
    expectDeclaredReply(kit.app, "GET /api/after-sale/cases", list);
    const ids = list.json().items.map((item: { _id: number }) => item._id);
    expect(ids.indexOf(late.caseId)).toBeLessThan(ids.indexOf(fresh.caseId));
    expect(list.json().items[ids.indexOf(late.caseId)]).toMatchObject({
      orderNumber: order.orderNumber,
      kind: "withdrawal",
      status: "REPORTED",
      customerName: "Anna Kowalska",
      awaiting: true,
    });
    const paged = await kit.call(
      "moderator",
      "GET",
      "/api/after-sale/cases?filtr=reported&pageSize=1&page=2",
    );
    expect(paged.json()).toMatchObject({ page: 2, pageSize: 1, total: list.json().total });
    expect(paged.json().items).toHaveLength(1);
    const done = await kit.call("moderator", "GET", "/api/after-sale/cases?filtr=done");
    expect(done.json().items.map((item: { _id: number }) => item._id)).not.toContain(late.caseId);
    expect((await kit.call("moderator", "GET", "/api/after-sale/cases?filtr=nope")).statusCode).toBe(400);
  });
});

describe("the case's steps", () => {
  it("receives goods per line and puts the units back into stock once", async () => {
    const order = await placePaidOrder(kit.app, config(), shop.plain, { quantity: 3 });
    const lineId = order.lineIds[0] ?? 0;
    const { caseId } = await insertWithdrawalCase(db(), order);
    const start = await stock();

    // two of three, not restocked yet
    const first = await kit.call("moderator", "POST", `/api/after-sale/cases/${caseId}/received`, {
      lines: [{ lineId, quantity: 2, restock: false }],
    });
    expectDeclaredReply(kit.app, "POST /api/after-sale/cases/:id/received", first);
    expect(await stock()).toBe(start);
    // the last one, and everything received back into stock: 3 units, once
    const second = await kit.call("moderator", "POST", `/api/after-sale/cases/${caseId}/received`, {
      lines: [{ lineId, quantity: "1", restock: "on" }],
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(await stock()).toBe(start + 3);
    // nothing more to receive: refused, stock unchanged
    const third = await kit.call("moderator", "POST", `/api/after-sale/cases/${caseId}/received`, {
      lines: [{ lineId, quantity: 1, restock: true }],
    });
    expect(third.statusCode).toBe(400);
    expect(third.json().fields["lines.0.quantity"].key).toBe("validation.maxValue");
    expect(await stock()).toBe(start + 3);

    const detail = (await kit.call("moderator", "GET", `/api/after-sale/cases/${caseId}`)).json();
    expect(detail.status).toBe("GOODS_RECEIVED");
    expect(detail.lines).toEqual([
      expect.objectContaining({
        orderItemId: lineId,
        quantity: 3,
        receivedQuantity: 3,
        restockedQuantity: 3,
      }),
    ]);
    expect(detail.statement).toMatchObject({ name: "Anna Kowalska", clientAddress: "127.0.0.1" });
    expect(detail.events.map((event: { status: string }) => event.status)).toEqual([
      "REPORTED",
      "GOODS_RECEIVED",
    ]);
    const audit = await kit.auditOf("after-sale-case", caseId);
    expect(audit.map((entry) => entry.action)).toEqual([
      "after-sale-case.receive",
      "after-sale-case.receive",
    ]);
  });

  it("refunds, then closes; a refunded case cannot be rejected; reject needs a reason", async () => {
    const order = await placePaidOrder(kit.app, config(), shop.plain);
    const { caseId } = await insertWithdrawalCase(db(), order);
    expect((await kit.call("moderator", "POST", `/api/after-sale/cases/${caseId}/close`)).statusCode).toBe(
      409,
    );
    const proposal = (await kit.call("moderator", "GET", `/api/after-sale/cases/${caseId}`)).json().proposal;
    const refund = await kit.call("moderator", "POST", `/api/after-sale/orders/${order.id}/refunds`, {
      amountGrosze: proposal.proposedGrosze,
      reason: "withdrawal",
      caseId,
    });
    expect(refund.statusCode, refund.body).toBe(201);
    await runRefundJobs(db(), kit.app.services.jobQueue, kit.app.services.jobHandlers);
    const rejected = await kit.call("moderator", "POST", `/api/after-sale/cases/${caseId}/reject`, {
      reason: "Po terminie",
    });
    expect(rejected.statusCode).toBe(409);
    expect(rejected.json().code).toBe("after-sale/state-conflict");
    const closed = await kit.call("moderator", "POST", `/api/after-sale/cases/${caseId}/close`);
    expectDeclaredReply(kit.app, "POST /api/after-sale/cases/:id/close", closed);
    const [row] = await db().select().from(afterSaleCases).where(eq(afterSaleCases.id, caseId));
    expect(row?.status).toBe("CLOSED");
    expect(row?.closedAt).not.toBeNull();

    const other = await insertWithdrawalCase(db(), await placePaidOrder(kit.app, config(), shop.plain));
    const empty = await kit.call("moderator", "POST", `/api/after-sale/cases/${other.caseId}/reject`, {
      reason: " ",
    });
    expect(empty.statusCode).toBe(400);
    const ok = await kit.call("moderator", "POST", `/api/after-sale/cases/${other.caseId}/reject`, {
      reason: "Zgłoszenie po terminie",
    });
    expectDeclaredReply(kit.app, "POST /api/after-sale/cases/:id/reject", ok);
    const events = await db().select().from(afterSaleEvents).where(eq(afterSaleEvents.caseId, other.caseId));
    expect(events.at(-1)).toMatchObject({ status: "REJECTED", message: "Zgłoszenie po terminie" });
    expect((await kit.lastAudit("after-sale-case.reject"))?.entityId).toBe(String(other.caseId));
  });

  it("refuses customers and guests every desk route", async () => {
    const { caseId } = await insertWithdrawalCase(db(), await placePaidOrder(kit.app, config(), shop.plain));
    const routes: ["GET" | "POST", string, unknown][] = [
      ["GET", "/api/after-sale/cases", undefined],
      ["GET", "/api/after-sale/cases/counts", undefined],
      ["GET", `/api/after-sale/cases/${caseId}`, undefined],
      ["POST", `/api/after-sale/cases/${caseId}/received`, { lines: [{ lineId: 1, quantity: 1 }] }],
      ["POST", `/api/after-sale/cases/${caseId}/reject`, { reason: "x" }],
      ["POST", `/api/after-sale/cases/${caseId}/close`, undefined],
    ];
    for (const [method, url, payload] of routes) {
      expect((await kit.call("user", method, url, payload)).statusCode, url).toBe(403);
      expect((await kit.call("anonymous", method, url, payload)).statusCode, url).toBe(401);
    }
    const [row] = await db().select().from(afterSaleCases).where(eq(afterSaleCases.id, caseId));
    expect(row?.status).toBe("REPORTED");
  });
});
