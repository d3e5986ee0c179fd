import { describe, expect, it } from "vitest";
import { certificateFromBase64, encryptKsefToken, publicKeyId } from "../ksef-crypto";
import { KsefRequestError } from "../ksef-gateway";
import { createKsefHttp, retryAfterMs } from "../ksef-http";
import { createKsefSimulator } from "./ksef-simulator";

// The simulator's answers where the client never goes wrong on its own: shapes, refusals, codes;
// and ksef-http's reading of KSeF's exception body and of Retry-After.

const BASE = "http://ksef.test/api/v2";

function setUp(options: Parameters<typeof createKsefSimulator>[0] = {}) {
  const simulator = createKsefSimulator(options);
  const http = createKsefHttp({
    baseUrl: BASE,
    fetch: simulator.fetch,
    timeoutMs: 5_000,
    now: () => new Date(),
  });
  return { simulator, http };
}

describe("KSeF simulator", () => {
  it("publishes one test certificate per usage, named by the SHA-256 of its public key", async () => {
    const { http } = setUp();
    const list = await http.json<{ certificate: string; publicKeyId: string; usage: string[] }[]>({
      method: "GET",
      path: "/security/public-key-certificates",
    });
    expect(list.map((each) => each.usage)).toEqual([["KsefTokenEncryption"], ["SymmetricKeyEncryption"]]);
    for (const each of list) {
      expect(each.publicKeyId).toBe(publicKeyId(certificateFromBase64(each.certificate)));
    }
  });

  it("refuses a token encrypted with another timestamp than the challenge's (450, token time)", async () => {
    const { http } = setUp();
    const [published] = await http.json<{ certificate: string }[]>({
      method: "GET",
      path: "/security/public-key-certificates",
    });
    const challenge = await http.json<{ challenge: string; timestampMs: number }>({
      method: "POST",
      path: "/auth/challenge",
    });
    const certificate = certificateFromBase64(published?.certificate ?? "");
    const started = await http.json<{ referenceNumber: string; authenticationToken: { token: string } }>({
      method: "POST",
      path: "/auth/ksef-token",
      body: {
        challenge: challenge.challenge,
        contextIdentifier: { type: "Nip", value: "1111111111" },
        encryptedToken: encryptKsefToken(certificate, "any", challenge.timestampMs - 1),
      },
    });
    const poll = () =>
      http.json<{ status: { code: number; details: string[] } }>({
        method: "GET",
        path: `/auth/${started.referenceNumber}`,
        bearer: started.authenticationToken.token,
      });
    expect((await poll()).status.code).toBe(100);
    expect((await poll()).status).toMatchObject({ code: 450, details: ["Nieprawidłowy czas tokena"] });
  });

  it("answers 401 without an access token and KSeF's exception body to a malformed request", async () => {
    const { http } = setUp();
    const unauthorized = await http
      .json({ method: "POST", path: "/sessions/online", body: {} })
      .catch((e: unknown) => e);
    expect(unauthorized).toMatchObject({ status: 401 });
    const malformed = await http
      .json({ method: "POST", path: "/auth/ksef-token", body: {} })
      .catch((e: unknown) => e);
    expect(malformed).toBeInstanceOf(KsefRequestError);
    expect(malformed).toMatchObject({
      status: 400,
      code: 21405,
      description: "Błąd walidacji danych wejściowych.",
    });
  });

  it("answers unknown paths with 404 and only under /api/v2", async () => {
    const { simulator } = setUp();
    expect((await simulator.fetch("http://ksef.test/v2/auth/challenge", { method: "POST" })).status).toBe(
      404,
    );
    expect((await simulator.fetch(`${BASE}/invoices/query/metadata`, { method: "POST" })).status).toBe(404);
  });
});

describe("Retry-After", () => {
  it("reads seconds and HTTP dates, and nothing else", () => {
    const now = new Date("2026-11-20T10:00:00Z");
    expect(retryAfterMs("30", now)).toBe(30_000);
    expect(retryAfterMs("Fri, 20 Nov 2026 10:01:00 GMT", now)).toBe(60_000);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs("soon", now)).toBeNull();
  });
});
