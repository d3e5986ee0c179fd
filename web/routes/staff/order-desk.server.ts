import type { AppLoadContext } from "react-router";
import type { PublicUser } from "../../../domain/types";
import { ORDER_NOTE_MAX } from "../../../domain/validation/order-note";
import { errorMessageKey } from "../../lib/auth.server";
import { redirectWithFlash } from "../../lib/flash.server";
import { staffOrderPath } from "../../lib/staff-paths";

// The order desk's part of the staff order page (issue 29): its internal notes read with the order,
// and the "note" form's post (an audited staff write), back to the order with a toast.

export async function orderDeskData(context: AppLoadContext, orderId: number) {
  return { notes: await context.services.orderNotes.list(orderId) };
}

export async function addOrderNote(
  context: AppLoadContext,
  user: PublicUser,
  orderId: number,
  form: FormData,
) {
  // one character over the limit is kept, so the service refuses the note instead of cutting it
  const text = String(form.get("text") ?? "").slice(0, ORDER_NOTE_MAX + 1);
  const result = await context.services.orderNotes.add(user, orderId, { text });
  const path = staffOrderPath(orderId);
  if (result.ok) return redirectWithFlash(path, { type: "success", key: "staff.notes.added" });
  return redirectWithFlash(path, { type: "error", key: errorMessageKey(result.code), errorPrefix: true });
}
