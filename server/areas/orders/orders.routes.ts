import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { isLang, type Lang } from "../../../domain/i18n";
import { isShopModerator } from "../../../domain/roles";
import { textSchema, urlIdParamsSchema } from "../../../domain/validation/common";
import { addStatusSchema, orderCreateSchema } from "../../../domain/validation/order";
import { addShipmentNumberSchema } from "../../../domain/validation/shipment";
import { apiRoute } from "../../http/api-route";
import { signedInUser } from "../../http/auth";
import { neverCached } from "../../http/never-cached";
import { sendPdf } from "../../http/pdf-reply";
import { staffRecordSteps } from "../../http/staff-write";
import { type Failure, FailureError, fail } from "../../lib/result";
import { staffOrderListQuerySchema } from "./order-staff.service";
import { orderPlacedReply, orderReply, paymentRetryReply, staffOrderListReply } from "./orders.replies";

// Orders (SPEC §7): place an order, look one up as a guest, retry a payment, the invoice (the payment
// providers' webhooks: payments/payments.routes.ts). Thin: parse, call one service function, shape the reply.

const LANG_COOKIE = "lang";

function langOf(request: FastifyRequest): Lang {
  const value = request.cookies[LANG_COOKIE];
  return value && isLang(value) ? value : "pl";
}

const emailQuery = z.object({ email: textSchema().trim().max(254).optional() });
const orderParam = z.object({ id: textSchema().trim().min(1).max(64) });

function reject(failure: Failure): never {
  throw new FailureError(failure);
}

export async function ordersRoutes(app: FastifyInstance): Promise<void> {
  const { orders, orderStaff, payments, invoices } = app.services;

  // A person's orders are never cached.
  neverCached(app);

  app.get(
    "/orders/my",
    apiRoute({
      summary: "The signed-in customer's orders",
      tag: "orders",
      access: "user",
      response: z.array(orderReply),
    }),
    async (request) => {
      return orders.listForUser(signedInUser(request)._id);
    },
  );

  // staff: every order (newest first, by status and by number or e-mail), shipment numbers, statuses

  app.get(
    "/orders",
    apiRoute({
      summary:
        "Every order, by status, date (od, do: YYYY-MM-DD) and szukaj: number, name, e-mail, phone, product, shipment (staff)",
      tag: "orders",
      access: "moderator",
      querystring: staffOrderListQuerySchema,
      response: staffOrderListReply,
    }),
    async (request) => {
      const query = staffOrderListQuerySchema.parse(request.query);
      return orderStaff.list({
        status: query.status,
        refundOwed: query.zwrot === "1",
        search: query.szukaj,
        from: query.od || undefined,
        to: query.do || undefined,
        page: query.page,
        pageSize: query.pageSize,
      });
    },
  );

  /** A staff step on one order (the order-staff service checks it against the status table). */
  const orderStep = staffRecordSteps({
    tag: "orders",
    params: urlIdParamsSchema,
    response: orderReply,
    errors: ["order/not-found", "order/status-conflict"],
  });

  app.put(
    "/orders/:id/add-shipment-number",
    orderStep(
      "Add the shipment number (sends the shipment e-mail)",
      addShipmentNumberSchema,
      (actor, id, body) => orderStaff.addShipmentNumber(actor, id, body),
    ),
  );

  app.put(
    "/orders/:id/add-status",
    orderStep("Mark delivered or cancel (staff)", addStatusSchema, (actor, id, body) =>
      orderStaff.addStatus(actor, id, body),
    ),
  );

  app.post(
    "/orders",
    apiRoute({
      summary: "Place an order (Idempotency-Key header); returns payment.redirectUrl",
      tag: "orders",
      access: "public",
      body: orderCreateSchema,
      status: 201,
      response: orderPlacedReply,
      errors: [
        "checkout/account-not-approved",
        "coupon/invalid",
        "coupon/expired",
        "coupon/not-started",
        "coupon/used-up",
        "coupon/below-minimum",
        "product/unavailable",
        "order/out-of-stock",
        "order/price-changed",
        "order/too-many",
        "order/idempotency-key-reused",
        "payment/unavailable",
        "rate-limited",
      ],
    }),
    async (request, reply) => {
      const header = request.headers["idempotency-key"];
      const result = await orders.create({
        body: request.body,
        user: request.user,
        lang: langOf(request),
        idempotencyKey: typeof header === "string" ? header : null,
        ip: request.ip,
      });
      if (!result.ok) reject(result);
      const { order, redirectUrl } = result.value;
      return reply.status(201).send({
        _id: order._id,
        orderNumber: order.orderNumber,
        email: order.email,
        priceGrosze: order.priceGrosze,
        status: order.status,
        payment: { redirectUrl },
      });
    },
  );

  app.get(
    "/orders/retry-payment/:id",
    apiRoute({
      summary: "A new payment for an unpaid order (?email=)",
      tag: "orders",
      access: "owner",
      params: orderParam,
      querystring: emailQuery,
      response: paymentRetryReply,
      errors: [
        "order/not-found",
        "order/canceled",
        "order/payment-time-over",
        "order/out-of-stock",
        "conflict",
        "payment/unavailable",
        "rate-limited",
      ],
    }),
    async (request) => {
      const { id } = orderParam.parse(request.params);
      const email = emailQuery.parse(request.query).email ?? request.user?.email ?? "";
      if (!(await orders.lookup(id, email, request.ip)).ok) reject(fail("order/not-found"));
      const result = await payments.retry(id, email);
      if (!result.ok) reject(result);
      return { redirectUrl: result.value.redirectUrl, payment: { redirectUrl: result.value.redirectUrl } };
    },
  );

  app.get(
    "/orders/:id/invoice",
    apiRoute({
      summary: "The invoice PDF of a paid order (?email=)",
      tag: "orders",
      access: "owner",
      params: orderParam,
      querystring: emailQuery,
      response: "application/pdf",
      errors: ["order/not-found", "invoice/not-ready", "rate-limited"],
    }),
    async (request, reply: FastifyReply) => {
      const { id } = orderParam.parse(request.params);
      const { email } = emailQuery.parse(request.query);
      // a guest, or anyone naming an e-mail, goes through the rate-limited lookup (a signed-in caller's
      // e-mail guesses count too); a signed-in caller's own order is served whatever the e-mail
      if (!request.user || email) {
        const allowed = await orders.lookup(id, email ?? "", request.ip);
        if (!allowed.ok && (!request.user || allowed.code === "rate-limited")) {
          reject(allowed.code === "rate-limited" ? allowed : fail("order/not-found"));
        }
      }
      const result = await invoices.pdf(id, { user: request.user, email: email ?? null });
      if (!result.ok) reject(result);
      return sendPdf(reply, result.value);
    },
  );

  /**
   * One order: the signed-in customer's own (or any, for staff) by its number or id; a guest by
   * its number and e-mail (rate-limited). Someone else's order is "not found", never "forbidden".
   */
  app.get(
    "/orders/:id",
    apiRoute({
      summary: "One order: {id} is the order number (guest: with ?email=) or, signed in, the id",
      tag: "orders",
      access: "owner",
      params: orderParam,
      querystring: emailQuery,
      response: orderReply,
      errors: ["order/not-found", "rate-limited"],
    }),
    async (request) => {
      const { id } = orderParam.parse(request.params);
      const { email } = emailQuery.parse(request.query);
      const user = request.user;
      if (user && /^\d+$/.test(id)) {
        const order = isShopModerator(user)
          ? await orders.getById(Number(id))
          : await orders.getForUser(user._id, Number(id));
        if (!order) reject(fail("order/not-found"));
        return order;
      }
      const result = await orders.lookup(id, email ?? user?.email ?? "", request.ip);
      if (!result.ok) reject(result);
      return result.value;
    },
  );
}
