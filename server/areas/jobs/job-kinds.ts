import { z } from "zod";
import type { Config } from "../../config";
import type { ServiceLog } from "../../services";
import type { ComplaintService } from "../after-sale/complaint.service";
import { REFUND_JOBS, type RefundsService } from "../after-sale/refunds.service";
import { backfillImageVariants } from "../gallery/variant-backfill";
import type { KsefService } from "../ksef/ksef.service";
import { KSEF_JOBS } from "../ksef/ksef-queue";
import { MAIL_DELIVER_JOB, type MailService } from "../mail/mail.service";
import type { MediaStorage } from "../media/media-storage";
import { SHOP_NOTIFY_JOBS, type ShopNotify } from "../orders/shop-notify";
import { SHIPMENT_JOBS, type ShipmentsService } from "../shipments/shipments.service";
import type { TrashService } from "../trash/trash.service";
import type { JobQueue } from "./job-queue";
import { type JobHandlers, jobHandler } from "./job-worker";

// Every kind of background job the shop runs, in one map (docs/decisions/050). A new kind is a
// name, a payload schema and an idempotent function; a periodic one also says how often.

export const JOB_KINDS = {
  mailDeliver: MAIL_DELIVER_JOB,
  expireUnpaidOrders: "orders.expire-unpaid",
  backfillImageVariants: "gallery.backfill-variants",
  pruneDoneJobs: "jobs.prune-done",
  refundSend: REFUND_JOBS.send,
  refundPoll: REFUND_JOBS.poll,
  complaintReminders: "after-sale.complaint-reminders",
  shopNewOrder: SHOP_NOTIFY_JOBS.newOrder,
  lowStockDigest: SHOP_NOTIFY_JOBS.lowStockDigest,
  shipmentTrack: SHIPMENT_JOBS.track,
  shipmentStatuses: SHIPMENT_JOBS.syncStatuses,
  ksefPrepare: KSEF_JOBS.prepare,
  ksefSend: KSEF_JOBS.send,
  ksefPoll: KSEF_JOBS.poll,
  ksefUpo: KSEF_JOBS.upo,
  ksefInvoiceEmail: KSEF_JOBS.invoiceEmail,
  purgeTrash: "trash.purge-expired",
} as const;

/** How long finished jobs are kept (the dead letter is kept until retried). */
const KEEP_DONE_MS = 14 * 24 * 60 * 60_000;

const none = z.object({}).passthrough();

export interface JobKindDeps {
  config: Config;
  /** where /media's files live (media/media-storage.ts, docs/decisions/081) */
  media: MediaStorage;
  queue: JobQueue;
  mail: MailService;
  /** the unpaid-order sweep (orders/order-expiry.ts cancelExpired): how many it canceled */
  cancelExpired(): Promise<number>;
  /** money back through the payment provider (after-sale/refunds.service.ts) */
  refunds: Pick<RefundsService, "send" | "poll" | "sendGaveUp">;
  /** the shop reminded of unanswered complaints 3 days before their deadline (after-sale/complaint.service.ts) */
  complaints: Pick<ComplaintService, "remindDue">;
  /** the shop's own e-mails at SHOP_NOTIFY_EMAIL (orders/shop-notify.ts, issue 29) */
  shopNotify: Pick<ShopNotify, "sendNewOrder" | "sendLowStockDigest">;
  /** parcels at the carrier (shipments/shipments.service.ts, ADR 069) */
  shipments: Pick<ShipmentsService, "track" | "trackGaveUp" | "syncStatuses">;
  /** invoices to KSeF: built, sent, polled, the UPO, the e-mail's deadline (ksef/ksef.service.ts, ADR 068) */
  ksef: Pick<KsefService, "prepare" | "send" | "poll" | "fetchUpo" | "invoiceEmailDue">;
  /** trashed products, pages and articles deleted for good after 30 days (trash/trash.service.ts, ADR 076) */
  trash: Pick<TrashService, "purgeExpired">;
  log: ServiceLog;
}

const submission = z.object({ submissionId: z.number().int().positive() });
const documentRef = z.union([
  z.object({ invoiceId: z.number().int().positive() }).strict(),
  z.object({ correctingInvoiceId: z.number().int().positive() }).strict(),
]);

export function createJobHandlers(deps: JobKindDeps): JobHandlers {
  /** A periodic job whose run counts what it did: a count above 0 is logged as `{ [field]: count }`. */
  const counting = (everyMs: number, field: string, message: string, run: () => Promise<number>) =>
    jobHandler({
      payload: none,
      everyMs,
      run: async () => {
        const count = await run();
        if (count > 0) deps.log.info?.({ [field]: count }, message);
      },
    });
  return {
    [JOB_KINDS.mailDeliver]: jobHandler({
      payload: z.object({ outboxId: z.number().int().positive() }),
      run: ({ outboxId }) => deps.mail.deliverStored(outboxId),
      dead: ({ outboxId }) => deps.mail.markUndelivered(outboxId),
    }),
    // unpaid orders are canceled after ORDER_PAYMENT_TIMEOUT_MINUTES (docs/decisions/032): once a
    // minute, by one instance at a time
    [JOB_KINDS.expireUnpaidOrders]: jobHandler({
      payload: none,
      everyMs: 60_000,
      run: async () => {
        const canceled = await deps.cancelExpired();
        if (canceled > 0) deps.log.info?.({ canceled }, "canceled unpaid orders past their payment time");
      },
    }),
    // pictures written before the 800 px variant existed get it (docs/decisions/024); queued at start
    [JOB_KINDS.backfillImageVariants]: jobHandler({
      payload: none,
      run: async () => {
        const { written, failed } = await backfillImageVariants(deps.media);
        if (written > 0 || failed > 0) deps.log.info?.({ written, failed }, "missing picture widths written");
      },
    }),
    // a refund asked of the provider with its row's idempotency key, then polled until final
    // (docs/decisions/066); a provider error stays on the refund for staff and the attempt is retried
    [JOB_KINDS.refundSend]: jobHandler({
      payload: z.object({ refundId: z.number().int().positive() }),
      run: ({ refundId }) => deps.refunds.send(refundId),
      dead: ({ refundId }, error) => deps.refunds.sendGaveUp(refundId, error),
    }),
    [JOB_KINDS.refundPoll]: jobHandler({
      payload: z.object({ refundId: z.number().int().positive(), round: z.number().int().min(0) }),
      run: ({ refundId, round }) => deps.refunds.poll(refundId, round),
    }),
    // the shop e-mailed once per unanswered complaint 3 days before its answer deadline (ADR 066)
    [JOB_KINDS.complaintReminders]: counting(60 * 60_000, "sent", "complaint deadline reminders sent", () =>
      deps.complaints.remindDue(),
    ),
    // a shipment created at the carrier once, then its tracking number asked for with back-off; carrier
    // statuses polled every 15 minutes where ShipX webhooks are not configured (docs/decisions/069)
    [JOB_KINDS.shipmentTrack]: jobHandler({
      payload: z.object({ shipmentId: z.number().int().positive(), round: z.number().int().min(0) }),
      run: ({ shipmentId, round }) => deps.shipments.track(shipmentId, round),
      dead: ({ shipmentId }, error) => deps.shipments.trackGaveUp(shipmentId, error),
    }),
    // a paid order told to the shop, once (queued in the payment's transaction)
    [JOB_KINDS.shopNewOrder]: jobHandler({
      payload: z.object({ orderId: z.number().int().positive() }),
      run: async ({ orderId }) => {
        await deps.shopNotify.sendNewOrder(orderId);
      },
    }),
    // the low-stock digest: looked at hourly, sent once per Warsaw day when something is low
    [JOB_KINDS.lowStockDigest]: jobHandler({
      payload: none,
      everyMs: 60 * 60_000,
      run: async () => {
        if (await deps.shopNotify.sendLowStockDigest(deps.queue.clock()))
          deps.log.info?.({}, "low-stock digest sent");
      },
    }),
    [JOB_KINDS.shipmentStatuses]: counting(15 * 60_000, "changed", "carrier statuses recorded", () =>
      deps.shipments.syncStatuses(),
    ),
    // invoices to KSeF (docs/decisions/068): a refusal is an answer stored on the submission (the job
    // ends well); KSeF away (429, 5xx, timeouts) fails the attempt, retried with back-off or Retry-After
    [JOB_KINDS.ksefPrepare]: jobHandler({ payload: documentRef, run: (ref) => deps.ksef.prepare(ref) }),
    [JOB_KINDS.ksefSend]: jobHandler({
      payload: submission,
      run: ({ submissionId }) => deps.ksef.send(submissionId),
    }),
    [JOB_KINDS.ksefPoll]: jobHandler({
      payload: submission.extend({ round: z.number().int().min(0) }),
      run: ({ submissionId, round }) => deps.ksef.poll(submissionId, round),
    }),
    [JOB_KINDS.ksefUpo]: jobHandler({
      payload: submission,
      run: ({ submissionId }) => deps.ksef.fetchUpo(submissionId),
    }),
    [JOB_KINDS.ksefInvoiceEmail]: jobHandler({
      payload: z.object({ invoiceId: z.number().int().positive() }),
      run: ({ invoiceId }) => deps.ksef.invoiceEmailDue(invoiceId),
    }),
    // what has been in the trash 30 days is deleted for good: hourly, by one instance at a time (ADR 076)
    [JOB_KINDS.purgeTrash]: counting(60 * 60_000, "purged", "trashed records deleted for good", () =>
      deps.trash.purgeExpired(deps.queue.clock()),
    ),
    [JOB_KINDS.pruneDoneJobs]: jobHandler({
      payload: none,
      everyMs: 24 * 60 * 60_000,
      run: async () => {
        await deps.queue.pruneDone(new Date(deps.queue.clock().getTime() - KEEP_DONE_MS));
      },
    }),
  };
}

/**
 * Queues the periodic jobs (each once, whatever number of instances asks: its singleton key is its
 * kind). The worker calls it when it starts and about once a minute, so a periodic job that landed
 * in the dead letter is replaced.
 */
export async function schedulePeriodicJobs(queue: JobQueue, handlers: JobHandlers): Promise<void> {
  await queue.enqueueMany(
    Object.entries(handlers)
      .filter(([, definition]) => definition.everyMs)
      .map(([kind]) => ({ kind, payload: {}, options: { singletonKey: kind } })),
  );
}

/** What a starting instance asks for once: the picture backfill (once, however many instances start). */
export async function queueStartupJobs(queue: JobQueue): Promise<void> {
  await queue.enqueue(JOB_KINDS.backfillImageVariants, {}, { singletonKey: JOB_KINDS.backfillImageVariants });
}
