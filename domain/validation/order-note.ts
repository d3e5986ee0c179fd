import { z } from "zod";
import { requiredString } from "./common";
import { MSG } from "./messages";

// Staff's internal note on an order (issue 29): never shown to the customer.
//   orderNoteSchema   { text (1-2,000 characters, trimmed) }

export const ORDER_NOTE_MAX = 2_000;

/** A lone surrogate is no character: the note (kept in the audit log's JSON too) must be well-formed text. */
const wellFormed = (text: string) => !/\p{Cs}/u.test(text);

export const orderNoteSchema = z.object({
  text: requiredString({ max: ORDER_NOTE_MAX }).refine(wellFormed, { error: MSG.invalid }),
});

export type OrderNoteInput = z.infer<typeof orderNoteSchema>;
