import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isLang, type Lang } from "../../../domain/i18n";
import type { Order, PublicUser } from "../../../domain/types";
import type { Db, Tx } from "../../db/client";
import { orders } from "../../db/schema";
import type { RateLimitHit } from "../../lib/rate-limit";
import { FailureError, fail, type Result } from "../../lib/result";
import type { MailService } from "../mail/mail.service";
import type { OrderQueries } from "../orders/orders.queries";

// What the withdrawal and the complaint share (issue 27): the order a shopper names, and the page's
// language of an API request.

/** The signed-in customer's own order with this number, else the guest's (number + the order's e-mail). */
export async function findCaseOrder(
  db: Db,
  queries: OrderQueries,
  number: string,
  email: string,
  user: PublicUser | null,
): Promise<Order | null> {
  if (user) {
    const [own] = await db
      .select({ id: orders.id, userId: orders.userId })
      .from(orders)
      .where(eq(orders.orderNumber, number.trim().toUpperCase()))
      .limit(1);
    if (own && own.userId === user._id) return queries.getForUser(user._id, own.id);
  }
  return queries.findByNumber(number, email);
}

/** The language a statement is written in: the page's (the lang cookie), Polish by default. */
export function requestLang(request: FastifyRequest): Lang {
  const value = request.cookies.lang;
  return value && isLang(value) ? value : "pl";
}

/** What a shopper's case submission (a withdrawal, a complaint) hands its service. */
export interface CaseSubmission {
  body: unknown;
  user: PublicUser | null;
  ip: string;
  lang: Lang;
}

/**
 * The route handler of a shopper's case submission: the request to `submit`, a failure to the error
 * handler, the case's receipt as 201 (200 when the same submission came again).
 */
export function caseSubmissionHandler<T extends { replayed: boolean }>(
  submit: (input: CaseSubmission) => Promise<Result<T>>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await submit({
      body: request.body,
      user: request.user,
      ip: request.ip,
      lang: requestLang(request),
    });
    if (!result.ok) throw new FailureError(result);
    return reply.status(result.value.replayed ? 200 : 201).send(result.value);
  };
}

/** The order's row locked for a new case (one statement of an order at a time); refused when gone. */
export async function lockOrderForCase(tx: Tx, orderId: number): Promise<{ status: string }> {
  const [locked] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!locked) throw new FailureError(fail("order/not-found"));
  return locked;
}

/** What the withdrawal and complaint services are built with (server/services.ts gives both the same). */
export interface CaseServiceDependencies {
  queries: OrderQueries;
  mail: MailService;
  /** the guest-lookup limit: counts one attempt for the order number and the address */
  countLookup(orderNumber: string, ip: string): Promise<RateLimitHit>;
  /** the rate-limited guest lookup of the orders area (orders.service.ts lookup) */
  lookup(orderNumber: string, email: string, ip: string): Promise<Result<Order>>;
  log: { error(data: object, message: string): void };
  now?: () => Date;
}
