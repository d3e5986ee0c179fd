import { KSEF_UNKNOWN_KEY, type KsefCertificates } from "./ksef-certificates";
import { encryptKsefToken } from "./ksef-crypto";
import { KsefRequestError, KsefUnavailableError } from "./ksef-gateway";
import type { KsefHttp } from "./ksef-http";

// Signing in with the KSeF token (reference/ksef/docs/uwierzytelnianie.md, tokeny-ksef.md):
// challenge → POST /auth/ksef-token with `token|timestampMs` encrypted for the seller's NIP → poll
// GET /auth/{ref} until 200 (within a time limit) → POST /auth/token/redeem → access and refresh
// tokens. The access token is refreshed with the refresh token a minute before it ends; when that
// fails, the client signs in again. Tokens live only in this closure's memory and are never logged.

/** Refresh this long before the access token's validUntil. */
const REFRESH_MARGIN_MS = 60_000;

interface TokenInfo {
  token: string;
  validUntil: string;
}

interface HeldToken {
  token: string;
  validUntil: number;
}

export interface KsefAuthOptions {
  token: string;
  sellerNip: string;
  now: () => Date;
  /** the longest a sign-in may stay "in progress" */
  authTimeoutMs: number;
  pollIntervalMs: number;
  sleep: (ms: number) => Promise<void>;
}

function held(info: TokenInfo): HeldToken {
  return { token: info.token, validUntil: Date.parse(info.validUntil) };
}

export function createKsefAuth(http: KsefHttp, certificates: KsefCertificates, options: KsefAuthOptions) {
  let access: HeldToken | null = null;
  let refreshToken: HeldToken | null = null;
  let pending: Promise<string> | null = null;

  function fresh(token: HeldToken | null): token is HeldToken {
    return token !== null && token.validUntil - options.now().getTime() > REFRESH_MARGIN_MS;
  }

  async function initiate(
    retryOnUnknownKey: boolean,
  ): Promise<{ referenceNumber: string; authenticationToken: TokenInfo }> {
    const challenge = await http.json<{ challenge: string; timestampMs: number }>({
      method: "POST",
      path: "/auth/challenge",
    });
    const key = await certificates.key("KsefTokenEncryption");
    try {
      return await http.json({
        method: "POST",
        path: "/auth/ksef-token",
        body: {
          challenge: challenge.challenge,
          contextIdentifier: { type: "Nip", value: options.sellerNip },
          encryptedToken: encryptKsefToken(key.certificate, options.token, challenge.timestampMs),
          publicKeyId: key.publicKeyId,
        },
      });
    } catch (error) {
      if (retryOnUnknownKey && error instanceof KsefRequestError && error.code === KSEF_UNKNOWN_KEY) {
        certificates.forget();
        return initiate(false);
      }
      throw error;
    }
  }

  async function signIn(): Promise<string> {
    const started = await initiate(true);
    const authenticationToken = started.authenticationToken.token;
    const deadline = options.now().getTime() + options.authTimeoutMs;
    // the clock or the count of polls, whichever ends first (a stopped clock cannot poll forever)
    const maxPolls = Math.ceil(options.authTimeoutMs / Math.max(1, options.pollIntervalMs)) + 1;
    for (let poll = 1; ; poll++) {
      const state = await http.json<{
        status: { code: number; description: string; details?: string[] | null };
      }>({
        method: "GET",
        path: `/auth/${encodeURIComponent(started.referenceNumber)}`,
        bearer: authenticationToken,
      });
      if (state.status.code === 200) break;
      if (state.status.code !== 100) {
        throw new KsefRequestError(
          200,
          state.status.code,
          state.status.description,
          state.status.details ?? [],
        );
      }
      if (options.now().getTime() >= deadline || poll >= maxPolls) {
        throw new KsefUnavailableError("KSeF sign-in is still in progress after the time limit", null, null);
      }
      await options.sleep(options.pollIntervalMs);
    }
    const tokens = await http.json<{ accessToken: TokenInfo; refreshToken: TokenInfo }>({
      method: "POST",
      path: "/auth/token/redeem",
      bearer: authenticationToken,
    });
    access = held(tokens.accessToken);
    refreshToken = held(tokens.refreshToken);
    return access.token;
  }

  async function refreshAccess(): Promise<string> {
    if (fresh(refreshToken)) {
      try {
        const reply = await http.json<{ accessToken: TokenInfo }>({
          method: "POST",
          path: "/auth/token/refresh",
          bearer: refreshToken.token,
        });
        access = held(reply.accessToken);
        return access.token;
      } catch (error) {
        if (!(error instanceof KsefRequestError)) throw error;
        refreshToken = null; // refused: sign in again
      }
    }
    return signIn();
  }

  return {
    /** An access token good for at least another minute (refreshed or signed in as needed). */
    accessToken(): Promise<string> {
      if (fresh(access)) return Promise.resolve(access.token);
      pending ??= refreshAccess().finally(() => {
        pending = null;
      });
      return pending;
    },
    /** KSeF answered 401 with this token: the next accessToken() gets a new one. */
    rejected(token: string): void {
      if (access?.token === token) access = null;
    },
  };
}

export type KsefAuth = ReturnType<typeof createKsefAuth>;
