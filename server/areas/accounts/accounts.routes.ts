import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { isLang } from "../../../domain/i18n";
import * as authForms from "../../../domain/validation/auth";
import { idFromTextSchema, textSchema } from "../../../domain/validation/common";
import { adminUserUpdateSchema } from "../../../domain/validation/user";
import { apiRoute } from "../../http/api-route";
import { signedInUser } from "../../http/auth";
import { neverCached } from "../../http/never-cached";
import { messageReply } from "../../http/reply-schemas";
import { unwrap } from "../../lib/result";
import { loginReply, publicUserReply, registerReply } from "./accounts.replies";
import type { RequestMeta } from "./accounts.service";
import {
  isSecureCookie,
  readSessionToken,
  serializeClearSessionCookie,
  serializeSessionCookie,
} from "./session-cookie";

// SPEC §7 Auth and Users. Thin: parse, call one accounts service function, shape the reply.
//   POST /auth/login, POST /auth/register, GET /auth/user, POST /auth/logout,
//   PUT /auth/reset-password, PUT /auth/new-password, GET /auth/confirm-email (→ 302),
//   PUT /auth/change-password (signed in: the current password and a new one; other sessions end),
//   GET /users (admin), GET /users/send-confirmation-email (signed in), PUT /users/:id/confirm (admin),
//   PUT /users/:id (admin or oneself), DELETE /users/:id (admin).

const idParamsSchema = z.object({ id: idFromTextSchema });
const confirmQuerySchema = z.object({
  token: z.string().catch(""),
  email: textSchema().optional().catch(undefined),
});

function requestMeta(request: FastifyRequest): RequestMeta {
  const lang = request.cookies.lang;
  return {
    ip: request.ip,
    userAgent: request.headers["user-agent"] ?? null,
    lang: isLang(lang) ? lang : undefined,
  };
}

export async function accountsRoutes(app: FastifyInstance): Promise<void> {
  const { accounts, config } = app.services;
  const cookieOptions = { secure: isSecureCookie(config) };

  // the reset e-mail is sent after its answer: a closing app waits for it
  app.addHook("onClose", async () => {
    await accounts.settled();
  });

  // Answers about a person are never cached.
  neverCached(app);

  app.post(
    "/auth/login",
    apiRoute({
      summary: "Log in; returns accessToken and user",
      tag: "auth",
      access: "public",
      body: authForms.loginSchema,
      response: loginReply,
      errors: ["auth/wrong-password", "rate-limited"],
    }),
    async (request, reply) => {
      const { token, expiresAt, user } = unwrap(await accounts.login(request.body, requestMeta(request)));
      reply.header("set-cookie", serializeSessionCookie(token, expiresAt, cookieOptions));
      return { accessToken: token, expiresAt: expiresAt.toISOString(), user };
    },
  );

  app.post(
    "/auth/register",
    apiRoute({
      summary: "Register an account",
      tag: "auth",
      access: "public",
      body: authForms.registerPayloadSchema,
      status: 201,
      response: registerReply,
      errors: ["auth/email-already-in-use", "rate-limited"],
    }),
    async (request, reply) => {
      const user = unwrap(await accounts.register(request.body, requestMeta(request)));
      reply.status(201);
      return { message: "User was registered successfully!", messageKey: "success.userRegistered", user };
    },
  );

  app.get(
    "/auth/user",
    apiRoute({ summary: "The signed-in user", tag: "auth", access: "user", response: publicUserReply }),
    async (request) => signedInUser(request),
  );

  app.post(
    "/auth/logout",
    apiRoute({
      summary: "End the session",
      tag: "auth",
      access: "public",
      body: "none",
      response: messageReply,
    }),
    async (request, reply) => {
      const token = readSessionToken({
        cookie: request.headers.cookie,
        authorization: request.headers.authorization,
      });
      if (token) await accounts.logout(token);
      reply.header("set-cookie", serializeClearSessionCookie(cookieOptions));
      return { message: "Logged out" };
    },
  );

  app.put(
    "/auth/reset-password",
    apiRoute({
      summary: "Send a password reset link",
      tag: "auth",
      access: "public",
      body: authForms.resetPasswordSchema,
      response: messageReply,
      errors: ["rate-limited"],
    }),
    async (request) => {
      unwrap(await accounts.requestPasswordReset(request.body, requestMeta(request)));
      return { message: "Email sent", messageKey: "success.emailSent" };
    },
  );

  app.put(
    "/auth/new-password",
    apiRoute({
      summary: "Set a new password with the e-mailed link",
      tag: "auth",
      access: "public",
      body: authForms.newPasswordSchema,
      response: messageReply,
      errors: ["invalid-token"],
    }),
    async (request) => {
      unwrap(await accounts.setNewPassword(request.body));
      return { message: "Password updated", messageKey: "success.passwordUpdated" };
    },
  );

  app.put(
    "/auth/change-password",
    apiRoute({
      summary: "Change one's password (the current one and a new one); every other session ends",
      tag: "auth",
      access: "user",
      body: authForms.changePasswordSchema,
      response: messageReply,
      errors: ["rate-limited"],
    }),
    async (request) => {
      const token = readSessionToken({
        cookie: request.headers.cookie,
        authorization: request.headers.authorization,
      });
      unwrap(await accounts.changePassword(signedInUser(request), request.body, requestMeta(request), token));
      return { message: "Password updated", messageKey: "success.passwordUpdated" };
    },
  );

  app.get(
    "/auth/confirm-email",
    apiRoute({
      summary: "Confirm an e-mail address (link from the e-mail)",
      tag: "auth",
      access: "public",
      querystring: confirmQuerySchema,
      status: 302,
      errors: ["rate-limited"],
    }),
    async (request, reply) => {
      const query = confirmQuerySchema.parse(request.query ?? {});
      const outcome = unwrap(
        await accounts.confirmEmail(
          { token: query.token, ...(query.email ? { email: query.email } : {}) },
          requestMeta(request),
        ),
      );
      return reply.redirect(
        outcome === "success" ? "/token-success" : `/token-error?errorType=${encodeURIComponent(outcome)}`,
        302,
      );
    },
  );

  app.get(
    "/users",
    apiRoute({
      summary: "Every user (admin)",
      tag: "users",
      access: "admin",
      response: z.array(publicUserReply),
    }),
    async (request) => unwrap(await accounts.listUsers(signedInUser(request))),
  );

  app.get(
    "/users/send-confirmation-email",
    apiRoute({
      summary: "Send the confirmation e-mail again",
      tag: "users",
      access: "user",
      response: messageReply,
      errors: ["account-not-approved", "rate-limited"],
    }),
    async (request) => {
      unwrap(await accounts.resendConfirmation(signedInUser(request), requestMeta(request)));
      return { message: "Email sent", messageKey: "success.emailSent" };
    },
  );

  app.put(
    "/users/:id/confirm",
    apiRoute({
      summary: "Approve an account (admin)",
      tag: "users",
      access: "admin",
      params: idParamsSchema,
      body: "none",
      response: publicUserReply,
      errors: ["auth/user-not-found"],
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      return unwrap(await accounts.confirmUser(signedInUser(request), id));
    },
  );

  app.put(
    "/users/:id",
    apiRoute({
      summary: "Update oneself, or any user (admin)",
      tag: "users",
      access: "user",
      params: idParamsSchema,
      body: adminUserUpdateSchema.partial(),
      response: publicUserReply,
      errors: ["forbidden-admin", "auth/user-not-found", "auth/email-already-in-use"],
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      return unwrap(await accounts.updateUser(signedInUser(request), id, request.body ?? {}));
    },
  );

  app.delete(
    "/users/:id",
    apiRoute({
      summary: "Delete a user (admin); their orders are kept",
      tag: "users",
      access: "admin",
      params: idParamsSchema,
      response: messageReply,
      errors: ["auth/user-not-found", "conflict"],
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      unwrap(await accounts.deleteUser(signedInUser(request), id));
      return { message: "User deleted", messageKey: "success.userDeleted" };
    },
  );
}
