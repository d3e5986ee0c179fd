import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { isLang } from "../../../domain/i18n";
import { idFromTextSchema, textSchema } from "../../../domain/validation/common";
import { requireAdmin, requireUser, signedInUser } from "../../http/auth";
import { FailureError, type Result } from "../../lib/result";
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

function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new FailureError(result);
  return result.value;
}

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
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.post("/auth/login", async (request, reply) => {
    const { token, expiresAt, user } = unwrap(await accounts.login(request.body, requestMeta(request)));
    reply.header("set-cookie", serializeSessionCookie(token, expiresAt, cookieOptions));
    return { accessToken: token, expiresAt: expiresAt.toISOString(), user };
  });

  app.post("/auth/register", async (request, reply) => {
    const user = unwrap(await accounts.register(request.body, requestMeta(request)));
    reply.status(201);
    return { message: "User was registered successfully!", messageKey: "success.userRegistered", user };
  });

  app.get("/auth/user", { preHandler: requireUser }, async (request) => signedInUser(request));

  app.post("/auth/logout", async (request, reply) => {
    const token = readSessionToken({
      cookie: request.headers.cookie,
      authorization: request.headers.authorization,
    });
    if (token) await accounts.logout(token);
    reply.header("set-cookie", serializeClearSessionCookie(cookieOptions));
    return { message: "Logged out" };
  });

  app.put("/auth/reset-password", async (request) => {
    unwrap(await accounts.requestPasswordReset(request.body, requestMeta(request)));
    return { message: "Email sent", messageKey: "success.emailSent" };
  });

  app.put("/auth/new-password", async (request) => {
    unwrap(await accounts.setNewPassword(request.body));
    return { message: "Password updated", messageKey: "success.passwordUpdated" };
  });

  app.put("/auth/change-password", { preHandler: requireUser }, async (request) => {
    const token = readSessionToken({
      cookie: request.headers.cookie,
      authorization: request.headers.authorization,
    });
    unwrap(await accounts.changePassword(signedInUser(request), request.body, requestMeta(request), token));
    return { message: "Password updated", messageKey: "success.passwordUpdated" };
  });

  app.get("/auth/confirm-email", async (request, reply) => {
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
  });

  app.get("/users", { preHandler: requireAdmin }, async (request) =>
    unwrap(await accounts.listUsers(signedInUser(request))),
  );

  app.get("/users/send-confirmation-email", { preHandler: requireUser }, async (request) => {
    unwrap(await accounts.resendConfirmation(signedInUser(request), requestMeta(request)));
    return { message: "Email sent", messageKey: "success.emailSent" };
  });

  app.put("/users/:id/confirm", { preHandler: requireAdmin }, async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    return unwrap(await accounts.confirmUser(signedInUser(request), id));
  });

  app.put("/users/:id", { preHandler: requireUser }, async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    return unwrap(await accounts.updateUser(signedInUser(request), id, request.body ?? {}));
  });

  app.delete("/users/:id", { preHandler: requireAdmin }, async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    unwrap(await accounts.deleteUser(signedInUser(request), id));
    return { message: "User deleted", messageKey: "success.userDeleted" };
  });
}
