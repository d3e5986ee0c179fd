import { randomBytes } from "node:crypto";

// What the simulator keeps in memory: challenges, sign-ins, tokens, sessions with their AES keys,
// and every invoice received. One state per createKsefSimulator(); nothing is written anywhere.

export interface SimulatorOptions {
  /** the KSeF token it accepts; any non-empty one when left out */
  token?: string;
  /** the clock (tokens' validity, dates of acceptance); the real one by default */
  now?: () => Date;
  /** how long an access token lasts (KSeF: minutes); 15 minutes by default */
  accessTokenTtlMs?: number;
  /** how many status polls of a sign-in answer "in progress" before it is done; 1 by default */
  authPollsInProgress?: number;
}

export interface SimulatorStatus {
  code: number;
  description: string;
  details: string[];
  extensions?: Record<string, string>;
}

export interface ReceivedInvoice {
  sessionReference: string;
  invoiceReference: string;
  ordinalNumber: number;
  /** the decrypted document, as KSeF read it */
  xml: string;
  invoiceHash: string;
  invoiceNumber: string | null;
  /** P_1, for the UPO */
  issueDate: string | null;
  receivedAt: Date;
  /** what the status says after the first poll */
  outcome: SimulatorStatus;
  ksefNumber: string | null;
  polls: number;
}

export interface SimulatorSession {
  reference: string;
  nip: string;
  key: Buffer;
  iv: Buffer;
  open: boolean;
  validUntil: Date;
  invoices: ReceivedInvoice[];
}

export interface AuthOperation {
  reference: string;
  authenticationToken: string;
  nip: string;
  startDate: Date;
  outcome: SimulatorStatus;
  polls: number;
  redeemed: boolean;
}

export interface IssuedToken {
  nip: string;
  validUntil: Date;
}

export interface InvoiceRefusal {
  code: number;
  description: string;
  details?: string[];
}

export interface SimulatorState {
  options: Required<Omit<SimulatorOptions, "token">> & { token: string | null };
  challenges: Map<string, { timestampMs: number; used: boolean }>;
  authOperations: Map<string, AuthOperation>;
  accessTokens: Map<string, IssuedToken>;
  refreshTokens: Map<string, IssuedToken>;
  sessions: Map<string, SimulatorSession>;
  /** seller NIP + invoice type + P_2 → the accepted invoice (KSeF's duplicate check) */
  acceptedKeys: Map<string, ReceivedInvoice>;
  /** answers that replace the next requests' (control) */
  failures: (
    | { kind: "status"; status: 429 | 500; retryAfterSeconds: number }
    | { kind: "delay"; ms: number }
  )[];
  refusals: InvoiceRefusal[];
  requests: { method: string; path: string }[];
  ksefNumberCounter: number;
}

export function createState(options: SimulatorOptions = {}): SimulatorState {
  return {
    options: {
      token: options.token ?? null,
      now: options.now ?? (() => new Date()),
      accessTokenTtlMs: options.accessTokenTtlMs ?? 15 * 60_000,
      authPollsInProgress: options.authPollsInProgress ?? 1,
    },
    challenges: new Map(),
    authOperations: new Map(),
    accessTokens: new Map(),
    refreshTokens: new Map(),
    sessions: new Map(),
    acceptedKeys: new Map(),
    failures: [],
    refusals: [],
    requests: [],
    ksefNumberCounter: 0,
  };
}

function hex(bytes: number): string {
  return randomBytes(bytes).toString("hex").toUpperCase();
}

/** A 36-character reference number in KSeF's shape: `YYYYMMDD-XX-XXXXXXXXXX-XXXXXXXXXX-XX`. */
export function referenceNumber(now: Date, kind: "AU" | "SO" | "EE" | "CR"): string {
  const day = now.toISOString().slice(0, 10).replaceAll("-", "");
  return `${day}-${kind}-${hex(5)}-${hex(5)}-${hex(1)}`;
}

export function opaqueToken(): string {
  return randomBytes(32).toString("base64url");
}
