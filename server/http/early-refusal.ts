import type { FastifyReply, FastifyRequest } from "fastify";
import type { Failure } from "../lib/result";
import { errorBody } from "./errors";
import { langOfCookieHeader, plainPage, wantsHtml } from "./plain-page";

/**
 * A refusal answered before any route runs, never cached: the failure's JSON, or to a browser asking
 * for a page, a one-message page in its language with a link home.
 */
export function sendEarlyRefusal(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  failure: Failure,
): FastifyReply {
  const body = errorBody(failure);
  reply.code(status).header("cache-control", "no-store");
  if (!wantsHtml(request.url, request.headers.accept)) return reply.send(body);
  const lang = langOfCookieHeader(request.headers.cookie);
  return reply
    .type("text/html; charset=utf-8")
    .send(plainPage(lang, body.messageKey, { href: "/", key: "common.homeLink" }));
}
