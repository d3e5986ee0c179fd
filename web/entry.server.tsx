import { PassThrough, Writable } from "node:stream";
import { inspect } from "node:util";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  ServerRouter,
} from "react-router";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, redactSecrets } from "../server/web-door";
import { CspNonceProvider } from "./lib/csp-nonce";
import { scriptsAfterThePicture, scriptsAfterThePictureInPage } from "./lib/script-priority";

// React Router's default Node entry (renderToPipeableStream, isbot, streamTimeout) plus:
// - the request's Content-Security-Policy nonce (server/http/security-headers.ts → load context
//   `cspNonce`) on every script React renders: the stream's bootstrap, <ServerRouter>'s hydration
//   data, and through CspNonceProvider every inline script of our components;
// - a loader that failed because the database is out of reach answers 503 with Retry-After, and
//   the root ErrorBoundary says "service unavailable" in the visitor's language;
// - the page's module preloads and its hydration held back until the LCP picture is shown
//   (web/lib/script-priority.ts, web/lib/hydrate-after-picture.ts);
// - a page whose answer the server reads whole before sending it (a cacheable request: the response
//   cache hashes and stores it, server/http/response-cache/) is rendered into one buffer, once
//   all of it is ready, instead of being streamed through Node and web streams only to be gathered
//   again (docs/decisions/023): the same bytes, less work per page.

export const streamTimeout = 5_000;

/** Load contexts of requests where a loader or action met an unreachable database. */
const databaseDown = new WeakSet<object>();

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // our own 503 answer below comes back here once: nothing to log
  if (error instanceof Response && error.status === 503) return;
  if (isDatabaseUnavailable(error)) {
    if (context) databaseDown.add(context);
    // one line per request while the database is away, not a stack trace
    console.warn(
      redactSecrets(`database unavailable (503): ${request.method} ${new URL(request.url).pathname}`),
    );
    return;
  }
  if (!request.signal.aborted) {
    // a failed query's message quotes its values: no e-mail or token of them in the log (server/lib/redact.ts)
    const shown = isRouteErrorResponse(error) && "error" in error && error.error ? error.error : error;
    console.error(redactSecrets(inspect(shown)));
  }
};

/**
 * The JSON the root error boundary reads as `error.data` (web/root.tsx): the message and the
 * visitor's language, as the root loader's data (which says the language) is missing.
 */
function serviceUnavailable(lang: string): Response {
  return new Response(JSON.stringify({ messageKey: "errors.serviceUnavailable", lang }), {
    status: 503,
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
}

function hasErrorStatus(routerContext: EntryContext, status: number): boolean {
  const errors = routerContext.staticHandlerContext.errors;
  return Object.values(errors ?? {}).some((error) => isRouteErrorResponse(error) && error.status === status);
}

function databaseUnavailable(routerContext: EntryContext, loadContext: AppLoadContext): boolean {
  if (databaseDown.has(loadContext)) return true;
  // development mode keeps the original errors (production replaces them before this entry runs)
  const errors = routerContext.staticHandlerContext.errors;
  return Object.values(errors ?? {}).some((error) => isDatabaseUnavailable(error));
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (databaseUnavailable(routerContext, loadContext)) {
    // React Router renders again with this as the route error (its status and data reach the
    // browser, unlike the original error, which production hides behind "Unexpected Server Error")
    if (!hasErrorStatus(routerContext, 503)) throw serviceUnavailable(loadContext.lang);
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
  }

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const nonce = loadContext.cspNonce || undefined;
  if (loadContext.wholePage)
    return renderWholePage(responseStatusCode, responseHeaders, routerContext, request, nonce);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Bots and SPA mode wait for all content
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort the rendering stream after `streamTimeout` so it has time to flush the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(pageElement(routerContext, request, nonce), {
      nonce,
      // every finished Suspense boundary inline: React would otherwise move the big ones (the
      // footer, the cookie notice, web/lib/lazy-in-browser.ts) past 12.8 kB of HTML to the end,
      // where only a script shows them, and a browser without JavaScript never would
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            // Clear the timeout to prevent retaining the closure and memory leak
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        const stream = createReadableStreamFromReadable(body);

        responseHeaders.set("Content-Type", "text/html");

        // the module preloads and the hydration inert until the LCP picture is shown: the first
        // paint and the picture first
        const html = scriptsAfterThePicture();
        pipe(html);
        html.pipe(body);

        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Log streaming rendering errors from inside the shell. Errors of the initial shell
        // reject and are logged by React Router.
        if (shellRendered) console.error(error);
      },
    });
  });
}

/** What both renderings render: the router with the request's CSP nonce for every script. */
function pageElement(routerContext: EntryContext, request: Request, nonce: string | undefined) {
  return (
    <CspNonceProvider nonce={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </CspNonceProvider>
  );
}

/**
 * The page rendered into one buffer: the same markup as the stream gives (every Suspense boundary
 * inline, as `progressiveChunkSize` asks for there too), sent when all of it is ready. The status is
 * the one the page had when its shell was ready, as with the stream, where a later error inside a
 * Suspense boundary can no longer change it.
 */
function renderWholePage(
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  request: Request,
  nonce: string | undefined,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    let shellStatus: number | null = null;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const chunks: Uint8Array[] = [];
    const page = new Writable({
      write(chunk: Uint8Array | string, _encoding, callback) {
        chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        timeoutId = undefined;
        responseHeaders.set("Content-Type", "text/html");
        const html = scriptsAfterThePictureInPage(Buffer.concat(chunks));
        const body = new Uint8Array(html.buffer as ArrayBuffer, html.byteOffset, html.byteLength);
        resolve(new Response(body, { headers: responseHeaders, status: shellStatus ?? responseStatusCode }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(pageElement(routerContext, request, nonce), {
      nonce,
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        shellStatus = responseStatusCode;
      },
      onAllReady() {
        pipe(page);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellStatus !== null) console.error(error);
      },
    });
  });
}
