import type { Role } from "../../../domain/types";
import type { Db } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { SESSION_TTL_MS } from "./accounts.service";
import { hashPassword } from "./password";
import { hashToken, newToken } from "./tokens";

// Test fixtures: users with a known password and ready sessions, without going through the (slow,
// rate-limited) login for each one. Any area's tests can use them for their role checks:
//
//   const admin = await createSignedInUser(db, { roles: ["admin", "user"] });
//   await app.inject({ method: "GET", url: "/api/users", headers: bearer(admin.token) });

export const FIXTURE_PASSWORD = "haslo-testowe-123";

let fixtureHash: Promise<string> | null = null;
/**
 * One scrypt hash of FIXTURE_PASSWORD per module load, at the quick cost (what the tests' config,
 * server/test/test-config.ts, hashes with; an app with the standard cost re-hashes it at login).
 */
function passwordHash(): Promise<string> {
  fixtureHash ??= hashPassword(FIXTURE_PASSWORD, "quick");
  return fixtureHash;
}

let counter = 0;

export interface FixtureUserInput {
  email?: string;
  displayName?: string;
  roles?: Role[];
  approved?: boolean;
  emailConfirmed?: boolean;
}

export type FixtureUser = typeof users.$inferSelect;

/** Inserts a user (approved customer by default) whose password is FIXTURE_PASSWORD. */
export async function createUser(db: Db, input: FixtureUserInput = {}): Promise<FixtureUser> {
  counter += 1;
  const approved = input.approved ?? true;
  const now = new Date();
  const [row] = await db
    .insert(users)
    .values({
      email:
        input.email ?? `user-${Date.now()}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      passwordHash: await passwordHash(),
      displayName: input.displayName ?? `Użytkownik ${counter}`,
      roles: input.roles ?? ["user"],
      approved,
      approvedAt: approved ? now : null,
      emailConfirmedAt: (input.emailConfirmed ?? approved) ? now : null,
    })
    .returning();
  if (!row) throw new Error("users insert returned nothing");
  return row;
}

/** A fresh 24 h session for the user; returns the token (send it as cookie or bearer). */
export async function createSessionToken(db: Db, userId: number): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return token;
}

/** A user plus a session token. */
export async function createSignedInUser(
  db: Db,
  input: FixtureUserInput = {},
): Promise<FixtureUser & { token: string }> {
  const user = await createUser(db, input);
  return { ...user, token: await createSessionToken(db, user.id) };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
