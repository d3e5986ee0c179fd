import { z } from "zod";
import type { PublicUser } from "../../../domain/types";
import { id, isoDate, optionalText } from "../../http/reply-schemas";

// What the accounts' /api routes answer on success (docs/decisions/060): the public view of a user,
// a login and a registration. openapi.test.ts checks real replies against them.

export const publicUserReply: z.ZodType<PublicUser> = z.object({
  _id: id,
  roles: z.array(z.enum(["admin", "shop-admin", "moderator", "shop-moderator", "user"])),
  approved: z.boolean(),
  displayName: z.string(),
  email: z.string(),
  phone: optionalText,
  postCode: optionalText,
  city: optionalText,
  street: optionalText,
  nip: optionalText,
  createdAt: isoDate,
  approvedAt: isoDate.nullable(),
});

export const loginReply = z.object({ accessToken: z.string(), expiresAt: isoDate, user: publicUserReply });

export const registerReply = z.object({ message: z.string(), messageKey: z.string(), user: publicUserReply });
