// Contact form (SPEC §5): e-mail required and valid; message required.

import { z } from "zod";
import { CONTACT_MESSAGE_MAX } from "../constants";
import { emailSchema, requiredString } from "./common";

export const contactSchema = z.object({
  email: emailSchema,
  message: requiredString({ max: CONTACT_MESSAGE_MAX }),
});
export type ContactMessage = z.output<typeof contactSchema>;
