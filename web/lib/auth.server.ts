import { type AppLoadContext, data, redirect } from "react-router";
import type { z } from "zod";
import { isMessageKey, type MessageKey } from "../../domain/i18n";
import type { PublicUser } from "../../domain/types";
import { parseForm } from "../../domain/validation/errors";
import type { RequestMeta } from "../../server/web-door";
import {
  ERROR_CODES,
  type ErrorCode,
  type Failure,
  isSecureCookie,
  readSessionToken,
  serializeClearSessionCookie,
  serializeSessionCookie,
} from "../../server/web-door";
import type { FormFailure } from "./forms";
import { readLastRoute } from "./last-route.server";
import { ACCOUNT_PATH, LOGIN_PATH } from "./paths";
import { safeRedirect } from "./safe-redirect";

// Session and guard helpers for route loaders and actions (the services do the work).

/** The login page that returns to `returnTo` afterwards. */
export function loginPathReturningTo(returnTo: string): string {
  return `${LOGIN_PATH}?return=${encodeURIComponent(returnTo)}`;
}

/** The signed-in user; anonymous visitors are redirected to login and come back here afterwards. */
export function requireUser(context: AppLoadContext, request: Request): PublicUser {
  if (context.user) return context.user;
  const url = new URL(request.url);
  throw redirect(loginPathReturningTo(`${url.pathname}${url.search}`));
}

/** The `return` query parameter of a request when it is a same-site path. */
export function returnParam(request: Request): string | undefined {
  const value = new URL(request.url).searchParams.get("return");
  const target = safeRedirect(value, "");
  return target || undefined;
}

/** Guest-only pages: a signed-in visitor goes to the `return` route, else to the account. */
export function redirectSignedIn(context: AppLoadContext, request: Request): void {
  if (context.user) throw redirect(returnParam(request) ?? ACCOUNT_PATH);
}

/**
 * Where login leads: the posted `return` route, else the last visited route, else the account.
 * Never back to a guest-only page.
 */
export function afterLoginTarget(request: Request, posted: FormDataEntryValue | null): string {
  const target = safeRedirect(posted, "");
  if (target && !target.startsWith(LOGIN_PATH)) return target;
  return readLastRoute(request) ?? ACCOUNT_PATH;
}

/** Who is asking: the client's address (per-address rate limits), agent and language (e-mails). */
export function requestMeta(request: Request, context: AppLoadContext): RequestMeta {
  return { ip: context.ip, userAgent: request.headers.get("user-agent"), lang: context.lang };
}

function cookieOptions(context: AppLoadContext): { secure: boolean } {
  return { secure: isSecureCookie(context.services.config) };
}

/** `Set-Cookie` value starting a browser session. */
export function sessionCookie(context: AppLoadContext, token: string, expiresAt: Date): string {
  return serializeSessionCookie(token, expiresAt, cookieOptions(context));
}

/** `Set-Cookie` value ending the browser session. */
export function clearSessionCookie(context: AppLoadContext): string {
  return serializeClearSessionCookie(cookieOptions(context));
}

/** The session token a request carries (cookie or bearer), or null. */
export function sessionToken(request: Request): string | null {
  return readSessionToken({
    cookie: request.headers.get("cookie"),
    authorization: request.headers.get("authorization"),
  });
}

/** The message key of a service failure (shown translated above the form). */
export function errorMessageKey(code: ErrorCode): MessageKey {
  const key: string = ERROR_CODES[code].key;
  return isMessageKey(key) ? key : "errors.generic";
}

/** The HTTP status of a service failure. */
export function errorStatus(code: ErrorCode): number {
  return ERROR_CODES[code].status;
}

/** An action's reply to a form that failed validation: 400, field errors, what was typed. */
export function invalidForm(errors: FormFailure["errors"], values?: FormFailure["values"]) {
  return data<FormFailure>({ formError: "errors.formContainsErrors", errors, values }, { status: 400 });
}

/** An action's reply to an expected service failure: its status and translated message. */
export function failedForm(failure: Failure, values?: FormFailure["values"]) {
  return data<FormFailure>(
    { formError: errorMessageKey(failure.code), errors: failure.fields, values },
    { status: errorStatus(failure.code) },
  );
}

/**
 * A form action's usual steps: parse the posted values with the form's schema, then run the service
 * with them. A refusal (an invalid form or the service's failure) comes back as the `reply` to return,
 * with the `kept` values the form shows again; a success as the service's own answer.
 */
export async function submitForm<S extends z.ZodType, R extends { ok: true } | Failure>(
  schema: S,
  values: unknown,
  kept: FormFailure["values"],
  run: (input: z.output<S>) => Promise<R>,
): Promise<Exclude<R, Failure> | { ok: false; reply: ReturnType<typeof invalidForm> }> {
  const parsed = parseForm(schema, values);
  if (!parsed.ok) return { ok: false, reply: invalidForm(parsed.errors, kept) };
  const result = await run(parsed.data);
  if (!result.ok) return { ok: false, reply: failedForm(result, kept) };
  return result as Exclude<R, Failure>;
}
