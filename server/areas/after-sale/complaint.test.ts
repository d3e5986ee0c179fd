import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDate } from "../../../domain/i18n";
import {
  afterSaleCases,
  afterSaleEvents,
  afterSaleStatements,
  mailOutbox,
  orderStatuses,
} from "../../db/schema";
import { NO_ORDER_LIMIT } from "../../test/rate-limits";
import { expectDeclaredReply } from "../../test/reply-check";
import { type StaffApiKit, startStaffApi } from "../../test/staff-api";
import { insertShopFixtures, type ShopFixtures } from "../orders/orders.fixtures";
import { placePaidOrder } from "./after-sale.fixtures";
import { COMPLAINT_ANSWER_TEMPLATE, COMPLAINT_REMINDER_TEMPLATE } from "./complaint-emails";

// Complaints (issue 27, docs/decisions/066) through the service on a real database: a guest
// complains about a paid order, someone else's order is not found, a double submission makes one
// case and one e-mail, a complaint after the 2-year liability is refused with the date it ended, staff
// answer (audited, an "answer" event, an e-mail), and the shop is reminded once, 3 days before the
// deadline and never after it. Photos: complaint-photos.test.ts.

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
const complaints = () => kit.app.services.complaints;
let keys = 0;

async function complainAbout(
  order: { orderNumber: string; email: string; lineIds: number[] },
  extra: Record<string, unknown> = {},
) {
  return complaints().complain({
    user: null,
    ip: "10.9.0.1",
    lang: "pl",
    body: {
      orderNumber: order.orderNumber,
      email: order.email,
      lines: [{ lineId: order.lineIds[0], quantity: 1 }],
      description: "Szew puścił po pierwszym praniu.",
      remedy: "repair",
      submissionKey: `complaint-key-${++keys}`,
      ...extra,
    },
  });
}

const mailTo = (email: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, email));

describe("complain", () => {
  it("records a guest's complaint once per submission, with its statement, event and one e-mail", async () => {
    const order = await placePaidOrder(kit.app, kit.app.services.config, shop.plain);
    const before = (await mailTo(order.email)).length;
    const first = await complainAbout(order, { submissionKey: "double-submit-1" });
    if (!first.ok) throw new Error(first.code);
    const again = await complainAbout(order, { submissionKey: "double-submit-1" });
    if (!again.ok) throw new Error(again.code);
    expect(again.value.caseId).toBe(first.value.caseId);
    expect(again.value.replayed).toBe(true);
    const [found] = await db().select().from(afterSaleCases).where(eq(afterSaleCases.id, first.value.caseId));
    expect(found).toMatchObject({ kind: "complaint", status: "REPORTED" });
    const [statement] = await db()
      .select()
      .from(afterSaleStatements)
      .where(eq(afterSaleStatements.caseId, first.value.caseId));
    expect(statement).toMatchObject({ remedy: "repair", description: "Szew puścił po pierwszym praniu." });
    expect((await mailTo(order.email)).length).toBe(before + 1);
  });

  it("answers not-found for a wrong e-mail and refuses bad lines", async () => {
    const order = await placePaidOrder(kit.app, kit.app.services.config, shop.plain);
    const stranger = await complainAbout({ ...order, email: "someone-else@example.com" });
    expect(stranger.ok ? "ok" : stranger.code).toBe("order/not-found");
    const tooMany = await complainAbout(order, { lines: [{ lineId: order.lineIds[0], quantity: 99 }] });
    expect(tooMany.ok ? "ok" : tooMany.code).toBe("after-sale/too-many-units");
  });
});

describe("the 2-year liability (art. 43c)", () => {
  /** Moves the order's whole history back by the given days. */
  async function backdate(orderId: number, days: number) {
    await db()
      .update(orderStatuses)
      .set({ createdAt: sql`${orderStatuses.createdAt} - make_interval(days => ${days})` })
      .where(eq(orderStatuses.orderId, orderId));
  }

  const panelOf = async (orderId: number) =>
    kit.app.services.withdrawals.ofOrder(
      (await kit.app.services.orders.getById(orderId)) ?? expect.fail("no order"),
    );

  it("takes a complaint just within 2 years of delivery and refuses one after, with the date it ended", async () => {
    const within = await placePaidOrder(kit.app, kit.app.services.config, shop.plain);
    await backdate(within.id, 2 * 365 - 2);
    expect((await panelOf(within.id)).complaints.open).toBe(true);
    expect((await complainAbout(within)).ok).toBe(true);

    const late = await placePaidOrder(kit.app, kit.app.services.config, shop.plain);
    await backdate(late.id, 2 * 366 + 1);
    const refused = await complainAbout(late);
    if (refused.ok) throw new Error("a complaint after 2 years was taken");
    expect(refused.code).toBe("after-sale/complaint-period-ended");
    const endsAt = new Date(String(refused.details?.endsAt));
    expect(endsAt.getTime()).toBeLessThan(Date.now());
    expect(refused.details?.params).toEqual({ date: formatDate("pl", endsAt) });
    const cases = await db().select().from(afterSaleCases).where(eq(afterSaleCases.orderId, late.id));
    expect(cases).toEqual([]);
    // the order panel hides "Zgłoś reklamację" and says until when complaints were possible
    expect((await panelOf(late.id)).complaints).toEqual({
      open: false,
      reason: "ended",
      endsAt: endsAt.toISOString(),
    });
  });

  it("counts from the payment when the order was never delivered", async () => {
    const order = await placePaidOrder(kit.app, kit.app.services.config, shop.plain, { delivered: false });
    await backdate(order.id, 2 * 366 + 1);
    const refused = await complainAbout(order);
    expect(refused.ok ? "ok" : refused.code).toBe("after-sale/complaint-period-ended");
  });
});

describe("answer", () => {
  it("accepts a complaint once: an answer event for the customer, the e-mail, the audit", async () => {
    const order = await placePaidOrder(kit.app, kit.app.services.config, shop.plain);
    const made = await complainAbout(order);
    if (!made.ok) throw new Error(made.code);
    const caseId = made.value.caseId;
    const actor = { _id: kit.moderator.id, email: kit.moderator.email };
    const empty = await complaints().answer(actor, caseId, { decision: "accepted", message: "" });
    expect(empty.ok ? "ok" : empty.code).toBe("validation");
    const answered = await complaints().answer(actor, caseId, {
      decision: "accepted",
      message: "Uznajemy reklamację, naprawimy szew.",
    });
    expect(answered.ok).toBe(true);
    const twice = await complaints().answer(actor, caseId, { decision: "rejected", message: "Nie." });
    expect(twice.ok ? "ok" : twice.code).toBe("after-sale/state-conflict");
    const events = await db()
      .select()
      .from(afterSaleEvents)
      .where(and(eq(afterSaleEvents.caseId, caseId), eq(afterSaleEvents.kind, "answer")));
    expect(events).toMatchObject([{ status: "ACCEPTED", visibleToCustomer: true }]);
    const mails = (await mailTo(order.email)).filter((mail) => mail.template === COMPLAINT_ANSWER_TEMPLATE);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Uznana");
    expect((await kit.lastAudit("after-sale-case.answer"))?.entityId).toBe(String(caseId));
  });

  it("is not found for a case that is not a complaint or does not exist", async () => {
    const actor = { _id: kit.moderator.id, email: kit.moderator.email };
    const missing = await complaints().answer(actor, 999_999, { decision: "accepted", message: "Tak." });
    expect(missing.ok ? "ok" : missing.code).toBe("not-found");
  });
});

describe("remindDue", () => {
  it("reminds the shop once from 3 days before the deadline, never after it", async () => {
    const order = await placePaidOrder(kit.app, kit.app.services.config, shop.plain);
    const made = await complainAbout(order);
    if (!made.ok) throw new Error(made.code);
    const deadline = new Date(made.value.answerDeadline);
    const day = 24 * 60 * 60_000;
    const admin = kit.app.services.config.admin.email;
    const reminders = async () =>
      (await mailTo(admin)).filter(
        (mail) =>
          mail.template === COMPLAINT_REMINDER_TEMPLATE && mail.subject.includes(`#${made.value.caseId} `),
      ).length;
    await complaints().remindDue(new Date(deadline.getTime() - 5 * day));
    expect(await reminders()).toBe(0);
    await complaints().remindDue(new Date(deadline.getTime() - 2 * day));
    await complaints().remindDue(new Date(deadline.getTime() - 1 * day));
    expect(await reminders()).toBe(1);

    const late = await complainAbout(order);
    if (!late.ok) throw new Error(late.code);
    await complaints().remindDue(new Date(new Date(late.value.answerDeadline).getTime() + day));
    const [row] = await db().select().from(afterSaleCases).where(eq(afterSaleCases.id, late.value.caseId));
    expect(row?.reminderSentAt).toBeNull();
  });
});

describe("the API", () => {
  it("takes a guest's complaint and a staff answer as declared; customers and guests may not answer", async () => {
    const order = await placePaidOrder(kit.app, kit.app.services.config, shop.plain);
    const body = {
      orderNumber: order.orderNumber,
      email: order.email,
      lines: [{ lineId: order.lineIds[0], quantity: 1 }],
      description: "Zamek błyskawiczny się rozszedł.",
      remedy: "replacement",
      submissionKey: "api-complaint-1",
    };
    const made = await kit.call("anonymous", "POST", "/api/after-sale/complaints", body);
    expect(made.statusCode).toBe(201);
    expectDeclaredReply(kit.app, "POST /api/after-sale/complaints", made);
    const replayed = await kit.call("anonymous", "POST", "/api/after-sale/complaints", body);
    expect(replayed.statusCode).toBe(200);
    const caseId = made.json().caseId;
    const url = `/api/after-sale/cases/${caseId}/answer`;
    const answer = { decision: "rejected", message: "Ślady użytkowania niezgodnego z przeznaczeniem." };
    expect((await kit.call("user", "POST", url, answer)).statusCode).toBe(403);
    expect((await kit.call("anonymous", "POST", url, answer)).statusCode).toBe(401);
    const answered = await kit.call("moderator", "POST", url, answer);
    expect(answered.statusCode).toBe(200);
    expectDeclaredReply(kit.app, "POST /api/after-sale/cases/:id/answer", answered);
    const [row] = await db().select().from(afterSaleCases).where(eq(afterSaleCases.id, caseId));
    expect(row?.status).toBe("REJECTED");
  });
});
