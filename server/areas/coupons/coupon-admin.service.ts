import { and, asc, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import { couponEnd, couponStart } from "../../../domain/coupon";
import type { Id } from "../../../domain/types";
import { couponFormSchema } from "../../../domain/validation/coupon";
import { parseForm } from "../../../domain/validation/errors";
import { MSG } from "../../../domain/validation/messages";
import type { Db, Tx } from "../../db/client";
import { isDbId } from "../../db/ids";
import { containsText, type ListPage, type ListQuery, readListPage } from "../../db/list-page";
import { coupons, orders } from "../../db/schema";
import { fail, type Result } from "../../lib/result";
import type { AuditActor } from "../audit/audit";
import { auditedWrite, created, deleted, notFound, refuse, updated } from "../audit/audited-write";
import { lockedById } from "../audit/row-by-id";
import { countsAsCouponUse } from "./coupon-uses";

// Staff coupons (SPEC §2 /kody, §7 GET/POST /shops/coupons, PUT/DELETE /shops/coupons/{id}).
// The code is unique ignoring case (a field error); dates given as days cover whole days
// (domain/coupon.ts); the limits (in total, per customer, minimum order) are enforced by the order
// transaction under the coupon row lock (orders.service.ts). Orders keep the code and the discount
// they got, so deleting a used coupon leaves them intact (orders.coupon_id becomes null).

/** A coupon as staff see it: the stored limits and how many not canceled orders used it. */
export interface StaffCoupon {
  _id: Id;
  code: string;
  discountType: "percent" | "fixed";
  /** percent: whole percent; fixed: grosze */
  discountValue: number;
  startDate: string;
  endDate: string;
  usageLimit: number | null;
  usageLimitPerCustomer: number | null;
  minOrderGrosze: number | null;
  /** orders that count against its limit: paid, or unpaid and still holding their units (coupon-uses.ts) */
  uses: number;
}

type CouponRow = typeof coupons.$inferSelect;

const toStaffCoupon = (row: CouponRow, uses: number): StaffCoupon => ({
  _id: row.id,
  code: row.code,
  discountType: row.discountType,
  discountValue: row.discountValue,
  startDate: row.startDate.toISOString(),
  endDate: row.endDate.toISOString(),
  usageLimit: row.usageLimit,
  usageLimitPerCustomer: row.usageLimitPerCustomer,
  minOrderGrosze: row.minOrderGrosze,
  uses,
});

const codeTaken = () => fail("validation", { code: { key: MSG.unique } });
const sameCode = (code: string) => sql`lower(${coupons.code}) = lower(${code})`;

async function assertCodeFree(tx: Tx, code: string, exceptId?: Id): Promise<void> {
  const [taken] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(exceptId === undefined ? sameCode(code) : and(sameCode(code), ne(coupons.id, exceptId)))
    .limit(1);
  if (taken) refuse(codeTaken());
}

async function countedUses(db: Db | Tx, id: Id, timeoutMinutes: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.couponId, id), countsAsCouponUse(orders, new Date(), timeoutMinutes)));
  return row?.n ?? 0;
}

function rowValues(data: ReturnType<typeof couponFormSchema.parse>) {
  return {
    code: data.code,
    discountType: data.discountType,
    discountValue: data.discountValue,
    startDate: new Date(couponStart(data.startDate)),
    endDate: new Date(couponEnd(data.endDate)),
    usageLimit: data.usageLimit,
    usageLimitPerCustomer: data.usageLimitPerCustomer,
    minOrderGrosze: data.minOrderGrosze,
  };
}

export interface CouponAdminOptions {
  /** ORDER_PAYMENT_TIMEOUT_MINUTES: how long an unpaid order's use counts (default 60) */
  paymentTimeoutMinutes?: number;
}

export function createCouponAdminService(db: Db, options: CouponAdminOptions = {}) {
  const timeoutMinutes = options.paymentTimeoutMinutes ?? 60;
  const usesOf = (tx: Db | Tx, id: Id) => countedUses(tx, id, timeoutMinutes);
  /** The coupons `where` selects, the newest end date first, with their uses so far (a query to await). */
  function couponsWithUses(where?: SQL) {
    const uses = db
      .select({ couponId: orders.couponId, n: sql<number>`count(*)::int`.as("n") })
      .from(orders)
      .where(countsAsCouponUse(orders, new Date(), timeoutMinutes))
      .groupBy(orders.couponId)
      .as("uses");
    return db
      .select({ coupon: coupons, n: uses.n })
      .from(coupons)
      .leftJoin(uses, eq(uses.couponId, coupons.id))
      .where(where)
      .orderBy(desc(coupons.endDate), asc(coupons.code));
  }
  const toListed = (row: { coupon: CouponRow; n: number | null }) => toStaffCoupon(row.coupon, row.n ?? 0);

  return {
    /** Every coupon, the newest end date first, with its uses so far. */
    async list(): Promise<StaffCoupon[]> {
      return (await couponsWithUses()).map(toListed);
    },

    /** The staff list: as `list`, searched (in the code) and paged in SQL. */
    async search(query: ListQuery): Promise<ListPage<StaffCoupon>> {
      const search = query.search.trim();
      const where = search ? containsText(coupons.code, search) : undefined;
      return readListPage(query.page, await db.$count(coupons, where), async (limit, offset) =>
        (await couponsWithUses(where).limit(limit).offset(offset)).map(toListed),
      );
    },

    async get(id: Id): Promise<StaffCoupon | null> {
      if (!isDbId(id)) return null;
      const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
      return row ? toStaffCoupon(row, await usesOf(db, id)) : null;
    },

    async create(actor: AuditActor, input: unknown): Promise<Result<StaffCoupon>> {
      const parsed = parseForm(couponFormSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const data = parsed.data;
      return auditedWrite(
        db,
        actor,
        "coupon.create",
        async (tx) => {
          await assertCodeFree(tx, data.code);
          const [row] = await tx.insert(coupons).values(rowValues(data)).returning();
          if (!row) throw new Error("coupons insert returned nothing");
          return created(toStaffCoupon(row, 0));
        },
        codeTaken,
      );
    },

    async update(actor: AuditActor, id: Id, input: unknown): Promise<Result<StaffCoupon>> {
      const parsed = parseForm(couponFormSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const data = parsed.data;
      return auditedWrite(
        db,
        actor,
        "coupon.update",
        async (tx) => {
          const old = await lockedById(tx, coupons, id);
          await assertCodeFree(tx, data.code, id);
          const uses = await usesOf(tx, id);
          const [row] = await tx
            .update(coupons)
            .set({ ...rowValues(data), updatedAt: new Date() })
            .where(eq(coupons.id, id))
            .returning();
          if (!row) refuse(notFound());
          return updated(id, toStaffCoupon(old, uses), toStaffCoupon(row, uses));
        },
        codeTaken,
      );
    },

    /**
     * Deletes the coupon. Orders that used it keep their code and discount (a snapshot); `orders`
     * says how many there were.
     */
    async remove(actor: AuditActor, id: Id): Promise<Result<{ _id: Id; orders: number }>> {
      return auditedWrite(db, actor, "coupon.delete", async (tx) => {
        const old = await lockedById(tx, coupons, id);
        const [used] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(orders)
          .where(eq(orders.couponId, id));
        const uses = await usesOf(tx, id);
        await tx.delete(coupons).where(eq(coupons.id, id));
        return deleted(id, toStaffCoupon(old, uses), { _id: id, orders: used?.n ?? 0 });
      });
    },
  };
}

export type CouponAdminService = ReturnType<typeof createCouponAdminService>;
