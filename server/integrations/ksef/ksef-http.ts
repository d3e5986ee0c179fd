import { KsefRequestError, KsefUnavailableError } from "./ksef-gateway";

// One HTTP exchange with KSeF API 2.0: a time limit on every request; 429 (with Retry-After), 5xx,
// timeouts and network errors become KsefUnavailableError; a 4xx keeps KSeF's exception code,
// description and details (KsefRequestError). Neither the Authorization header nor the body is
// ever put into an error message.

/** The largest reply read from KSeF (a UPO or a page of a session's invoices is far smaller). */
const MAX_REPLY_CHARS = 5_000_000;

export interface KsefHttpOptions {
  baseUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
  now: () => Date;
}

export interface KsefRequest {
  method: "GET" | "POST";
  /** the path after /api/v2, e.g. /sessions/online */
  path: string;
  body?: unknown;
  bearer?: string;
  headers?: Record<string, string>;
  accept?: string;
}

/** What Retry-After says, in ms: seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now.getTime());
}

/** The route's shape without its reference numbers, for messages. */
function described(request: KsefRequest): string {
  return `${request.method} ${request.path.replace(/[0-9A-F]{8}-[0-9A-Z]{2}-[0-9A-F-]+/gi, "{ref}")}`;
}

async function readText(response: Response, what: string): Promise<string> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new KsefUnavailableError(
      `KSeF ${what}: the reply was cut off (${(error as Error).name})`,
      response.status,
      null,
    );
  }
  if (text.length > MAX_REPLY_CHARS) {
    throw new KsefUnavailableError(`KSeF ${what}: the reply is too large`, response.status, null);
  }
  return text;
}

/** KSeF's exception body (ExceptionResponse), or the problem details of a 401/403, as one error. */
function refusal(status: number, text: string): KsefRequestError {
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the status alone
  }
  const record = (body ?? {}) as {
    exception?: {
      exceptionDetailList?: { exceptionCode?: number; exceptionDescription?: string; details?: string[] }[];
    };
    title?: string;
    detail?: string;
    status?: { code?: number; description?: string; details?: string[] };
  };
  const first = record.exception?.exceptionDetailList?.[0];
  if (first) {
    return new KsefRequestError(
      status,
      first.exceptionCode ?? status,
      String(first.exceptionDescription ?? "").slice(0, 1_000),
      (first.details ?? []).slice(0, 50).map((detail) => String(detail).slice(0, 1_000)),
    );
  }
  const description = record.detail ?? record.title ?? `HTTP ${status}`;
  return new KsefRequestError(status, status, String(description).slice(0, 1_000), []);
}

export function createKsefHttp(options: KsefHttpOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");

  /** The raw reply of an exchange that KSeF answered below 500 and not with 429. */
  async function exchange(request: KsefRequest): Promise<Response> {
    const headers: Record<string, string> = {
      accept: request.accept ?? "application/json",
      ...request.headers,
    };
    if (request.body !== undefined) headers["content-type"] = "application/json";
    if (request.bearer) headers.authorization = `Bearer ${request.bearer}`;
    let response: Response;
    try {
      response = await options.fetch(`${baseUrl}${request.path}`, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const name = (error as Error)?.name ?? "Error";
      const why =
        name === "TimeoutError" || name === "AbortError" ? "no answer in time" : `network error (${name})`;
      throw new KsefUnavailableError(`KSeF ${described(request)}: ${why}`, null, null);
    }
    if (response.status === 429) {
      await response.body?.cancel().catch(() => undefined);
      throw new KsefUnavailableError(
        `KSeF ${described(request)}: too many requests`,
        429,
        retryAfterMs(response.headers.get("retry-after"), options.now()),
      );
    }
    if (response.status >= 500) {
      await response.body?.cancel().catch(() => undefined);
      throw new KsefUnavailableError(
        `KSeF ${described(request)}: HTTP ${response.status}`,
        response.status,
        null,
      );
    }
    return response;
  }

  /** The reply's text for a 2xx; a KsefRequestError for any other. */
  async function text(request: KsefRequest): Promise<string> {
    const response = await exchange(request);
    const body = await readText(response, described(request));
    if (response.status >= 300) throw refusal(response.status, body);
    return body;
  }

  /** The reply's JSON for a 2xx (an empty body gives null); a KsefRequestError for any other. */
  async function json<T>(request: KsefRequest): Promise<T> {
    const body = await text(request);
    if (body === "") return null as T;
    try {
      return JSON.parse(body) as T;
    } catch {
      throw new KsefUnavailableError(`KSeF ${described(request)}: the reply is not JSON`, 200, null);
    }
  }

  return { text, json };
}

export type KsefHttp = ReturnType<typeof createKsefHttp>;
