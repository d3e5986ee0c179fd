import { isRole } from "../../../domain/roles";
import type { PublicUser } from "../../../domain/types";
import type { users } from "../../db/schema";

// A users row as the API and the pages see it (SPEC §3 User): never the password hash.

export type UserRow = typeof users.$inferSelect;

export function toPublicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    roles: row.roles.filter(isRole),
    approved: row.approved,
    displayName: row.displayName,
    email: row.email,
    phone: row.phone,
    postCode: row.postCode,
    city: row.city,
    street: row.street,
    nip: row.nip,
    createdAt: row.createdAt.toISOString(),
    approvedAt: row.approvedAt ? row.approvedAt.toISOString() : null,
  };
}
