import { and, eq, isNull } from "drizzle-orm";
import {
  canTransition,
  complaintAnswerDeadline,
  complaintReminderDue,
} from "../../../domain/after-sale-status";
import { complaintPeriod } from "../../../domain/complaint-period";
import { formatDate, type Lang } from "../../../domain/i18n";
import type { Order, PublicUser } from "../../../domain/types";
import {
  type ComplaintRequest,
  complaintAnswerSchema,
  complaintPhotosSchema,
  complaintRequestSchema,
} from "../../../domain/validation/after-sale";
import { type FieldError, parseForm } from "../../../domain/validation/errors";
import { MSG } from "../../../domain/validation/messages";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import {
  afterSaleCases,
  afterSaleEvents,
  afterSaleLines,
  afterSaleStatements,
  orders,
  type StatementLine,
} from "../../db/schema";
import { type Failure, FailureError, fail, ok, type Result } from "../../lib/result";
import type { AuditActor } from "../audit/audit";
import { auditedWrite, refuse } from "../audit/audited-write";
import type { UploadFile } from "../gallery/gallery.service";
import type { MailService } from "../mail/mail.service";
import { createComplaintPhotoStorage } from "../media/create-media-storage";
import type { MediaStorage } from "../media/media-storage";
import { type CaseServiceDependencies, findCaseOrder, lockOrderForCase } from "./case-order";
import { complaintAnswerEmail, complaintReceivedEmail, complaintReminderEmail } from "./complaint-emails";
import { checkPhotos, createPhotoStore, type PhotoSize, type PhotoUpload } from "./complaint-photos";
import { mayReadOrder, type OrderReader } from "./order-reader";
import { createWithdrawalQueries } from "./withdrawal.queries";

// Complaints (reklamacje, issue 27, docs/decisions/066).
// - complain: like the withdrawal — the signed-in customer's own order or the guest's (number + the
//   order's e-mail), else order/not-found; every attempt counts against the guest-lookup limit, only a
//   new complaint keeps its count. Only a paid order; any time (the 2-year warranty period is not
//   enforced: the shop answers late complaints itself). One transaction under the order's row lock:
//   the case (complaint, REPORTED, deadline = complaintAnswerDeadline), its lines (at most the units
//   ordered), the unchangeable statement (description, remedy), its photos and a REPORTED event;
//   (order, submissionKey) unique, so a double submission makes one (and stores its photos once).
//   The acknowledgement after the commit.
// - The 2-year liability (domain/complaint-period.ts, art. 43c): a complaint after it is refused with
//   the date it ended (after-sale/complaint-period-ended).
// - Photos (complaint-photos.ts): at most 5, each checked and re-encoded like a gallery upload
//   (metadata dropped) before the transaction, refusals as field errors naming the file; stored
//   privately in the transaction, the case's folder removed when it fails. `photo` serves one to
//   staff, the order's customer or the guest naming the order (order-reader.ts), else not-found.
// - answer (staff, audited): ACCEPTED or REJECTED through canTransition, an "answer" event shown to the
//   customer, the answer e-mailed in the complaint's language after the commit.
// - remindDue (the hourly job): e-mails the shop (ADMIN_EMAIL) once per unanswered complaint from 3
//   days before its deadline until the deadline (complaintReminderDue, reminderSentAt).

export interface ComplainInput {
  /** complaintRequestSchema: the complaint, the order number and the order's e-mail (a guest's identification) */
  body: unknown;
  user: PublicUser | null;
  ip: string;
  lang: Lang;
  /** the photo files sent with it (multipart `photos`), at most COMPLAINT_PHOTOS_MAX */
  photos?: readonly UploadFile[];
}

export interface ComplaintReceipt {
  caseId: number;
  orderNumber: string;
  status: string;
  receivedAt: string;
  answerDeadline: string;
  replayed: boolean;
}

export type ComplaintService = ReturnType<typeof createComplaintService>;

export function createComplaintService(
  db: Db,
  config: Config,
  deps: CaseServiceDependencies,
  photoStorage: MediaStorage = createComplaintPhotoStorage(config),
) {
  const queries = createWithdrawalQueries(db);
  const photos = createPhotoStore(db, photoStorage);
  const now = deps.now ?? (() => new Date());

  const findOrder = (number: string, email: string, user: PublicUser | null) =>
    findCaseOrder(db, deps.queries, number, email, user);

  async function record(
    order: Order,
    complaint: ComplaintRequest,
    input: ComplainInput,
    at: Date,
    upload: PhotoUpload,
  ) {
    return db.transaction(async (tx) => {
      await lockOrderForCase(tx, order._id);
      const existing = await queries.caseBySubmission(order._id, complaint.submissionKey, tx);
      if (existing !== null) return { caseId: existing, replayed: true };

      const available = new Map((await queries.withdrawableLines(order._id, tx)).map((l) => [l.lineId, l]));
      const lines: StatementLine[] = complaint.lines.map((wanted, index) => {
        const line = available.get(wanted.lineId);
        if (!line)
          throw new FailureError(fail("validation", { [`lines.${index}.lineId`]: { key: MSG.invalid } }));
        if (wanted.quantity > line.ordered) {
          throw new FailureError(
            fail("after-sale/too-many-units", undefined, {
              lineId: line.lineId,
              withdrawable: line.ordered,
              params: { max: line.ordered },
            }),
          );
        }
        return {
          orderItemId: line.lineId,
          productTitle: line.productTitle,
          variantLabel: line.variantLabel,
          quantity: wanted.quantity,
        };
      });
      const ownedBy = input.user && order.user?._id === input.user._id ? input.user._id : null;
      const [created] = await tx
        .insert(afterSaleCases)
        .values({
          orderId: order._id,
          kind: "complaint",
          status: "REPORTED",
          userId: ownedBy,
          submissionKey: complaint.submissionKey,
          deadlineAt: complaintAnswerDeadline(at),
        })
        .returning({ id: afterSaleCases.id, deadlineAt: afterSaleCases.deadlineAt });
      if (!created) throw new Error("complaint case not written");
      await tx.insert(afterSaleLines).values(
        lines.map((line) => ({
          caseId: created.id,
          orderItemId: line.orderItemId,
          quantity: line.quantity,
        })),
      );
      await tx.insert(afterSaleStatements).values({
        caseId: created.id,
        name: order.recipient.displayName,
        email: order.email,
        lines,
        description: complaint.description,
        remedy: complaint.remedy,
        lang: input.lang,
        text: complaint.description,
        receivedAt: at,
        clientAddress: input.ip,
      });
      await tx.insert(afterSaleEvents).values({
        caseId: created.id,
        kind: "status",
        status: "REPORTED",
        visibleToCustomer: true,
        actorId: ownedBy,
      });
      await upload.store(tx, created.id);
      return { caseId: created.id, replayed: false };
    });
  }

  async function send(message: Parameters<MailService["send"]>[0], caseId: number, what: string) {
    try {
      await deps.mail.send(message);
    } catch (error) {
      deps.log.error({ err: error, caseId }, `complaint ${what} not sent`);
    }
  }

  return {
    /** "Zgłoś reklamację": the complaint received, once per submission. */
    async complain(input: ComplainInput): Promise<Result<ComplaintReceipt>> {
      const parsed = parseForm(complaintRequestSchema, input.body);
      const files = input.photos ?? [];
      const counted = parseForm(complaintPhotosSchema, { photos: files });
      if (!parsed.ok || !counted.ok) {
        const errors: Record<string, FieldError> = {
          ...(parsed.ok ? {} : parsed.errors),
          ...(counted.ok ? {} : counted.errors),
        };
        return fail("validation", errors);
      }
      const complaint = parsed.data;
      const attempt = await deps.countLookup(complaint.orderNumber.trim().toUpperCase(), input.ip);
      if (!attempt.allowed) return fail("rate-limited");
      const order = await findOrder(complaint.orderNumber, complaint.email, input.user);
      if (!order) return fail("order/not-found");
      const at = now();
      const period = complaintPeriod({ statuses: order.statuses, now: at });
      const checked = period.open ? await checkPhotos(files, config.media) : null;
      if (!period.open || !checked?.ok) {
        await attempt.undo();
        if (checked) return checked as Failure;
        if (period.reason === "ended" && period.endsAt) {
          return fail("after-sale/complaint-period-ended", undefined, {
            endsAt: period.endsAt.toISOString(),
            params: { date: formatDate(input.lang, period.endsAt) },
          });
        }
        return fail("after-sale/complaint-unavailable");
      }
      const upload = photos.upload(checked.value);
      let written: { caseId: number; replayed: boolean };
      try {
        written = await record(order, complaint, input, at, upload);
      } catch (error) {
        // the case's transaction wrote nothing lasting: neither may its photos' files stay
        await upload.discard();
        await attempt.undo();
        if (error instanceof FailureError) return error.failure as Failure;
        throw error;
      }
      const [row] = await db
        .select({
          status: afterSaleCases.status,
          deadlineAt: afterSaleCases.deadlineAt,
          receivedAt: afterSaleStatements.receivedAt,
          lang: afterSaleStatements.lang,
        })
        .from(afterSaleCases)
        .innerJoin(afterSaleStatements, eq(afterSaleStatements.caseId, afterSaleCases.id))
        .where(eq(afterSaleCases.id, written.caseId));
      if (!row) throw new Error("complaint without its statement");
      if (written.replayed) await attempt.undo();
      else {
        await send(
          complaintReceivedEmail({
            lang: row.lang,
            to: order.email,
            orderNumber: order.orderNumber,
            receivedAt: row.receivedAt,
            deadline: row.deadlineAt,
            description: complaint.description,
          }),
          written.caseId,
          "acknowledgement",
        );
      }
      return ok({
        caseId: written.caseId,
        orderNumber: order.orderNumber,
        status: row.status,
        receivedAt: row.receivedAt.toISOString(),
        answerDeadline: row.deadlineAt.toISOString(),
        replayed: written.replayed,
      });
    },

    /** A complaint photo (or its thumbnail) for staff, the order's customer or the guest naming the order. */
    async photo(
      caseId: number,
      photoId: number,
      size: PhotoSize,
      reader: OrderReader,
    ): Promise<Result<{ data: Buffer }>> {
      const found = await photos.locate(caseId, photoId, size);
      if (!found) return fail("not-found");
      const allowed = await mayReadOrder(deps, reader, found.orderId);
      if (!allowed.ok) return allowed;
      const data = allowed.value ? await photos.bytes(found.file) : null;
      return data ? ok({ data }) : fail("not-found");
    },

    /** Staff: "Uznaj" / "Odrzuć" with a message. Failures: validation, not-found, after-sale/state-conflict. */
    async answer(actor: AuditActor, caseId: number, input: unknown): Promise<Result<{ _id: number }>> {
      const parsed = parseForm(complaintAnswerSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const to = parsed.data.decision === "accepted" ? "ACCEPTED" : "REJECTED";
      const result = await auditedWrite(db, actor, "after-sale-case.answer", async (tx) => {
        const [found] = await tx
          .select()
          .from(afterSaleCases)
          .where(eq(afterSaleCases.id, caseId))
          .for("update");
        if (found?.kind !== "complaint") refuse(fail("not-found"));
        if (!canTransition(found.kind, found.status, to)) {
          refuse(
            fail("after-sale/state-conflict", undefined, {
              status: found.status,
              params: { status: found.status },
            }),
          );
        }
        const at = new Date();
        await tx
          .update(afterSaleCases)
          .set({ status: to, updatedAt: at, ...(to === "REJECTED" ? { closedAt: at } : {}) })
          .where(eq(afterSaleCases.id, caseId));
        await tx.insert(afterSaleEvents).values({
          caseId,
          kind: "answer",
          status: to,
          message: parsed.data.message,
          visibleToCustomer: true,
          actorId: actor._id,
          createdAt: at,
        });
        return {
          value: { _id: caseId },
          entityId: caseId,
          before: { status: found.status },
          after: { _id: caseId, status: to, message: parsed.data.message },
        };
      });
      if (!result.ok) return result;
      const [found] = await db
        .select({
          email: afterSaleStatements.email,
          lang: afterSaleStatements.lang,
          orderNumber: orders.orderNumber,
        })
        .from(afterSaleStatements)
        .innerJoin(afterSaleCases, eq(afterSaleCases.id, afterSaleStatements.caseId))
        .innerJoin(orders, eq(orders.id, afterSaleCases.orderId))
        .where(eq(afterSaleStatements.caseId, caseId));
      if (found) {
        await send(
          complaintAnswerEmail({ ...found, to: found.email, status: to, message: parsed.data.message }),
          caseId,
          "answer",
        );
      }
      return result;
    },

    /** The hourly job: remind the shop of each unanswered complaint once, 3 days before its deadline. */
    async remindDue(at: Date = now()): Promise<number> {
      const open = await db
        .select({ id: afterSaleCases.id, deadlineAt: afterSaleCases.deadlineAt })
        .from(afterSaleCases)
        .where(
          and(
            eq(afterSaleCases.kind, "complaint"),
            eq(afterSaleCases.status, "REPORTED"),
            isNull(afterSaleCases.reminderSentAt),
          ),
        );
      let sent = 0;
      for (const entry of open) {
        if (!complaintReminderDue(entry.deadlineAt, at, false)) continue;
        // claim the reminder first: two instances never both send it
        const claimed = await db
          .update(afterSaleCases)
          .set({ reminderSentAt: at })
          .where(and(eq(afterSaleCases.id, entry.id), isNull(afterSaleCases.reminderSentAt)))
          .returning({ id: afterSaleCases.id });
        if (claimed.length === 0) continue;
        await send(
          complaintReminderEmail({ to: config.admin.email, caseId: entry.id, deadline: entry.deadlineAt }),
          entry.id,
          "reminder",
        );
        sent++;
      }
      return sent;
    },
  };
}
