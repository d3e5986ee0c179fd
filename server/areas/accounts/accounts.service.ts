import { and, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { AUTH_TOKEN_HOURS } from "../../../domain/constants";
import { DEFAULT_LANG, type Lang } from "../../../domain/i18n";
import { isAdmin } from "../../../domain/roles";
import type { PublicUser } from "../../../domain/types";
import { userSettingsSchema } from "../../../domain/validation/address";
import {
  changePasswordSchema,
  loginSchema,
  newPasswordSchema,
  registerPayloadSchema,
  resetPasswordSchema,
} from "../../../domain/validation/auth";
import { parseForm } from "../../../domain/validation/errors";
import { MSG } from "../../../domain/validation/messages";
import { adminUserUpdateSchema } from "../../../domain/validation/user";
import type { Config } from "../../config";
import type { Db, Tx } from "../../db/client";
import { isDbId } from "../../db/ids";
import {
  containsText,
  LIST_PAGE_SIZE,
  type ListPage,
  type ListQuery,
  readTablePage,
} from "../../db/list-page";
import { isUniqueViolation } from "../../db/pg-errors";
import { oneTimeTokens, sessions, users } from "../../db/schema";
import { createRateLimiter, type RateLimits } from "../../lib/rate-limit";
import { FailureError, fail, ok, type Result } from "../../lib/result";
import { type AuditedChange, auditedWrite, deleted, inTransaction, refuse } from "../audit/audited-write";
import type { MailService } from "../mail/mail.service";
import { toPublicUser, type UserRow } from "./accounts.mapper";
import { confirmationEmail, passwordResetEmail } from "./emails";
import { hashPassword, needsRehash, verifyPassword } from "./password";
import { hashToken, newToken } from "./tokens";

// Accounts (SPEC §2 guest-only and login-required routes, §5, §6, §7 auth and users): registration
// with e-mail confirmation, login with server-side sessions (docs/decisions/003-sessions.md), password
// reset, approval, and the admin's user management. Expected failures are Result values; the API
// handlers and the web actions both call these functions.

/** Who is asking: the client's address (rate limits), agent (session list) and language (e-mails). */
export type RequestMeta = { ip: string; userAgent?: string | null; lang?: Lang };

export const SESSION_TTL_MS = AUTH_TOKEN_HOURS * 60 * 60 * 1000;
export const CONFIRMATION_TTL_MS = 48 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** `sessions.last_seen_at` is written at most this often per session. */
const LAST_SEEN_EVERY_MS = 60 * 1000;
/** Expired sessions and one-time tokens are deleted at most this often per process (at login). */
const PRUNE_EVERY_MS = 10 * 60 * 1000;
/** Used or expired one-time tokens are kept this long (so a reused link is recognised), then deleted. */
const TOKEN_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export type ConfirmEmailOutcome =
  | "success"
  | "user-not-found"
  | "invalid-token"
  | "user-has-already-confirmed-email";

export interface LoginSuccess {
  token: string;
  expiresAt: Date;
  user: PublicUser;
}

export interface AccountsServiceOptions {
  /** smaller limits for tests; the defaults are DEFAULT_RATE_LIMITS */
  rateLimits?: Partial<RateLimits>;
  /** where work done after the answer (the reset e-mail) reports a failure */
  log?: { error(data: object, message: string): void };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/** The link query of /ustaw-nowe-haslo and /api/auth/confirm-email. */
const linkSchema = z.object({
  token: z.string().min(1).max(200),
  email: z.string().max(254).optional(),
});

/** An admin editing another user: any subset of the address fields, plus roles and approval. */
const adminEditSchema = adminUserUpdateSchema.partial();

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** accounts per page of the staff users list */
export const USERS_PAGE_SIZE = LIST_PAGE_SIZE;

const sameEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

/** The audited fields of an account (never the password hash or tokens). */
const AUDITED_USER_FIELDS = [
  "displayName",
  "email",
  "phone",
  "postCode",
  "city",
  "street",
  "nip",
  "roles",
  "approved",
] as const;

/**
 * An admin's change of an account as the audit log keeps it: only the fields that changed, before and
 * after, under the action they make ("user.roles", "user.approve" or "user.update"); unchanged (no
 * entry) when none did.
 */
function userChange(before: UserRow, after: UserRow): AuditedChange<UserRow> {
  const changed = AUDITED_USER_FIELDS.filter(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
  const pick = (row: UserRow) => Object.fromEntries(changed.map((field) => [field, row[field]]));
  return {
    value: after,
    entityId: after.id,
    before: pick(before),
    after: pick(after),
    unchanged: changed.length === 0,
    action: changed.includes("roles")
      ? "user.roles"
      : changed.length === 1 && changed[0] === "approved"
        ? "user.approve"
        : "user.update",
  };
}

const userNotFound = () => fail("auth/user-not-found");
const emailTaken = () => fail("auth/email-already-in-use");

export function createAccountsService(
  db: Db,
  config: Pick<Config, "publicUrl" | "shopName" | "passwordCost">,
  mail: Pick<MailService, "send">,
  options: AccountsServiceOptions = {},
) {
  const limiter = createRateLimiter(db, { limits: options.rateLimits });
  const log = options.log ?? { error: (data: object, message: string) => console.error(message, data) };
  /** work started after the answer was decided (see `settled`) */
  const background = new Set<Promise<void>>();
  let dummyHash: Promise<string> | null = null;
  let lastPrune = 0;

  /** Deletes expired sessions and old one-time tokens of every user (throttled). */
  async function pruneExpired(now: Date): Promise<void> {
    if (now.getTime() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now.getTime();
    await db.delete(sessions).where(lt(sessions.expiresAt, now));
    await db
      .delete(oneTimeTokens)
      .where(lt(oneTimeTokens.expiresAt, new Date(now.getTime() - TOKEN_RETENTION_MS)));
  }

  /** A hash with the configured cost to verify against when the e-mail is unknown (same timing). */
  function dummy(): Promise<string> {
    dummyHash ??= hashPassword(newToken(), config.passwordCost);
    return dummyHash;
  }

  async function findByEmail(email: string): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(sameEmail(email)).limit(1);
    return row ?? null;
  }

  async function findById(id: number): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  /**
   * A new password stored: every session of the user ends but the one kept (its token hash), and the
   * open reset links are spent.
   */
  async function storePassword(
    tx: Tx,
    userId: number,
    passwordHash: string,
    now: Date,
    keptSessionHash: string | null,
  ): Promise<void> {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    await tx
      .delete(sessions)
      .where(
        keptSessionHash === null
          ? eq(sessions.userId, userId)
          : and(eq(sessions.userId, userId), ne(sessions.tokenHash, keptSessionHash)),
      );
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(oneTimeTokens.userId, userId),
          eq(oneTimeTokens.kind, "password-reset"),
          isNull(oneTimeTokens.usedAt),
        ),
      );
  }

  /** The one-time token of `kind` whose hash is the given token's, or null. */
  async function findToken(kind: "email-confirmation" | "password-reset", token: string) {
    const [row] = await db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.kind, kind)))
      .limit(1);
    return row ?? null;
  }

  async function issueToken(
    userId: number,
    kind: "email-confirmation" | "password-reset",
    ttlMs: number,
  ): Promise<string> {
    const token = newToken();
    await db.insert(oneTimeTokens).values({
      userId,
      kind,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ttlMs),
    });
    return token;
  }

  async function sendConfirmation(user: UserRow, lang: Lang): Promise<void> {
    const token = await issueToken(user.id, "email-confirmation", CONFIRMATION_TTL_MS);
    const query = new URLSearchParams({ token, email: user.email });
    const link = `${config.publicUrl}/api/auth/confirm-email?${query}`;
    await mail.send(confirmationEmail(lang, config.shopName, user.email, user.displayName, link));
  }

  async function createSession(
    userId: number,
    userAgent: string | null | undefined,
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await pruneExpired(now);
    await db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId,
      expiresAt,
      lastSeenAt: now,
      userAgent: userAgent ? userAgent.slice(0, 500) : null,
    });
    return { token, expiresAt };
  }

  /** Runs `work` without holding the answer back; a failure is logged (by kind, never the address). */
  function inBackground(what: string, work: () => Promise<void>): void {
    // started once the answer is on its way (the next turn of the event loop), so that its
    // queries do not hold the answer back either
    const task: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, 0))
      .then(work)
      .catch((error: unknown) => {
        log.error({ error: error instanceof Error ? error.name : "unknown" }, `${what} failed`);
      })
      .finally(() => background.delete(task));
    background.add(task);
  }

  function adminOnly(actor: PublicUser | null): Result<PublicUser> {
    if (!actor) return fail("unauthorized");
    if (!isAdmin(actor)) return fail("forbidden-admin");
    return ok(actor);
  }

  return {
    /** Resolves when the work started after an answer (the reset e-mail) is done: tests, shutdown. */
    async settled(): Promise<void> {
      while (background.size > 0) await Promise.allSettled([...background]);
    },

    async register(input: unknown, meta: RequestMeta): Promise<Result<PublicUser>> {
      const parsed = parseForm(registerPayloadSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const { email, password, displayName } = parsed.data;
      const limit = await limiter.hit("register", { account: email, address: meta.ip });
      if (!limit.allowed) return fail("rate-limited");
      if (await findByEmail(email)) return fail("auth/email-already-in-use");
      const passwordHash = await hashPassword(password, config.passwordCost);
      let row: UserRow | undefined;
      try {
        [row] = await db
          .insert(users)
          .values({ email, passwordHash, displayName, roles: ["user"], approved: false })
          .returning();
      } catch (error) {
        if (isUniqueViolation(error)) return fail("auth/email-already-in-use");
        throw error;
      }
      if (!row) throw new Error("users insert returned nothing");
      await sendConfirmation(row, meta.lang ?? DEFAULT_LANG);
      return ok(toPublicUser(row));
    },

    async login(input: unknown, meta: RequestMeta): Promise<Result<LoginSuccess>> {
      const parsed = parseForm(loginSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const { email, password } = parsed.data;
      // per (account, address) and per address a hard limit; per account a back-off, so a stranger
      // guessing from elsewhere slows the account down but cannot keep its owner out (ADR 036)
      const limit = await limiter.hit("login", { account: email, address: meta.ip });
      if (!limit.allowed) return fail("rate-limited");
      if (limit.delayMs > 0) await sleep(limit.delayMs);
      const user = await findByEmail(email);
      // Unknown e-mail and wrong password take the same path, time and answer.
      const valid = await verifyPassword(password, user?.passwordHash ?? (await dummy()));
      if (!user || !valid) return fail("auth/wrong-password");
      await limit.undo();
      await limit.remember();
      if (needsRehash(user.passwordHash, config.passwordCost)) {
        await db
          .update(users)
          .set({ passwordHash: await hashPassword(password, config.passwordCost) })
          .where(eq(users.id, user.id));
      }
      const session = await createSession(user.id, meta.userAgent);
      return ok({ ...session, user: toPublicUser(user) });
    },

    async logout(token: string): Promise<void> {
      if (!token) return;
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    },

    async userFromToken(token: string | null | undefined): Promise<PublicUser | null> {
      if (!token || token.length > 200) return null;
      const tokenHash = hashToken(token);
      const now = new Date();
      const [row] = await db
        .select({ user: users, lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
        .limit(1);
      if (!row) return null;
      if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
        const staleBefore = new Date(now.getTime() - LAST_SEEN_EVERY_MS);
        await db
          .update(sessions)
          .set({ lastSeenAt: now })
          .where(and(eq(sessions.tokenHash, tokenHash), lt(sessions.lastSeenAt, staleBefore)));
      }
      return toPublicUser(row.user);
    },

    /**
     * The e-mail link. The token alone decides (an anonymous caller learns nothing about an e-mail
     * that is not the token's own): an unknown token is invalid-token whatever the e-mail;
     * user-not-found means the token is real but the link's e-mail is not (any more) its account's
     * address, e.g. an admin changed it. Limited per address, so tokens cannot be tried in bulk.
     */
    async confirmEmail(
      input: { token: string; email?: string },
      meta: RequestMeta,
    ): Promise<Result<ConfirmEmailOutcome>> {
      const limit = await limiter.hitAddress("confirm", meta.ip);
      if (!limit.allowed) return fail("rate-limited");
      const link = linkSchema.safeParse(input);
      if (!link.success) return ok("invalid-token");
      const tokenRow = await findToken("email-confirmation", link.data.token);
      if (!tokenRow) return ok("invalid-token");
      const user = await findById(tokenRow.userId);
      if (!user) return ok("user-not-found");
      const email = link.data.email?.trim().toLowerCase();
      if (email && email !== user.email.toLowerCase()) return ok("user-not-found");
      if (user.emailConfirmedAt) return ok("user-has-already-confirmed-email");
      const now = new Date();
      if (tokenRow.usedAt || tokenRow.expiresAt <= now) return ok("invalid-token");
      const confirmed = await db.transaction(async (tx) => {
        const [used] = await tx
          .update(oneTimeTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(oneTimeTokens.id, tokenRow.id),
              isNull(oneTimeTokens.usedAt),
              gt(oneTimeTokens.expiresAt, now),
            ),
          )
          .returning({ id: oneTimeTokens.id });
        if (!used) return false;
        await tx
          .update(users)
          .set({
            emailConfirmedAt: now,
            approved: true,
            approvedAt: sql`coalesce(${users.approvedAt}, ${now.toISOString()}::timestamptz)`,
            updatedAt: now,
          })
          .where(eq(users.id, user.id));
        return true;
      });
      return ok(confirmed ? "success" : "invalid-token");
    },

    async requestPasswordReset(input: unknown, meta: RequestMeta): Promise<Result<void>> {
      const parsed = parseForm(resetPasswordSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const { email } = parsed.data;
      const limit = await limiter.hit("reset", { account: email, address: meta.ip });
      if (!limit.allowed) return fail("rate-limited");
      const user = await findByEmail(email);
      // The same answer, after the same work, whether or not the e-mail has an account: the link is
      // made and mailed after the answer (a known account's extra writes would show in the timing).
      if (!user) return ok(undefined);
      const lang = meta.lang ?? DEFAULT_LANG;
      inBackground("password reset e-mail", async () => {
        // A new link replaces the ones sent before.
        await db
          .update(oneTimeTokens)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(oneTimeTokens.userId, user.id),
              eq(oneTimeTokens.kind, "password-reset"),
              isNull(oneTimeTokens.usedAt),
            ),
          );
        const token = await issueToken(user.id, "password-reset", PASSWORD_RESET_TTL_MS);
        const query = new URLSearchParams({ token, email: user.email });
        const link = `${config.publicUrl}/ustaw-nowe-haslo?${query}`;
        await mail.send(passwordResetEmail(lang, config.shopName, user.email, user.displayName, link));
      });
      return ok(undefined);
    },

    async setNewPassword(input: unknown): Promise<Result<void>> {
      const passwords = parseForm(newPasswordSchema, input);
      if (!passwords.ok) return fail("validation", passwords.errors);
      const link = linkSchema.safeParse(input);
      if (!link.success) return fail("invalid-token");
      const now = new Date();
      const tokenRow = await findToken("password-reset", link.data.token);
      if (!tokenRow || tokenRow.usedAt || tokenRow.expiresAt <= now) return fail("invalid-token");
      const user = await findById(tokenRow.userId);
      if (!user) return fail("invalid-token");
      const email = link.data.email?.trim().toLowerCase();
      if (email && email !== user.email.toLowerCase()) return fail("invalid-token");
      const passwordHash = await hashPassword(passwords.data.password, config.passwordCost);
      try {
        await db.transaction(async (tx) => {
          const [used] = await tx
            .update(oneTimeTokens)
            .set({ usedAt: now })
            .where(
              and(
                eq(oneTimeTokens.id, tokenRow.id),
                isNull(oneTimeTokens.usedAt),
                gt(oneTimeTokens.expiresAt, now),
              ),
            )
            .returning({ id: oneTimeTokens.id });
          if (!used) throw new FailureError(fail("invalid-token"));
          // every session of the account ends: whoever knew the old password is logged out
          await storePassword(tx, user.id, passwordHash, now, null);
        });
      } catch (error) {
        if (error instanceof FailureError) return error.failure;
        throw error;
      }
      return ok(undefined);
    },

    /**
     * Changes the signed-in user's password: the current one is checked like a login's (the same
     * limits, so a stolen session cannot guess it), then every other session of the account ends and
     * the one asking (`currentToken`) stays; open reset links are spent.
     */
    async changePassword(
      actor: PublicUser | null,
      input: unknown,
      meta: RequestMeta,
      currentToken: string | null,
    ): Promise<Result<void>> {
      if (!actor) return fail("unauthorized");
      const parsed = parseForm(changePasswordSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const user = await findById(actor._id);
      if (!user) return fail("unauthorized");
      const limit = await limiter.hit("login", { account: user.email, address: meta.ip });
      if (!limit.allowed) return fail("rate-limited");
      if (limit.delayMs > 0) await sleep(limit.delayMs);
      if (!(await verifyPassword(parsed.data.currentPassword, user.passwordHash))) {
        return fail("validation", { currentPassword: { key: MSG.currentPasswordWrong } });
      }
      await limit.undo();
      const passwordHash = await hashPassword(parsed.data.password, config.passwordCost);
      const now = new Date();
      const kept = currentToken ? hashToken(currentToken) : null;
      await db.transaction(async (tx) => {
        // whoever else is signed in (a stolen session, a forgotten computer) is logged out
        await storePassword(tx, user.id, passwordHash, now, kept);
      });
      return ok(undefined);
    },

    async resendConfirmation(user: PublicUser, meta: RequestMeta): Promise<Result<void>> {
      const row = await findById(user._id);
      if (!row) return fail("unauthorized");
      // Nothing to confirm any more.
      if (row.approved) return ok(undefined);
      // The e-mail is confirmed but an admin withdrew the approval: a link would not help.
      if (row.emailConfirmedAt) return fail("account-not-approved");
      const limit = await limiter.hit("resend", { account: row.email, address: meta.ip });
      if (!limit.allowed) return fail("rate-limited");
      await sendConfirmation(row, meta.lang ?? DEFAULT_LANG);
      return ok(undefined);
    },

    /**
     * Oneself (any role): the settings fields only (userSettingsSchema); roles and approval in the input
     * are ignored, so nobody raises their own roles or approves themselves. An admin editing another
     * user: any subset of the address fields (e-mail included), roles and approval.
     */
    async updateUser(actor: PublicUser | null, id: number, input: unknown): Promise<Result<PublicUser>> {
      if (!actor) return fail("unauthorized");
      const self = actor._id === id;
      if (!self && !isAdmin(actor)) return fail("forbidden-admin");
      const current = await findById(id);
      if (!current) return fail("auth/user-not-found");
      const now = new Date();
      let changes: Partial<typeof users.$inferInsert>;
      if (self) {
        const parsed = parseForm(userSettingsSchema, input);
        if (!parsed.ok) return fail("validation", parsed.errors);
        const { displayName, phone, postCode, city, street, nip } = parsed.data;
        changes = { displayName, phone, postCode, city, street, nip: nip ?? null };
      } else {
        const parsed = parseForm(adminEditSchema, input);
        if (!parsed.ok) return fail("validation", parsed.errors);
        const data = parsed.data;
        changes = {};
        if (data.displayName !== undefined) changes.displayName = data.displayName;
        if (data.phone !== undefined) changes.phone = data.phone;
        if (data.postCode !== undefined) changes.postCode = data.postCode;
        if (data.city !== undefined) changes.city = data.city;
        if (data.street !== undefined) changes.street = data.street;
        if (data.nip !== undefined) changes.nip = data.nip;
        if (data.roles !== undefined) changes.roles = data.roles;
        if (data.email !== undefined && data.email.toLowerCase() !== current.email.toLowerCase()) {
          const [taken] = await db
            .select({ id: users.id })
            .from(users)
            .where(and(sameEmail(data.email), ne(users.id, id)))
            .limit(1);
          if (taken) return fail("auth/email-already-in-use");
          changes.email = data.email;
        }
        if (data.approved !== undefined && data.approved !== current.approved) {
          changes.approved = data.approved;
          changes.approvedAt = data.approved ? now : null;
        }
      }
      const write = async (tx: Tx) => {
        const [updated] = await tx
          .update(users)
          .set({ ...changes, updatedAt: now })
          .where(eq(users.id, id))
          .returning();
        return updated ?? refuse(userNotFound());
      };
      // an admin's edit of another account is audited: the changed fields before and after
      const row = self
        ? await inTransaction(db, write, emailTaken)
        : await auditedWrite(
            db,
            actor,
            "user.update",
            async (tx) => userChange(current, await write(tx)),
            emailTaken,
          );
      return row.ok ? ok(toPublicUser(row.value)) : row;
    },

    /** Every user, newest first (admin only). */
    async listUsers(actor: PublicUser | null): Promise<Result<PublicUser[]>> {
      const allowed = adminOnly(actor);
      if (!allowed.ok) return allowed;
      const rows = await db.select().from(users).orderBy(desc(users.createdAt), desc(users.id));
      return ok(rows.map(toPublicUser));
    },

    /**
     * One page of the accounts, newest first, searched in the database by name or e-mail (accents and
     * case ignored; admin only). `page` past the end gives the last page.
     */
    async searchUsers(actor: PublicUser | null, query: ListQuery): Promise<Result<ListPage<PublicUser>>> {
      const allowed = adminOnly(actor);
      if (!allowed.ok) return allowed;
      const search = query.search.trim().slice(0, 100);
      const where = search
        ? containsText(sql`${users.displayName} || ' ' || ${users.email}`, search)
        : undefined;
      const orderBy = [desc(users.createdAt), desc(users.id)];
      const found = await readTablePage(db, users, { where, orderBy, page: query.page });
      return ok({ ...found, items: found.items.map(toPublicUser) });
    },

    /** One account by id (admin only). */
    async getUser(actor: PublicUser | null, id: number): Promise<Result<PublicUser>> {
      const allowed = adminOnly(actor);
      if (!allowed.ok) return allowed;
      if (!isDbId(id)) return fail("auth/user-not-found");
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row ? ok(toPublicUser(row)) : fail("auth/user-not-found");
    },

    /** Approves an account (admin only); approving an approved account changes nothing. */
    async confirmUser(actor: PublicUser | null, id: number): Promise<Result<PublicUser>> {
      const allowed = adminOnly(actor);
      if (!allowed.ok) return allowed;
      const now = new Date();
      const row = await auditedWrite(db, allowed.value, "user.approve", async (tx) => {
        const [before] = await tx.select().from(users).where(eq(users.id, id)).for("update");
        if (!before) return refuse(userNotFound());
        const [updated] = await tx
          .update(users)
          .set({
            approved: true,
            approvedAt: sql`coalesce(${users.approvedAt}, ${now.toISOString()}::timestamptz)`,
            updatedAt: now,
          })
          .where(eq(users.id, id))
          .returning();
        // approving an approved account changes no audited field: no entry
        return userChange(before, updated ?? refuse(userNotFound()));
      });
      return row.ok ? ok(toPublicUser(row.value)) : row;
    },

    /** Deletes an account and ends its sessions (admin only; not one's own account). */
    async deleteUser(actor: PublicUser | null, id: number): Promise<Result<void>> {
      const allowed = adminOnly(actor);
      if (!allowed.ok) return allowed;
      if (allowed.value._id === id) return fail("conflict");
      const removed = await auditedWrite(db, allowed.value, "user.delete", async (tx) => {
        await tx.delete(sessions).where(eq(sessions.userId, id));
        const [row] = await tx.delete(users).where(eq(users.id, id)).returning();
        if (!row) return refuse(userNotFound());
        const { email, displayName, roles, approved } = row;
        return deleted(id, { email, displayName, roles, approved }, undefined);
      });
      return removed.ok ? ok(undefined) : removed;
    },
  };
}
