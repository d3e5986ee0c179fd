import { z } from "zod";
import { requiredString } from "./common";

// Staff's internal note on an order (issue 29): never shown to the customer.
//   orderNoteSchema   { text (1-2,000 characters, trimmed) }

export const ORDER_NOTE_MAX = 2_000;

export const orderNoteSchema = z.object({ text: requiredString({ max: ORDER_NOTE_MAX }) });

export type OrderNoteInput = z.infer<typeof orderNoteSchema>;
