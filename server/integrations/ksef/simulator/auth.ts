import { constants, privateDecrypt } from "node:crypto";
import { simulatorKeys } from "./keys";
import { exception, json, unauthorized } from "./replies";
import {
  type AuthOperation,
  type IssuedToken,
  opaqueToken,
  referenceNumber,
  type SimulatorState,
  type SimulatorStatus,
} from "./state";

// Sign-in with a KSeF token (reference/ksef/docs/uwierzytelnianie.md): POST /auth/challenge →
// POST /auth/ksef-token (RSA-OAEP of `token|timestampMs`, context NIP) → GET /auth/{ref} until 200 →
// POST /auth/token/redeem → access and refresh tokens; POST /auth/token/refresh for a new access token.

const REFRESH_TOKEN_TTL_MS = 7 * 86_400_000;
const WRONG_TOKEN = "Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu";

function bearer(request: Request): string | null {
  const header = request.headers.get("authorization") ?? "";
  return header.startsWith("Bearer ") ? header.slice(7) : null;
}

/** The seller NIP an access token speaks for, or the 401 KSeF answers. */
export function authorize(state: SimulatorState, request: Request): { nip: string } | Response {
  const token = bearer(request);
  const issued = token ? state.accessTokens.get(token) : undefined;
  if (!issued) return unauthorized("Brak uwierzytelnienia.");
  if (issued.validUntil <= state.options.now()) return unauthorized("Token dostępowy wygasł.");
  return { nip: issued.nip };
}

export function challenge(state: SimulatorState): Response {
  const now = state.options.now();
  const challengeValue = referenceNumber(now, "CR");
  state.challenges.set(challengeValue, { timestampMs: now.getTime(), used: false });
  return json(200, {
    challenge: challengeValue,
    timestamp: now.toISOString(),
    timestampMs: now.getTime(),
    clientIp: "127.0.0.1",
  });
}

function tokenOutcome(
  state: SimulatorState,
  challengeValue: string,
  encryptedToken: string,
): SimulatorStatus {
  const issued = state.challenges.get(challengeValue);
  if (!issued || issued.used) {
    return { code: 450, description: WRONG_TOKEN, details: ["Nieprawidłowe wyzwanie autoryzacyjne"] };
  }
  issued.used = true;
  let plain: string;
  try {
    plain = privateDecrypt(
      { key: simulatorKeys().privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      Buffer.from(encryptedToken, "base64"),
    ).toString("utf8");
  } catch {
    return { code: 450, description: WRONG_TOKEN, details: ["Nieprawidłowy token"] };
  }
  const separator = plain.lastIndexOf("|");
  const token = plain.slice(0, separator);
  const timestamp = plain.slice(separator + 1);
  if (separator < 1 || (state.options.token !== null && token !== state.options.token)) {
    return { code: 450, description: WRONG_TOKEN, details: ["Nieprawidłowy token"] };
  }
  if (timestamp !== String(issued.timestampMs)) {
    return { code: 450, description: WRONG_TOKEN, details: ["Nieprawidłowy czas tokena"] };
  }
  return { code: 200, description: "Uwierzytelnianie zakończone sukcesem", details: [] };
}

export async function ksefToken(state: SimulatorState, request: Request): Promise<Response> {
  const body = (await request.json().catch(() => null)) as {
    challenge?: unknown;
    contextIdentifier?: { type?: unknown; value?: unknown };
    encryptedToken?: unknown;
    publicKeyId?: unknown;
  } | null;
  if (
    !body ||
    typeof body.challenge !== "string" ||
    typeof body.encryptedToken !== "string" ||
    body.contextIdentifier?.type !== "Nip" ||
    typeof body.contextIdentifier.value !== "string" ||
    !/^\d{10}$/.test(body.contextIdentifier.value)
  ) {
    return exception(21405, "Błąd walidacji danych wejściowych.", [
      "challenge, contextIdentifier (Nip), encryptedToken",
    ]);
  }
  if (body.publicKeyId != null && body.publicKeyId !== simulatorKeys().publicKeyId) {
    return exception(21470, "Przesłany identyfikator klucza jest nieznany lub wskazuje na wycofany klucz.", [
      `Klucz o identyfikatorze ${String(body.publicKeyId)} nie jest wspierany.`,
    ]);
  }
  if (!state.challenges.has(body.challenge)) {
    return exception(21111, "Nieprawidłowe wyzwanie autoryzacyjne.");
  }
  const now = state.options.now();
  const operation: AuthOperation = {
    reference: referenceNumber(now, "AU"),
    authenticationToken: opaqueToken(),
    nip: body.contextIdentifier.value,
    startDate: now,
    outcome: tokenOutcome(state, body.challenge, body.encryptedToken),
    polls: 0,
    redeemed: false,
  };
  state.authOperations.set(operation.reference, operation);
  return json(202, {
    referenceNumber: operation.reference,
    authenticationToken: {
      token: operation.authenticationToken,
      validUntil: new Date(now.getTime() + 3_600_000).toISOString(),
    },
  });
}

function operationFor(state: SimulatorState, request: Request): AuthOperation | undefined {
  const token = bearer(request);
  for (const operation of state.authOperations.values()) {
    if (operation.authenticationToken === token) return operation;
  }
  return undefined;
}

export function authStatus(state: SimulatorState, request: Request, reference: string): Response {
  const operation = operationFor(state, request);
  if (!operation || operation.reference !== reference) return unauthorized("Brak uwierzytelnienia.");
  operation.polls += 1;
  const status =
    operation.polls <= state.options.authPollsInProgress
      ? { code: 100, description: "Uwierzytelnianie w toku", details: [] }
      : operation.outcome;
  return json(200, {
    startDate: operation.startDate.toISOString(),
    authenticationMethod: "Token",
    authenticationMethodInfo: { category: "Token", code: "token.ksef", displayName: "Token KSeF" },
    status,
    isTokenRedeemed: operation.redeemed,
  });
}

function issue(state: SimulatorState, map: Map<string, IssuedToken>, nip: string, ttlMs: number) {
  const token = opaqueToken();
  const validUntil = new Date(state.options.now().getTime() + ttlMs);
  map.set(token, { nip, validUntil });
  return { token, validUntil: validUntil.toISOString() };
}

export function redeem(state: SimulatorState, request: Request): Response {
  const operation = operationFor(state, request);
  if (!operation) return unauthorized("Brak uwierzytelnienia.");
  if (
    operation.redeemed ||
    operation.outcome.code !== 200 ||
    operation.polls <= state.options.authPollsInProgress
  ) {
    return exception(21301, "Brak autoryzacji.", [
      "Uwierzytelnianie nie zakończyło się sukcesem lub token został już pobrany.",
    ]);
  }
  operation.redeemed = true;
  return json(200, {
    accessToken: issue(state, state.accessTokens, operation.nip, state.options.accessTokenTtlMs),
    refreshToken: issue(state, state.refreshTokens, operation.nip, REFRESH_TOKEN_TTL_MS),
  });
}

export function refresh(state: SimulatorState, request: Request): Response {
  const token = bearer(request);
  const issued = token ? state.refreshTokens.get(token) : undefined;
  if (!issued || issued.validUntil <= state.options.now()) return unauthorized("Brak uwierzytelnienia.");
  return json(200, {
    accessToken: issue(state, state.accessTokens, issued.nip, state.options.accessTokenTtlMs),
  });
}
