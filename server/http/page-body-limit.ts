import type { Socket } from "node:net";
import { PassThrough, type Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { COMPLAINT_PHOTOS_MAX } from "../../domain/after-sale-status";
import { fail } from "../lib/result";
import { sendEarlyRefusal } from "./early-refusal";

// The body limit of the pages (docs/decisions/034). Fastify's `bodyLimit` covers the routes whose
// bodies Fastify itself reads (/api); the React Router mount hands every page action the raw request
// stream, which `request.formData()` would read whole into memory, however large. Here, for every
// route of the web app:
// - a declared Content-Length over the limit is refused with 413 at once, before anything is read;
// - any other body (a chunked one included) is read by counting, up to the limit, and the read stops
//   with 413 as soon as it passes it; a body within the limit reaches the route as its own stream.
// The refusal ends the connection: the rest of an oversized body is dropped for at most a second.
// A page that takes files (the complaint form's photos) is given its own, larger limit by its path
// (and its React Router data path, "{path}.data"); every other page keeps BODY_LIMIT_BYTES.

/** The most a request body may hold, pages and API alike (gallery uploads have their own limit). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** The complaint form's page (web/routes.ts "reklamacja"): its posts carry up to 5 photos (ADR 066). */
export const COMPLAINT_PAGE_PATH = "/reklamacja";

/** The complaint page's body limit: the photos at their largest plus the 1 MiB of any form. */
export const complaintPageBodyLimit = (maxUploadBytes: number) =>
  COMPLAINT_PHOTOS_MAX * maxUploadBytes + BODY_LIMIT_BYTES;

/**
 * The limit for the routes registered in `web` (register before the web app's routes); `larger`
 * names the pages (by path) that take more, e.g. { "/reklamacja": 51 MiB }.
 */
export function registerPageBodyLimit(
  web: FastifyInstance,
  limit: number = BODY_LIMIT_BYTES,
  larger: Readonly<Record<string, number>> = {},
): void {
  const limitOf = (request: FastifyRequest): number => {
    const pathname = request.url.split("?")[0]?.replace(/\.data$/, "") ?? "";
    return larger[pathname] ?? limit;
  };
  web.addHook("onRequest", async (request, reply) => {
    if (declaredLength(request) > limitOf(request)) return refuseTooLarge(request, reply);
  });
  web.addHook("onRoute", (route) => {
    const handler = route.handler;
    route.handler = async function limitedBody(this: FastifyInstance, request, reply) {
      if (!carriesBody(request)) return handler.call(this, request, reply);
      const body = await readUpTo(request.raw, limitOf(request));
      if (body === null) return refuseTooLarge(request, reply);
      return handler.call(this, withBody(request, body), reply);
    };
  });
}

function declaredLength(request: FastifyRequest): number {
  const header = request.headers["content-length"];
  return header === undefined ? 0 : Number(header);
}

/** The web app reads no body of a GET or HEAD; any other method's body is read here first. */
function carriesBody(request: FastifyRequest): boolean {
  return request.method !== "GET" && request.method !== "HEAD";
}

/** The whole body, or null as soon as it passes `limit` bytes (the stream is left paused). */
function readUpTo(stream: Readable, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      stream.off("data", onData);
      stream.off("end", onEnd);
      stream.off("error", onError);
      stream.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        done();
        stream.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      done();
      reject(Object.assign(error, { statusCode: 400 }));
    };
    // the client went away before the body ended
    const onClose = () => {
      if (stream.readableEnded) return;
      done();
      reject(Object.assign(new Error("request body aborted"), { statusCode: 400 }));
    };
    stream.on("data", onData);
    stream.on("end", onEnd);
    stream.on("error", onError);
    stream.on("close", onClose);
  });
}

/**
 * The request as the web app's handler sees it: the same in every respect but `raw`, whose body is
 * the bytes already read (the handler reads only the method, headers, URL and `raw`'s body from it).
 */
function withBody(request: FastifyRequest, body: Buffer): FastifyRequest {
  const raw = new PassThrough();
  raw.end(body);
  return new Proxy(request, {
    get: (target, key) => (key === "raw" ? raw : Reflect.get(target, key, target)),
  });
}

/** How long the rest of a refused body is read and dropped before the connection is closed. */
export const LINGER_MS = 1_000;

function refuseTooLarge(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  closeAfterAnswer(request, reply);
  return sendEarlyRefusal(request, reply, 413, fail("request/too-large"));
}

/**
 * The connection ends with the answer: once it is sent, what the client still sends is read and
 * dropped for at most LINGER_MS, then the connection is closed. Closing at once, with the body's
 * bytes unread, would reset the connection, and the client could lose the answer before reading it
 * (a "lingering close", as web servers do it); waiting for the whole body would let a client keep
 * the connection busy as long as it likes.
 */
function closeAfterAnswer(request: FastifyRequest, reply: FastifyReply): void {
  const socket = request.raw.socket as Partial<Socket> | undefined;
  if (typeof socket?.end !== "function" || typeof socket.destroy !== "function") return;
  reply.raw.once("finish", () => {
    request.raw.resume();
    socket.end?.();
    const timer = setTimeout(() => socket.destroy?.(), LINGER_MS);
    timer.unref();
    socket.once?.("close", () => clearTimeout(timer));
  });
}
