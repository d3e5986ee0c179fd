import { desc, eq } from "drizzle-orm";
import { parseForm } from "../../../domain/validation/errors";
import { orderNoteSchema } from "../../../domain/validation/order-note";
import type { Db } from "../../db/client";
import { orderNotes, orders, users } from "../../db/schema";
import { fail, ok, type Result } from "../../lib/result";
import type { AuditActor } from "../audit/audit";
import { auditedWrite, refuse } from "../audit/audited-write";

// Staff's internal notes on an order (issue 29): who wrote what and when, newest first, on the staff
// order page only — the customer's order API and pages never read this table. Adding one is an
// audited staff write (`order.note` on the order, ADR 062), so the audit log shows it beside the
// order's other changes. Notes are not edited or deleted: a correction is a new note.

export interface OrderNote {
  _id: number;
  orderId: number;
  author: { _id: number; displayName: string } | null;
  text: string;
  createdAt: string;
}

export type OrderNotes = ReturnType<typeof createOrderNotes>;

export function createOrderNotes(db: Db) {
  async function list(orderId: number, noteId?: number): Promise<OrderNote[]> {
    const rows = await db
      .select({
        id: orderNotes.id,
        orderId: orderNotes.orderId,
        text: orderNotes.text,
        createdAt: orderNotes.createdAt,
        authorId: users.id,
        authorName: users.displayName,
      })
      .from(orderNotes)
      .leftJoin(users, eq(users.id, orderNotes.authorId))
      .where(noteId === undefined ? eq(orderNotes.orderId, orderId) : eq(orderNotes.id, noteId))
      .orderBy(desc(orderNotes.createdAt), desc(orderNotes.id));
    return rows.map((row) => ({
      _id: row.id,
      orderId: row.orderId,
      author: row.authorId === null ? null : { _id: row.authorId, displayName: row.authorName ?? "" },
      text: row.text,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  return {
    /** The order's notes, newest first. */
    list: (orderId: number) => list(orderId),

    /** POST /orders/{id}/notes: failures validation (text 1-2,000 characters), order/not-found. */
    async add(actor: AuditActor, orderId: number, input: unknown): Promise<Result<OrderNote>> {
      const parsed = parseForm(orderNoteSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const { text } = parsed.data;
      const outcome = await auditedWrite(db, actor, "order.note", async (tx) => {
        const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
        if (!order) return refuse(fail("order/not-found"));
        const [note] = await tx
          .insert(orderNotes)
          .values({ orderId, authorId: actor._id, text })
          .returning({ id: orderNotes.id });
        if (!note) throw new Error("order_notes insert returned nothing");
        return { value: note.id, entityId: orderId, before: null, after: { noteId: note.id, text } };
      });
      if (!outcome.ok) return outcome;
      const [note] = await list(orderId, outcome.value);
      return note ? ok(note) : fail("order/not-found");
    },
  };
}
