import { authStatus, challenge, ksefToken, redeem, refresh } from "./auth";
import { publicKeyCertificates } from "./keys";
import { notFound, serverError, tooManyRequests } from "./replies";
import { closeSession, invoiceStatus, openSession, sendInvoice, sessionInvoices, upo } from "./sessions";
import { createState, type InvoiceRefusal, type SimulatorOptions, type SimulatorState } from "./state";

// A local KSeF API 2.0 (KSEF_ENV=local, and the tests): a `fetch` that answers the paths the shop's
// client uses under /api/v2, as reference/ksef/open-api.json describes them, with its own test key
// (keys.ts). State is in memory. `control` lets tests make KSeF slow, busy or failing, refuse an
// invoice, and see what arrived (docs/decisions/067).

export type { SimulatorOptions } from "./state";

export const SIMULATOR_BASE_PATH = "/api/v2";

export interface KsefSimulatorReceived {
  sessionReference: string;
  invoiceReference: string;
  xml: string;
  invoiceHash: string;
  /** the status KSeF reaches after processing */
  status: { code: number; description: string; details: string[] };
  ksefNumber: string | null;
}

export interface KsefSimulatorControl {
  /** the next `count` requests answer 429 with Retry-After (seconds, 1 by default) */
  tooManyRequests(count: number, retryAfterSeconds?: number): void;
  /** the next `count` requests answer 500 */
  failNext(count: number): void;
  /** the next `count` requests wait `ms` before they are handled (a client's timeout fires first) */
  delayNext(count: number, ms: number): void;
  /** the next invoice received is refused with this status (e.g. 450 and a message) */
  refuseNextInvoice(refusal: InvoiceRefusal): void;
  /** every invoice received, decrypted, in order */
  received(): KsefSimulatorReceived[];
  /** method and path (after /api/v2) of every request, in order */
  requests(): { method: string; path: string }[];
  /** every access token stops working now (a 401 on the next call) */
  revokeAccessTokens(): void;
}

type Route = {
  method: string;
  pattern: RegExp;
  handle: (state: SimulatorState, request: Request, params: string[]) => Response | Promise<Response>;
};

const REF = "([^/]+)";

const ROUTES: Route[] = [
  {
    method: "GET",
    pattern: /^\/security\/public-key-certificates$/,
    handle: (s) => json200(publicKeyCertificates(s.options.now())),
  },
  { method: "POST", pattern: /^\/auth\/challenge$/, handle: (s) => challenge(s) },
  { method: "POST", pattern: /^\/auth\/ksef-token$/, handle: (s, r) => ksefToken(s, r) },
  { method: "POST", pattern: /^\/auth\/token\/redeem$/, handle: (s, r) => redeem(s, r) },
  { method: "POST", pattern: /^\/auth\/token\/refresh$/, handle: (s, r) => refresh(s, r) },
  {
    method: "GET",
    pattern: new RegExp(`^/auth/${REF}$`),
    handle: (s, r, [ref = ""]) => authStatus(s, r, ref),
  },
  { method: "POST", pattern: /^\/sessions\/online$/, handle: (s, r) => openSession(s, r) },
  {
    method: "POST",
    pattern: new RegExp(`^/sessions/online/${REF}/invoices$`),
    handle: (s, r, [ref = ""]) => sendInvoice(s, r, ref),
  },
  {
    method: "POST",
    pattern: new RegExp(`^/sessions/online/${REF}/close$`),
    handle: (s, r, [ref = ""]) => closeSession(s, r, ref),
  },
  {
    method: "GET",
    pattern: new RegExp(`^/sessions/${REF}/invoices$`),
    handle: (s, r, [ref = ""]) => sessionInvoices(s, r, ref),
  },
  {
    method: "GET",
    pattern: new RegExp(`^/sessions/${REF}/invoices/${REF}/upo$`),
    handle: (s, r, [ref = "", invoice = ""]) => upo(s, r, ref, invoice),
  },
  {
    method: "GET",
    pattern: new RegExp(`^/sessions/${REF}/invoices/${REF}$`),
    handle: (s, r, [ref = "", invoice = ""]) => invoiceStatus(s, r, ref, invoice),
  },
];

function json200(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
}

function wait(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

async function handle(state: SimulatorState, request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (!url.pathname.startsWith(`${SIMULATOR_BASE_PATH}/`)) return notFound();
  const path = url.pathname.slice(SIMULATOR_BASE_PATH.length);
  state.requests.push({ method: request.method, path });
  const failure = state.failures.shift();
  if (failure?.kind === "status") {
    return failure.status === 429 ? tooManyRequests(failure.retryAfterSeconds) : serverError();
  }
  if (failure?.kind === "delay") await wait(failure.ms, request.signal);
  for (const route of ROUTES) {
    if (route.method !== request.method) continue;
    const match = route.pattern.exec(path);
    if (match) return route.handle(state, request, match.slice(1).map(decodeURIComponent));
  }
  return notFound();
}

export function createKsefSimulator(options: SimulatorOptions = {}): {
  fetch: typeof fetch;
  control: KsefSimulatorControl;
} {
  const state = createState(options);
  const simulatorFetch = (async (input: string | URL | Request, init?: RequestInit) =>
    handle(state, new Request(input, init))) as typeof fetch;
  const control: KsefSimulatorControl = {
    tooManyRequests(count, retryAfterSeconds = 1) {
      for (let i = 0; i < count; i++) state.failures.push({ kind: "status", status: 429, retryAfterSeconds });
    },
    failNext(count) {
      for (let i = 0; i < count; i++)
        state.failures.push({ kind: "status", status: 500, retryAfterSeconds: 0 });
    },
    delayNext(count, ms) {
      for (let i = 0; i < count; i++) state.failures.push({ kind: "delay", ms });
    },
    refuseNextInvoice(refusal) {
      state.refusals.push(refusal);
    },
    received() {
      return [...state.sessions.values()].flatMap((session) =>
        session.invoices.map((invoice) => ({
          sessionReference: invoice.sessionReference,
          invoiceReference: invoice.invoiceReference,
          xml: invoice.xml,
          invoiceHash: invoice.invoiceHash,
          status: invoice.outcome,
          ksefNumber: invoice.ksefNumber,
        })),
      );
    },
    requests() {
      return [...state.requests];
    },
    revokeAccessTokens() {
      state.accessTokens.clear();
    },
  };
  return { fetch: simulatorFetch, control };
}
