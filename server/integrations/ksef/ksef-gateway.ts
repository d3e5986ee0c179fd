// What the shop asks of KSeF (API 2.0), whichever KSeF answers: the Ministry's environments over
// HTTPS, or the built-in simulator (KSEF_ENV=local). The implementation (ksef-client.ts) signs in
// with the KSeF token, keeps the access token fresh, and keeps each open session's AES key in memory;
// the caller (server/areas/ksef) records every reference it gets before the next step, so a process
// that dies at any point leaves enough to find out what KSeF already has (docs/decisions/067).

/** An invoice uploaded in an online session: where to ask about it. */
export interface KsefSentInvoice {
  sessionReference: string;
  invoiceReference: string;
}

export type KsefInvoiceStatus =
  /** KSeF is still checking it */
  | { state: "processing" }
  /** accepted: its KSeF number and when KSeF took it in */
  | { state: "accepted"; ksefNumber: string; acceptedAt: Date }
  /** refused by KSeF's checks: KSeF's own status code, description and details (shown to staff) */
  | { state: "refused"; code: number; message: string; details: string[] };

export interface KsefGateway {
  /** Opens an online session for FA(3) with a fresh AES-256 key (kept by this gateway); its reference. */
  openSession(): Promise<string>;
  /**
   * Encrypts and uploads one FA(3) document in a session this gateway opened; the invoice's
   * reference. Throws KsefSessionLostError for a session whose key this process does not hold.
   */
  sendInvoice(sessionReference: string, xml: string): Promise<string>;
  /** Where KSeF is with one uploaded invoice. */
  invoiceStatus(sent: KsefSentInvoice): Promise<KsefInvoiceStatus>;
  /**
   * The invoices KSeF has in a session with their SHA-256 (Base64): after a crash between the upload
   * and recording its reference, the caller finds its invoice here instead of sending it twice.
   */
  sessionInvoices(sessionReference: string): Promise<{ invoiceReference: string; invoiceHash: string }[]>;
  /** The UPO (official receipt, upo-v4-3.xsd) of an accepted invoice, as XML. */
  invoiceUpo(sent: KsefSentInvoice): Promise<string>;
  /** Closes a session (KSeF then prepares the session's collective UPO). */
  closeSession(sessionReference: string): Promise<void>;
}

/**
 * KSeF did not answer usefully this time: 429 (with Retry-After when given), 5xx, a timeout or a
 * network error. The caller retries later; nothing about the invoice is decided by it.
 */
export class KsefUnavailableError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryAfterMs: number | null,
  ) {
    super(message);
    this.name = "KsefUnavailableError";
  }
}

/** A session this process cannot send in (opened by another process, closed or expired). */
export class KsefSessionLostError extends Error {
  constructor(readonly sessionReference: string) {
    super(`KSeF session ${sessionReference} cannot be used by this process`);
    this.name = "KsefSessionLostError";
  }
}

/**
 * KSeF refused a request (a 4xx with its exception body, or a sign-in that ended with a refusal
 * status): KSeF's own code, description and details, kept for staff. Retrying the same request
 * will not help; what it concerns decides what the caller does.
 */
export class KsefRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly description: string,
    readonly details: string[],
  ) {
    super(`KSeF refused the request (${status}, ${code}): ${description}`);
    this.name = "KsefRequestError";
  }
}
