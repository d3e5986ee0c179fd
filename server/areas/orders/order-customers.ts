import { and, desc, eq, inArray, isNotNull, ne, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { type ListPage, readTablePage } from "../../db/list-page";
import { orders, refunds, users } from "../../db/schema";
import { fail, ok, type Result } from "../../lib/result";

// A customer as the order desk sees them (issue 29, /konto/sklep/klienci/{key}): an account and
// every order it placed, together with the guest orders placed with its e-mail (case-insensitive);
// or a guest, known only by the e-mail of their orders. The key is the account's id ("12"), or
// "z" + the id of one of the guest's orders ("z345"): e-mail addresses stay out of addresses and
// logs. A guest order whose e-mail has an account since is shown as that account.
// Total spend: the prices of the paid orders (paid_at set; an order canceled after payment
// included), less the refunds that reached SUCCESSFUL for them — except refunds of money owed back
// (a second payment, money for a canceled order), which was never counted as spent.

/** At most 9 digits: every id fits the database's integer. */
export const customerKeySchema = z.string().regex(/^z?[1-9]\d{0,8}$/);

export const customerPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});

export interface CustomerOrderRow {
  _id: number;
  orderNumber: string;
  createdAt: string;
  status: string;
  priceGrosze: number;
  paid: boolean;
}

export interface CustomerView {
  /** the account, when the customer has one */
  account: { _id: number; displayName: string; email: string } | null;
  /** the e-mail their guest orders are matched by */
  email: string;
  /** the recipient's name on their latest order (the account's name when there is no order) */
  name: string;
  paidOrders: number;
  /** paid orders' prices less successful refunds (grosze) */
  spentGrosze: number;
  refundedGrosze: number;
  orders: ListPage<CustomerOrderRow>;
}

export type OrderCustomers = ReturnType<typeof createOrderCustomers>;

export function createOrderCustomers(db: Db) {
  /** Who the key names: an account, or a guest's e-mail. */
  async function identify(key: string) {
    const accountById = async (id: number) =>
      (
        await db
          .select({ _id: users.id, displayName: users.displayName, email: users.email })
          .from(users)
          .where(eq(users.id, id))
      )[0] ?? null;
    if (!key.startsWith("z")) {
      const account = await accountById(Number(key));
      return account ? { account, email: account.email } : null;
    }
    const [order] = await db
      .select({ userId: orders.userId, email: orders.email })
      .from(orders)
      .where(eq(orders.id, Number(key.slice(1))));
    if (!order) return null;
    const account = order.userId
      ? await accountById(order.userId)
      : ((
          await db
            .select({ _id: users.id, displayName: users.displayName, email: users.email })
            .from(users)
            .where(sql`lower(${users.email}) = lower(${order.email})`)
            .limit(1)
        )[0] ?? null);
    return { account, email: account?.email ?? order.email };
  }

  return {
    /** GET /customers/{key}: the customer and one page of their orders, newest first; not-found. */
    async view(key: string, page = 1): Promise<Result<CustomerView>> {
      if (!customerKeySchema.safeParse(key).success) return fail("not-found");
      const who = await identify(key);
      if (!who) return fail("not-found");
      const byEmail = sql`lower(${orders.email}) = lower(${who.email})`;
      const theirs: SQL = (who.account ? or(eq(orders.userId, who.account._id), byEmail) : byEmail) as SQL;
      const found = await readTablePage(db, orders, {
        where: theirs,
        orderBy: [desc(orders.createdAt), desc(orders.id)],
        page,
      });
      const [paid] = await db
        .select({
          count: sql<number>`count(*)::int`,
          total: sql<number>`coalesce(sum(${orders.priceGrosze}), 0)::int`,
        })
        .from(orders)
        .where(and(theirs, isNotNull(orders.paidAt)));
      const [refunded] = await db
        .select({ total: sql<number>`coalesce(sum(${refunds.amountGrosze}), 0)::int` })
        .from(refunds)
        .where(
          and(
            eq(refunds.status, "SUCCESSFUL"),
            ne(refunds.reason, "refund-owed"),
            inArray(
              refunds.orderId,
              db
                .select({ id: orders.id })
                .from(orders)
                .where(and(theirs, isNotNull(orders.paidAt))),
            ),
          ),
        );
      const [latest] = await db
        .select({ name: sql<string>`${orders.recipient}->>'displayName'` })
        .from(orders)
        .where(theirs)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(1);
      const refundedGrosze = refunded?.total ?? 0;
      return ok({
        account: who.account,
        email: who.email,
        name: latest?.name?.trim() || who.account?.displayName || who.email,
        paidOrders: paid?.count ?? 0,
        spentGrosze: (paid?.total ?? 0) - refundedGrosze,
        refundedGrosze,
        orders: {
          ...found,
          items: found.items.map((order) => ({
            _id: order.id,
            orderNumber: order.orderNumber,
            createdAt: order.createdAt.toISOString(),
            status: order.status,
            priceGrosze: order.priceGrosze,
            paid: order.paidAt !== null,
          })),
        },
      });
    },
  };
}
