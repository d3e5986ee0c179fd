import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { PublicUser } from "../../domain/types";
import { loader as accountOrderLoader } from "../../web/routes/account/order";
import {
  action as orderResultAction,
  loader as orderResultLoader,
} from "../../web/routes/order/order-result";
import { loader as orderViewLoader } from "../../web/routes/order/order-view";
import type { WebLoadContext } from "../app";
import { bearer, createSessionToken, createSignedInUser } from "../areas/accounts/accounts.fixtures";
import { toPublicUser } from "../areas/accounts/accounts.mapper";
import { runRefundJobs } from "../areas/after-sale/after-sale.fixtures";
import { casePhotos } from "../areas/after-sale/complaint-photos";
import {
  insertShopFixtures,
  LOCKER,
  orderBody,
  RECIPIENT,
  type ShopFixtures,
} from "../areas/orders/orders.fixtures";
import { startApi } from "../test/api";
import { recordFigure } from "../test/figures";
import { kitForFile } from "../test/kit-for-file";
import { testWebContext } from "../test/web-context";
import type { Access } from "./api-table";

// The role matrix (issue 7 "Role matrix generated from the route table"): every registered /api route
// (app.apiTable, from each route's declaration) × {anonymous, unapproved user, user, shop moderator,
// admin} gets the answer its access level promises —
// refused (401 'Unauthorized!' without an account; 403 'Required moderator role' / 'Required admin role'
// with too few rights) or let through (anything but 401/403 and never a 5xx: the dummy input may be a
// 400 or a 404). Then the "owner" data: another customer's order, invoice, order card, order list and
// account are unreachable, and the answer is the same as for something that does not exist.

type Subject = "anonymous" | "unapproved" | "user" | "moderator" | "admin";
const SUBJECTS: readonly Subject[] = ["anonymous", "unapproved", "user", "moderator", "admin"];

type Expected = { refused: true; status: 401 | 403; code: string; message?: string } | { refused: false };

const UNAUTHORIZED: Expected = { refused: true, status: 401, code: "unauthorized", message: "Unauthorized!" };
const NOT_MODERATOR: Expected = {
  refused: true,
  status: 403,
  code: "forbidden-moderator",
  message: "Required moderator role",
};
const NOT_ADMIN: Expected = {
  refused: true,
  status: 403,
  code: "forbidden-admin",
  message: "Required admin role",
};
const ALLOWED: Expected = { refused: false };
/** SPEC §4 Account: an account that is not approved yet cannot order (a rule beyond the access level). */
const NOT_APPROVED: Expected = { refused: true, status: 403, code: "checkout/account-not-approved" };
const NEEDS_APPROVAL = new Set(["POST /api/orders"]);

/** What a route promises to each kind of caller: its access level (SPEC §6, server/http/auth.ts). */
function expectedFor(key: string, access: Access, subject: Subject): Expected {
  if (subject === "unapproved" && NEEDS_APPROVAL.has(key)) return NOT_APPROVED;
  switch (access) {
    case "public":
    case "owner": // anyone may ask; the answer is only about the caller's own data (tested below)
    case "webhook": // the signature decides, not a role (payments tests)
      return ALLOWED;
    case "user":
      return subject === "anonymous" ? UNAUTHORIZED : ALLOWED;
    case "moderator":
      if (subject === "anonymous") return UNAUTHORIZED;
      return subject === "moderator" || subject === "admin" ? ALLOWED : NOT_MODERATOR;
    case "admin":
      if (subject === "anonymous") return UNAUTHORIZED;
      return subject === "admin" ? ALLOWED : NOT_ADMIN;
  }
}

/** Dummy path parameters: ids nobody has (so no call of the matrix changes existing data). */
const DUMMY_PARAMS: Record<string, string> = {
  id: "999999",
  code: "NIEMA-TAKIEGO",
  link: "nie-ma-takiej-strony",
  provider: "demo",
};
/** "user" routes about the caller's own record: the matrix calls them with the caller's own id. */
const SELF_ROUTES = new Set(["PUT /api/users/:id"]);

// the guest lookups here are wrong on purpose from one address: the lookup's limit (brute-force
// and small-holes tests) is not this file's business
const lookups = { limit: 10_000, windowMs: 60_000 };
const kit = kitForFile(() =>
  startApi({
    name: "role-matrix",
    app: { rateLimits: { "order-lookup": { perAccount: lookups, perAddress: lookups } } },
  }),
);
let shop: ShopFixtures;
const people = {} as Record<Exclude<Subject, "anonymous">, PublicUser & { token: string }>;

beforeAll(async () => {
  const make = async (roles: PublicUser["roles"], approved: boolean) => {
    const row = await createSignedInUser(kit.database.db, { roles, approved });
    return { ...toPublicUser(row), token: row.token };
  };
  people.unapproved = await make(["user"], false);
  people.user = await make(["user"], true);
  people.moderator = await make(["shop-moderator", "user"], true);
  people.admin = await make(["admin", "user"], true);
  shop = await insertShopFixtures(kit.database.db, { plainQuantity: 100 });
});

async function callAs(key: string, subject: Subject): Promise<LightMyRequestResponse> {
  const [method = "GET", url = ""] = key.split(" ");
  const person = subject === "anonymous" ? null : people[subject];
  const filled = url.replace(/:(\w+)/g, (_match, name: string) =>
    person && SELF_ROUTES.has(key) && name === "id" ? String(person._id) : (DUMMY_PARAMS[name] ?? "1"),
  );
  // logout ends the session it is called with: give it a session of its own
  const token =
    person && key === "POST /api/auth/logout"
      ? await createSessionToken(kit.database.db, person._id)
      : person?.token;
  return kit.app.inject({
    method: method as "GET",
    url: filled,
    headers: token ? bearer(token) : {},
    ...(method === "GET" || method === "DELETE" ? {} : { payload: {} }),
  });
}

function matches(expected: Expected, response: LightMyRequestResponse): boolean {
  if (expected.refused) {
    const body = response.json();
    return (
      response.statusCode === expected.status &&
      body.code === expected.code &&
      (expected.message === undefined || body.message === expected.message)
    );
  }
  return response.statusCode !== 401 && response.statusCode !== 403 && response.statusCode < 500;
}

describe("the role matrix of every /api route", () => {
  it("every route × anonymous, unapproved, user, shop moderator, admin answers as its access level promises", async () => {
    const routes = Object.entries(kit.app.apiTable);
    const mismatches: string[] = [];
    let refused = 0;
    let allowed = 0;
    for (const [key, route] of routes) {
      for (const subject of SUBJECTS) {
        const expected = expectedFor(key, route.access, subject);
        const response = await callAs(key, subject);
        if (!matches(expected, response)) {
          const want = expected.refused ? `${expected.status} ${expected.code}` : "not 401/403/5xx";
          mismatches.push(
            `${key} [${route.access}] as ${subject}: ${response.statusCode} ${response.body.slice(0, 120)} (expected ${want})`,
          );
        } else if (expected.refused) refused++;
        else allowed++;
      }
    }
    const cells = routes.length * SUBJECTS.length;
    recordFigure({
      suite: "roles",
      tried: `${routes.length} API routes × ${SUBJECTS.length} roles (${cells} calls)`,
      result: `${mismatches.length} mismatches (${refused} refused as promised, ${allowed} let through)`,
      held: mismatches.length === 0,
    });
    expect(mismatches).toEqual([]);
    // the matrix really covers every level (a table of only public routes would prove nothing)
    const levels = new Set(routes.map(([, route]) => route.access));
    expect([...levels].sort()).toEqual(["admin", "moderator", "owner", "public", "user", "webhook"]);
    expect(refused).toBeGreaterThan(100);
  });
});

// --- another customer's data ---------------------------------------------------------------------

interface PlacedOrder {
  _id: number;
  orderNumber: string;
  email: string;
  externalId: string;
}

async function placeOrder(headers: Record<string, string>, email: string): Promise<PlacedOrder> {
  const response = await kit.app.inject({
    method: "POST",
    url: "/api/orders",
    headers,
    payload: orderBody({
      cart: [{ productId: shop.plain.id, quantity: 1, variantKeys: {}, variantId: null }],
      priceGrosze: 4_000 + 999,
      recipient: { ...RECIPIENT, email },
      deliveryPoint: LOCKER,
    }),
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json();
  return { ...body, externalId: String(body.payment.redirectUrl).replace("/bramka-demo/", "") };
}

/** A well-formed order number and an id that no order has. */
const UNKNOWN_NUMBER = "2026-ZZZZZ-ZZZZZ";
const UNKNOWN_ID = 2_000_000_000;

function get(url: string, token?: string) {
  return kit.app.inject({ url, headers: token ? bearer(token) : {} });
}

/** status and body of an answer, to compare "someone else's" with "does not exist". */
function answer(response: LightMyRequestResponse) {
  return { status: response.statusCode, body: response.body };
}

function webContext(user: PublicUser | null): WebLoadContext {
  return testWebContext(kit.app.services, { user });
}

/** The status of what a React Router loader or action returned or threw (data(), Response, a value). */
async function webStatus(run: () => Promise<unknown>): Promise<{ status: number; value: unknown }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, value };
  if (value && typeof value === "object" && "init" in value && "data" in value) {
    const init = (value as { init: ResponseInit | null }).init;
    return { status: init?.status ?? 200, value: (value as { data: unknown }).data };
  }
  return { status: 200, value };
}

describe("another customer's orders, invoices and account", () => {
  let customerA: PublicUser & { token: string };
  let customerB: PublicUser & { token: string };
  let orderA: PlacedOrder;
  let guestOrder: PlacedOrder;

  beforeAll(async () => {
    const make = async () => {
      const row = await createSignedInUser(kit.database.db, { roles: ["user"], approved: true });
      return { ...toPublicUser(row), token: row.token };
    };
    customerA = await make();
    customerB = await make();
    orderA = await placeOrder(bearer(customerA.token), "");
    expect(orderA.email).toBe(customerA.email);
    // paid, so that its invoice exists
    expect((await kit.app.services.payments.demoDecide(orderA.externalId, "pay")).ok).toBe(true);
    guestOrder = await placeOrder({}, "gosc-macierz@example.com");
  });

  /** A document of A's order: customer B and a guest with a wrong e-mail get the 404 of `unknownUrl`; A and staff read it. */
  async function expectOnlyAAndStaff(url: string, unknownUrl: string) {
    const unknown = answer(await get(unknownUrl, customerB.token));
    expect(unknown.status).toBe(404);
    expect(answer(await get(url, customerB.token))).toEqual(unknown);
    expect(answer(await get(`${url}?orderNumber=${orderA.orderNumber}&email=eve@example.com`))).toEqual(
      unknown,
    );
    expect((await get(url, customerA.token)).statusCode).toBe(200);
    expect((await get(url, people.moderator.token)).statusCode).toBe(200);
  }

  it("every API route with a parameter naming someone's data is one of those checked here", () => {
    const personal = Object.entries(kit.app.apiTable)
      .filter(([key, route]) => key.includes("/:") && (route.access === "owner" || route.access === "user"))
      .map(([key]) => key)
      .sort();
    expect(personal).toEqual([
      "GET /api/after-sale/cases/:id/photos/:photoId",
      "GET /api/after-sale/corrections/:id/pdf",
      "GET /api/after-sale/withdrawals/:id/statement.pdf",
      "GET /api/orders/:id",
      "GET /api/orders/:id/invoice",
      "GET /api/orders/retry-payment/:id",
      "PUT /api/users/:id",
    ]);
  });

  it("customer B cannot read A's order by id or number, with or without A's number; the answer equals 'does not exist'", async () => {
    // A sees it both ways
    expect((await get(`/api/orders/${orderA._id}`, customerA.token)).statusCode).toBe(200);
    expect((await get(`/api/orders/${orderA.orderNumber}`, customerA.token)).statusCode).toBe(200);

    const unknownById = answer(await get(`/api/orders/${UNKNOWN_ID}`, customerB.token));
    const unknownByNumber = answer(await get(`/api/orders/${UNKNOWN_NUMBER}`, customerB.token));
    expect(unknownById.status).toBe(404);
    const probes = {
      byId: answer(await get(`/api/orders/${orderA._id}`, customerB.token)),
      byNumber: answer(await get(`/api/orders/${orderA.orderNumber}`, customerB.token)),
      byNumberWrongEmail: answer(
        await get(`/api/orders/${orderA.orderNumber}?email=${customerB.email}`, customerB.token),
      ),
      guestOrderById: answer(await get(`/api/orders/${guestOrder._id}`, customerB.token)),
      guestOrderByNumber: answer(await get(`/api/orders/${guestOrder.orderNumber}`, customerB.token)),
    };
    expect(probes.byId).toEqual(unknownById);
    expect(probes.guestOrderById).toEqual(unknownById);
    expect(probes.byNumber).toEqual(unknownByNumber);
    expect(probes.byNumberWrongEmail).toEqual(unknownByNumber);
    expect(probes.guestOrderByNumber).toEqual(unknownByNumber);
    expect(JSON.stringify(probes)).not.toContain(customerA.email);

    const mineB = (await get("/api/orders/my", customerB.token)).json() as { orderNumber: string }[];
    const mineA = (await get("/api/orders/my", customerA.token)).json() as { orderNumber: string }[];
    expect(mineA.map((o) => o.orderNumber)).toEqual([orderA.orderNumber]);
    expect(mineB).toEqual([]);
    recordFigure({
      suite: "roles",
      tried: "customer B reads A's order (id, number, number + B's e-mail) and a guest's order",
      result: `${Object.values(probes).filter((p) => p.status === 404).length} of ${Object.keys(probes).length} × 404 identical to an unknown order; /orders/my lists only own`,
      held: Object.values(probes).every((p) => p.status === 404) && mineB.length === 0,
    });
  });

  it("a guest with a wrong e-mail, or none, gets nothing of A's order, invoice or payment: the same 404 as an unknown number", async () => {
    const wrong = "eve@example.com";
    const pairs = [
      [`/api/orders/${orderA.orderNumber}?email=${wrong}`, `/api/orders/${UNKNOWN_NUMBER}?email=${wrong}`],
      [`/api/orders/${orderA.orderNumber}`, `/api/orders/${UNKNOWN_NUMBER}`],
      [`/api/orders/${orderA._id}`, `/api/orders/${UNKNOWN_ID}`],
      [
        `/api/orders/${orderA.orderNumber}/invoice?email=${wrong}`,
        `/api/orders/${UNKNOWN_NUMBER}/invoice?email=${wrong}`,
      ],
      [`/api/orders/${orderA.orderNumber}/invoice`, `/api/orders/${UNKNOWN_NUMBER}/invoice`],
      [
        `/api/orders/retry-payment/${orderA.orderNumber}?email=${wrong}`,
        `/api/orders/retry-payment/${UNKNOWN_NUMBER}?email=${wrong}`,
      ],
    ] as const;
    let same = 0;
    for (const [real, unknown] of pairs) {
      const realAnswer = answer(await get(real));
      expect(realAnswer.status, real).toBe(404);
      expect(realAnswer, real).toEqual(answer(await get(unknown)));
      same++;
    }
    // the right e-mail opens it (so the 404s above are about the e-mail, not a broken route)
    expect((await get(`/api/orders/${orderA.orderNumber}?email=${customerA.email}`)).statusCode).toBe(200);
    const invoice = await get(`/api/orders/${orderA.orderNumber}/invoice?email=${customerA.email}`);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers["content-type"]).toBe("application/pdf");
    recordFigure({
      suite: "roles",
      tried: "a guest asks for A's order, invoice and payment retry with a wrong or no e-mail",
      result: `${same} of ${pairs.length} answers identical to an unknown order (404)`,
      held: same === pairs.length,
    });
  });

  it("customer B cannot read A's invoice or restart A's payment; A and staff can read the invoice", async () => {
    const unknownInvoice = answer(await get(`/api/orders/${UNKNOWN_NUMBER}/invoice`, customerB.token));
    expect(unknownInvoice.status).toBe(404);
    expect(answer(await get(`/api/orders/${orderA.orderNumber}/invoice`, customerB.token))).toEqual(
      unknownInvoice,
    );
    const unknownRetry = answer(await get(`/api/orders/retry-payment/${UNKNOWN_NUMBER}`, customerB.token));
    expect(unknownRetry.status).toBe(404);
    expect(answer(await get(`/api/orders/retry-payment/${guestOrder.orderNumber}`, customerB.token))).toEqual(
      unknownRetry,
    );
    expect((await get(`/api/orders/${orderA.orderNumber}/invoice`, customerA.token)).statusCode).toBe(200);
    expect((await get(`/api/orders/${orderA.orderNumber}/invoice`, people.moderator.token)).statusCode).toBe(
      200,
    );
  });

  it("customer B cannot read A's withdrawal statement; A and staff can (issue 27)", async () => {
    const items = await kit.app.services.withdrawals.formFor(
      (await kit.app.services.orders.getById(orderA._id)) ?? expect.fail("order A"),
    );
    const sent = await kit.app.inject({
      method: "POST",
      url: "/api/after-sale/withdrawals",
      headers: bearer(customerA.token),
      payload: {
        name: "A",
        email: customerA.email,
        orderNumber: orderA.orderNumber,
        lines: [{ lineId: items.lines[0]?.lineId, quantity: 1 }],
        submissionKey: "macierz-rol-1",
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await expectOnlyAAndStaff(
      `/api/after-sale/withdrawals/${sent.json().caseId}/statement.pdf`,
      `/api/after-sale/withdrawals/${UNKNOWN_ID}/statement.pdf`,
    );
  });

  it("customer B cannot read the photo of A's complaint; A and staff can (issue 27)", async () => {
    const items = await kit.app.services.withdrawals.formFor(
      (await kit.app.services.orders.getById(orderA._id)) ?? expect.fail("order A"),
    );
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#369" } })
      .png()
      .toBuffer();
    const made = await kit.app.services.complaints.complain({
      user: customerA,
      ip: "10.9.9.9",
      lang: "pl",
      body: {
        orderNumber: orderA.orderNumber,
        email: customerA.email,
        lines: [{ lineId: items.lines[0]?.lineId, quantity: 1 }],
        description: "Macierz ról: zdjęcie reklamacji.",
        remedy: "repair",
        submissionKey: "macierz-rol-reklamacja",
      },
      photos: [{ filename: "a.png", data: photo }],
    });
    if (!made.ok) throw new Error(made.code);
    const [listed] = await casePhotos(kit.database.db, made.value.caseId);
    await expectOnlyAAndStaff(
      listed?.url ?? expect.fail("no photo"),
      `/api/after-sale/cases/${made.value.caseId}/photos/${UNKNOWN_ID}`,
    );
  });

  it("customer B and a guest with a wrong e-mail cannot read A's correcting invoice; A and staff can", async () => {
    const refund = await kit.app.services.refunds.startRefund(
      { _id: people.moderator._id, email: people.moderator.email },
      orderA._id,
      { amountGrosze: 100, reason: "cancel" },
    );
    expect(refund.ok).toBe(true);
    await runRefundJobs(kit.database.db, kit.app.services.jobQueue, kit.app.services.jobHandlers);
    const id = refund.ok ? await kit.app.services.refunds.get(refund.value._id) : null;
    const correction = id?.ok ? id.value.correction : null;
    expect(correction).not.toBeNull();
    const url = correction?.url ?? "";
    const unknown = answer(await get(`/api/after-sale/corrections/${UNKNOWN_ID}/pdf`, customerB.token));
    expect(unknown.status).toBe(404);
    expect(answer(await get(url, customerB.token))).toEqual(unknown);
    expect(
      answer(await get(`${url}?orderNumber=${orderA.orderNumber}&email=gosc-macierz@example.com`)),
    ).toEqual(
      answer(
        await get(
          `/api/after-sale/corrections/${UNKNOWN_ID}/pdf?orderNumber=${orderA.orderNumber}&email=gosc-macierz@example.com`,
        ),
      ),
    );
    expect((await get(url, customerA.token)).statusCode).toBe(200);
    expect((await get(url, people.moderator.token)).statusCode).toBe(200);
  });

  it("customer B can neither read nor change A's account (profile and address); the answer does not depend on A existing", async () => {
    const before = (await get("/api/auth/user", customerA.token)).json();
    const change = { displayName: "Przejęte", street: "Obca 13", city: "Nigdzie", postCode: "99-999" };
    const onA = await kit.app.inject({
      method: "PUT",
      url: `/api/users/${customerA._id}`,
      headers: bearer(customerB.token),
      payload: { ...change, roles: ["admin"], approved: true },
    });
    const onNobody = await kit.app.inject({
      method: "PUT",
      url: `/api/users/${UNKNOWN_ID}`,
      headers: bearer(customerB.token),
      payload: change,
    });
    expect(onA.statusCode).toBe(403);
    expect(answer(onA)).toEqual(answer(onNobody));
    const others = [
      await get("/api/users", customerB.token),
      await kit.app.inject({
        method: "PUT",
        url: `/api/users/${customerA._id}/confirm`,
        headers: bearer(customerB.token),
      }),
      await kit.app.inject({
        method: "DELETE",
        url: `/api/users/${customerA._id}`,
        headers: bearer(customerB.token),
      }),
    ];
    expect(others.map((r) => r.statusCode)).toEqual([403, 403, 403]);
    // /api/auth/user only ever answers about the caller
    expect((await get("/api/auth/user", customerB.token)).json()._id).toBe(customerB._id);
    const after = (await get("/api/auth/user", customerA.token)).json();
    expect(after).toEqual(before);
    recordFigure({
      suite: "roles",
      tried: "customer B reads, edits (with roles/approved), approves and deletes A's account",
      result: `${[onA, ...others].map((r) => r.statusCode).join(", ")}; A's profile unchanged`,
      held:
        [onA, ...others].every((r) => r.statusCode === 403) &&
        JSON.stringify(after) === JSON.stringify(before),
    });
  });

  it("the web order card (/konto/zakupy/:id), /zamowienie and /gotowe never show A's order to B or to a wrong e-mail", async () => {
    const asA = webContext(customerA);
    const asB = webContext(customerB);
    const asGuest = webContext(null);
    const params = (id: number | string) => ({ id: String(id) });
    const request = (url: string, init?: RequestInit) => new Request(`http://localhost${url}`, init);

    const card = (context: WebLoadContext, id: number) =>
      webStatus(() =>
        accountOrderLoader({ context, request: request(`/konto/zakupy/${id}`), params: params(id) } as never),
      );
    expect((await card(asA, orderA._id)).status).toBe(200);
    const cardForB = await card(asB, orderA._id);
    expect(cardForB.status).toBe(404);
    expect(cardForB).toEqual(await card(asB, UNKNOWN_ID));
    const cardForGuest = await card(asGuest, orderA._id);
    expect(cardForGuest.status).toBe(302);

    const lookupPage = (
      loader: typeof orderViewLoader | typeof orderResultLoader,
      context: WebLoadContext,
      number: string,
      email: string,
    ) =>
      webStatus(() =>
        loader({
          context,
          request: request(`/zamowienie?orderNumber=${number}&email=${encodeURIComponent(email)}`),
          params: {},
        } as never),
      );
    let refusals = 0;
    for (const page of [orderViewLoader, orderResultLoader]) {
      expect((await lookupPage(page, asGuest, orderA.orderNumber, customerA.email)).status).toBe(200);
      for (const context of [asGuest, asB]) {
        const wrong = await lookupPage(page, context, orderA.orderNumber, customerB.email);
        expect(wrong.status).toBe(404);
        expect(wrong).toEqual(await lookupPage(page, context, UNKNOWN_NUMBER, customerB.email));
        expect(JSON.stringify(wrong.value)).not.toContain(orderA.orderNumber);
        refusals++;
      }
    }

    // "Spróbuj ponownie" on /gotowe with a wrong e-mail: the same answer as for an unknown order
    const retry = (number: string) =>
      webStatus(() =>
        orderResultAction({
          context: asGuest,
          request: request(`/gotowe?orderNumber=${number}&email=eve%40example.com`, {
            method: "POST",
          }),
          params: {},
        } as never),
      );
    const retryReal = await retry(guestOrder.orderNumber);
    const retryUnknown = await retry(UNKNOWN_NUMBER);
    expect(retryReal.status).toBe(retryUnknown.status);
    expect((retryReal.value as Response).headers.get("location")).toBe(
      (retryUnknown.value as Response).headers
        .get("location")
        ?.replace(UNKNOWN_NUMBER, guestOrder.orderNumber),
    );
    recordFigure({
      suite: "roles",
      tried: "B and guests open A's order card, /zamowienie and /gotowe (wrong e-mail)",
      result: `order card 404 for B (same as unknown), login for a guest; ${refusals} lookup pages 404 as for an unknown order`,
      held: cardForB.status === 404 && refusals === 4,
    });
  });
});
