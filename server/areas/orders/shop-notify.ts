import { shopDay } from "../../../domain/shop-time";
import { LOW_STOCK_MAX } from "../../../domain/warehouse";
import type { Config } from "../../config";
import type { Db, Tx } from "../../db/client";
import type { WarehouseService } from "../catalog/warehouse.service";
import type { JobQueue } from "../jobs/job-queue";
import type { MailService } from "../mail/mail.service";
import { STAFF_ORDERS_PATH } from "./order-mailer";
import type { OrderQueries } from "./orders.queries";
import { noticeSent, sendNoticeOnce } from "./shop-notices";
import { lowStockEmail, shopNewOrderEmail } from "./shop-notify-emails";

// The shop told of its orders and stock at SHOP_NOTIFY_EMAIL (issue 29); nothing at all when unset.
// - A paid order: its `orders.notify-shop` job is queued in the payment's transaction, on the one
//   transition to PAYMENT_CONFIRMED (a confirmation arriving twice finds the order paid and queues
//   nothing); the job writes the e-mail once (shop-notices.ts), retried with back-off like any job.
// - Low stock: an hourly periodic job (one at a time across instances, ADR 050) sends the digest the
//   first time in a Warsaw day there is something to report; the day is the notice's key.

export const SHOP_NOTIFY_JOBS = {
  newOrder: "orders.notify-shop",
  lowStockDigest: "orders.low-stock-digest",
} as const;

const STAFF_WAREHOUSE_PATH = "/konto/sklep/magazyn";

export type ShopNotify = ReturnType<typeof createShopNotify>;

export function createShopNotify(
  db: Db,
  config: Config,
  deps: {
    mail: Pick<MailService, "send">;
    queries: Pick<OrderQueries, "getById">;
    queue: Pick<JobQueue, "enqueue">;
    warehouse: Pick<WarehouseService, "list">;
  },
) {
  const to = config.shopNotifyEmail;
  return {
    /** In the payment's transaction: the shop's e-mail of the order, as a job (none without an address). */
    async queueNewOrder(tx: Tx, orderId: number): Promise<void> {
      if (!to) return;
      await deps.queue.enqueue(
        SHOP_NOTIFY_JOBS.newOrder,
        { orderId },
        { singletonKey: `${SHOP_NOTIFY_JOBS.newOrder}:${orderId}` },
        tx,
      );
    },

    /** The job: the shop's e-mail of a paid order, once. */
    async sendNewOrder(orderId: number): Promise<boolean> {
      if (!to) return false;
      const order = await deps.queries.getById(orderId);
      if (!order) return false;
      const message = shopNewOrderEmail(order, {
        to,
        staffOrderUrl: `${config.publicUrl}${STAFF_ORDERS_PATH}/${order._id}`,
      });
      return sendNoticeOnce(db, deps.mail, `new-order:${orderId}`, message);
    },

    /**
     * The periodic job: the visible products and variants at or below the low level (LOW_STOCK_MAX
     * units, domain/warehouse.ts isLowStock), once per Warsaw day of `now`; nothing when none is low.
     */
    async sendLowStockDigest(now: Date): Promise<boolean> {
      if (!to) return false;
      const day = shopDay(now);
      const key = `low-stock:${day}`;
      if (await noticeSent(db, key)) return false;
      const rows = (await deps.warehouse.list({ szukaj: "", niski: true })).filter((row) => !row.isHidden);
      if (rows.length === 0) return false;
      const message = lowStockEmail(rows, {
        to,
        day: day.split("-").reverse().join("."),
        max: LOW_STOCK_MAX,
        warehouseUrl: `${config.publicUrl}${STAFF_WAREHOUSE_PATH}`,
      });
      return sendNoticeOnce(db, deps.mail, key, message);
    },
  };
}
