// Admin user management (SPEC §6 Admin: list, approve, edit, delete users; assign roles).

import { z } from "zod";
import { ROLES } from "../roles";
import { makeAddressSchema } from "./address";
import { MSG } from "./messages";

/** Body of `PUT /users/{id}` by an admin: the address fields (phone etc. optional) plus roles/approval. */
export const adminUserUpdateSchema = makeAddressSchema({ requirePhone: false })
  .partial({ postCode: true, city: true, street: true, nip: true })
  .extend({
    roles: z
      .array(z.enum(ROLES, { error: MSG.invalid }))
      .min(1, { error: MSG.required })
      .transform((roles) => [...new Set(roles)])
      .optional(),
    approved: z.boolean({ error: MSG.invalid }).optional(),
  });
export type AdminUserUpdate = z.output<typeof adminUserUpdateSchema>;
