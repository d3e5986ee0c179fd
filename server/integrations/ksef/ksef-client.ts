import { createKsefAuth } from "./ksef-auth";
import { createKsefCertificates, KSEF_UNKNOWN_KEY } from "./ksef-certificates";
import { encryptInvoice, newSessionKey, type SessionKey, sessionEncryptionInfo } from "./ksef-crypto";
import {
  type KsefGateway,
  type KsefInvoiceStatus,
  KsefRequestError,
  KsefSessionLostError,
  KsefUnavailableError,
} from "./ksef-gateway";
import { createKsefHttp, type KsefRequest } from "./ksef-http";

// The KSeF API 2.0 client (KsefGateway) for the Ministry's environments and the simulator alike
// (docs/decisions/067). Online sessions for FA (3); each session's AES key is kept in this process's
// memory only, so a session opened elsewhere (another instance, before a restart) cannot be sent
// in: KsefSessionLostError, and the caller opens a new one.

export interface KsefClientOptions {
  /** the API 2.0 base address, e.g. https://ksef-test.mf.gov.pl/api/v2 */
  baseUrl: string;
  /** the KSeF token for sellerNip; secret */
  token: string;
  sellerNip: string;
  fetch?: typeof fetch;
  now?: () => Date;
  /** each request's time limit; 20 s by default */
  timeoutMs?: number;
  /** how long a sign-in may stay "in progress"; 60 s by default */
  authTimeoutMs?: number;
  /** between sign-in status polls; 500 ms by default */
  pollIntervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const FORM_CODE = { systemCode: "FA (3)", schemaVersion: "1-0E", value: "FA" } as const;
/** KSeF's exception codes for a session that is not there or not open for invoices */
const SESSION_GONE = new Set([21173, 21180]);
/** KSeF's exception code for "no UPO for these criteria" (not made yet) */
const UPO_NOT_FOUND = 21178;
const PAGE_SIZE = 100;
const MAX_PAGES = 100;

interface InvoiceStatusReply {
  referenceNumber: string;
  invoiceHash: string;
  ksefNumber?: string | null;
  acquisitionDate?: string | null;
  status: {
    code: number;
    description: string;
    details?: string[] | null;
    extensions?: Record<string, string | null> | null;
  };
}

/** KSeF's invoice status codes (open-api.json, SessionInvoiceStatusResponse) as the gateway's states. */
export function invoiceStatusFrom(reply: InvoiceStatusReply): KsefInvoiceStatus {
  const { code, description, details, extensions } = reply.status;
  // 200 without its number yet would be a KSeF slip: ask again rather than call it refused
  if (code === 100 || code === 150 || (code === 200 && !reply.ksefNumber)) return { state: "processing" };
  if (code === 200 && reply.ksefNumber) {
    return {
      state: "accepted",
      ksefNumber: reply.ksefNumber,
      acceptedAt: new Date(reply.acquisitionDate ?? Date.now()),
    };
  }
  const extra = Object.entries(extensions ?? {}).map(([key, value]) => `${key}: ${value ?? ""}`);
  return { state: "refused", code, message: description, details: [...(details ?? []), ...extra] };
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createKsefClient(options: KsefClientOptions): KsefGateway {
  const now = options.now ?? (() => new Date());
  const http = createKsefHttp({
    baseUrl: options.baseUrl,
    fetch: options.fetch ?? fetch,
    timeoutMs: options.timeoutMs ?? 20_000,
    now,
  });
  const certificates = createKsefCertificates(http, now);
  const auth = createKsefAuth(http, certificates, {
    token: options.token,
    sellerNip: options.sellerNip,
    now,
    authTimeoutMs: options.authTimeoutMs ?? 60_000,
    pollIntervalMs: options.pollIntervalMs ?? 500,
    sleep: options.sleep ?? sleepFor,
  });
  /** each open session's AES key and IV, by the session's reference: memory only */
  const sessionKeys = new Map<string, SessionKey>();

  /** A request with the access token; a 401 gets a new token and one more try. */
  async function authorized<T>(request: KsefRequest, read: "json" | "text" = "json"): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const bearer = await auth.accessToken();
      try {
        return read === "json"
          ? await http.json<T>({ ...request, bearer })
          : ((await http.text({ ...request, bearer })) as T);
      } catch (error) {
        if (attempt === 0 && error instanceof KsefRequestError && error.status === 401) {
          auth.rejected(bearer);
          continue;
        }
        throw error;
      }
    }
  }

  function ref(reference: string): string {
    return encodeURIComponent(reference);
  }

  async function open(retryOnUnknownKey: boolean): Promise<string> {
    await auth.accessToken(); // signed in first, so a key list fetched again while signing in is used
    const key = await certificates.key("SymmetricKeyEncryption");
    const sessionKey = newSessionKey();
    try {
      const reply = await authorized<{ referenceNumber: string }>({
        method: "POST",
        path: "/sessions/online",
        body: {
          formCode: FORM_CODE,
          encryption: { ...sessionEncryptionInfo(key.certificate, sessionKey), publicKeyId: key.publicKeyId },
        },
      });
      sessionKeys.set(reply.referenceNumber, sessionKey);
      return reply.referenceNumber;
    } catch (error) {
      if (retryOnUnknownKey && error instanceof KsefRequestError && error.code === KSEF_UNKNOWN_KEY) {
        certificates.forget();
        return open(false);
      }
      throw error;
    }
  }

  return {
    openSession: () => open(true),

    async sendInvoice(sessionReference, xml) {
      const sessionKey = sessionKeys.get(sessionReference);
      if (!sessionKey) throw new KsefSessionLostError(sessionReference);
      try {
        const reply = await authorized<{ referenceNumber: string }>({
          method: "POST",
          path: `/sessions/online/${ref(sessionReference)}/invoices`,
          body: encryptInvoice(sessionKey, xml),
        });
        return reply.referenceNumber;
      } catch (error) {
        if (error instanceof KsefRequestError && SESSION_GONE.has(error.code)) {
          sessionKeys.delete(sessionReference);
          throw new KsefSessionLostError(sessionReference);
        }
        throw error;
      }
    },

    async invoiceStatus(sent) {
      const reply = await authorized<InvoiceStatusReply>({
        method: "GET",
        path: `/sessions/${ref(sent.sessionReference)}/invoices/${ref(sent.invoiceReference)}`,
      });
      return invoiceStatusFrom(reply);
    },

    async sessionInvoices(sessionReference) {
      const found: { invoiceReference: string; invoiceHash: string }[] = [];
      let continuation: string | null = null;
      for (let page = 0; page < MAX_PAGES; page++) {
        const reply: { continuationToken?: string | null; invoices: InvoiceStatusReply[] } = await authorized(
          {
            method: "GET",
            path: `/sessions/${ref(sessionReference)}/invoices?pageSize=${PAGE_SIZE}`,
            headers: continuation ? { "x-continuation-token": continuation } : {},
          },
        );
        for (const invoice of reply.invoices ?? []) {
          found.push({ invoiceReference: invoice.referenceNumber, invoiceHash: invoice.invoiceHash });
        }
        continuation = reply.continuationToken ?? null;
        if (!continuation) break;
      }
      return found;
    },

    async invoiceUpo(sent) {
      try {
        return await authorized<string>(
          {
            method: "GET",
            path: `/sessions/${ref(sent.sessionReference)}/invoices/${ref(sent.invoiceReference)}/upo`,
            accept: "application/xml",
          },
          "text",
        );
      } catch (error) {
        if (error instanceof KsefRequestError && error.code === UPO_NOT_FOUND) {
          // KSeF has not made the UPO yet: ask again later
          throw new KsefUnavailableError(`KSeF has no UPO yet: ${error.description}`, error.status, null);
        }
        throw error;
      }
    },

    async closeSession(sessionReference) {
      try {
        await authorized<null>({ method: "POST", path: `/sessions/online/${ref(sessionReference)}/close` });
      } catch (error) {
        // already closed, expired or unknown: there is nothing left to close
        if (!(error instanceof KsefRequestError && SESSION_GONE.has(error.code))) throw error;
      } finally {
        sessionKeys.delete(sessionReference);
      }
    },
  };
}
