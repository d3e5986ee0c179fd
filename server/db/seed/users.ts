import { sql } from "drizzle-orm";
import { hashPassword } from "../../areas/accounts/password";
import type { Config } from "../../config";
import type { Tx } from "../client";
import { users } from "../schema";
import { demoUserDefs, staffUserDef, type UserDef } from "./demo-data/users";
import { daysBefore } from "./plan";
import type { Executor } from "./seed-lock";

// The staff account (ensured on every start) and the demo accounts.

/** An account to create, with its password already hashed (outside the transaction: ~0.4 s each at the standard cost). */
export interface UserRow {
  def: UserDef;
  passwordHash: string;
}

function userValues(now: Date, { def, passwordHash }: UserRow): typeof users.$inferInsert {
  const createdAt = daysBefore(now, def.daysAgo);
  return {
    email: def.email,
    passwordHash,
    displayName: def.displayName,
    roles: def.roles,
    approved: def.approved,
    approvedAt: def.approved ? createdAt : null,
    emailConfirmedAt: def.emailConfirmed ? createdAt : null,
    phone: def.phone ?? null,
    postCode: def.postCode ?? null,
    city: def.city ?? null,
    street: def.street ?? null,
    createdAt,
    updatedAt: createdAt,
  };
}

async function userExists(db: Executor, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows.length > 0;
}

/**
 * Creates the staff account from the config (roles admin, shop-moderator, user; approved) when no
 * user has that e-mail. An existing account is left as it is (its password may have been changed).
 * Returns true when it created the account.
 */
export async function ensureStaffAccount(db: Executor, config: Config): Promise<boolean> {
  if (await userExists(db, config.admin.email)) return false;
  const def = staffUserDef(config);
  const passwordHash = await hashPassword(def.password, config.passwordCost);
  const inserted = await db
    .insert(users)
    .values(userValues(new Date(), { def, passwordHash }))
    .onConflictDoNothing()
    .returning({ id: users.id });
  return inserted.length > 0;
}

/** The staff and demo accounts that do not exist yet, with their passwords hashed. */
export async function hashMissingUsers(db: Executor, config: Config): Promise<UserRow[]> {
  const userDefs = [staffUserDef(config), ...demoUserDefs];
  const missingDefs: UserDef[] = [];
  for (const def of userDefs) if (!(await userExists(db, def.email))) missingDefs.push(def);
  return Promise.all(
    missingDefs.map(async (def) => ({
      def,
      passwordHash: await hashPassword(def.password, config.passwordCost),
    })),
  );
}

/** Inserts the accounts that still do not exist; returns how many it inserted. */
export async function insertUsers(tx: Tx, now: Date, userRows: readonly UserRow[]): Promise<number> {
  let userCount = 0;
  for (const row of userRows) {
    if (await userExists(tx, row.def.email)) continue;
    const inserted = await tx
      .insert(users)
      .values(userValues(now, row))
      .onConflictDoNothing()
      .returning({ id: users.id });
    userCount += inserted.length;
  }
  return userCount;
}
