import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isKsefNumber } from "../../../domain/ksef-number";
import { type KsefSimulatorServer, startKsefSimulatorServer } from "../../test/ksef-simulator-server";
import { createKsefClient, type KsefClientOptions } from "./ksef-client";
import { sha256Base64 } from "./ksef-crypto";
import {
  type KsefGateway,
  KsefRequestError,
  type KsefSentInvoice,
  KsefSessionLostError,
  KsefUnavailableError,
} from "./ksef-gateway";
import { schemaErrors } from "./xml-schema";

// The client against the simulator over HTTP (server/test/ksef-simulator-server.ts): real sockets,
// real encryption, the simulator's checks. The invoice is the Ministry's filled official sample.

const SELLER_NIP = "1111111111";
const SAMPLE = fs.readFileSync(new URL("./fixtures/fa3-official-sample.xml", import.meta.url), "utf8");
let counter = 0;

/** The sample with its own invoice number (KSeF refuses a repeated number as a duplicate). */
function invoice(number = `T${Date.now().toString(36)}-${++counter}`): string {
  return SAMPLE.replace(/<P_2>[^<]*<\/P_2>/, `<P_2>FA/${number}</P_2>`);
}

let ksef: KsefSimulatorServer;
const clock = { at: new Date("2026-11-20T10:00:00Z") };
const now = () => new Date(clock.at);

function client(options: Partial<KsefClientOptions> = {}): KsefGateway {
  return createKsefClient({
    baseUrl: ksef.url,
    token: "test-ksef-token",
    sellerNip: SELLER_NIP,
    now,
    sleep: async () => undefined,
    timeoutMs: 2_000,
    ...options,
  });
}

/** Polls until KSeF has decided (the simulator: "processing" once, then the outcome). */
async function decided(gateway: KsefGateway, sent: KsefSentInvoice) {
  for (let i = 0; i < 5; i++) {
    const status = await gateway.invoiceStatus(sent);
    if (status.state !== "processing") return status;
  }
  throw new Error("still processing");
}

async function sendOne(gateway: KsefGateway, xml: string): Promise<KsefSentInvoice> {
  const sessionReference = await gateway.openSession();
  const invoiceReference = await gateway.sendInvoice(sessionReference, xml);
  return { sessionReference, invoiceReference };
}

/** The requests the simulator received while the action ran, as "METHOD /path". */
async function requestsDuring(action: () => Promise<unknown>): Promise<string[]> {
  const from = ksef.control.requests().length;
  await action();
  return ksef.control
    .requests()
    .slice(from)
    .map((each) => `${each.method} ${each.path}`);
}

beforeAll(async () => {
  ksef = await startKsefSimulatorServer({ token: "test-ksef-token", now, accessTokenTtlMs: 5 * 60_000 });
});

afterAll(async () => {
  await ksef.close();
});

describe("KSeF client against the simulator", () => {
  it("signs in with the token, refreshes the access token before it ends, and gets a new one after a 401", async () => {
    const gateway = client();
    const signIn = await requestsDuring(() => gateway.openSession());
    expect(signIn.map((each) => each.replace(/\/auth\/[0-9]{8}-AU-.*/, "/auth/{ref}"))).toEqual([
      "POST /auth/challenge",
      "GET /security/public-key-certificates",
      "POST /auth/ksef-token",
      "GET /auth/{ref}",
      "GET /auth/{ref}",
      "POST /auth/token/redeem",
      "POST /sessions/online",
    ]);

    clock.at = new Date(clock.at.getTime() + 4.5 * 60_000); // 30 s of the access token left
    expect(await requestsDuring(() => gateway.openSession())).toEqual([
      "POST /auth/token/refresh",
      "POST /sessions/online",
    ]);

    ksef.control.revokeAccessTokens();
    expect(await requestsDuring(() => gateway.openSession())).toEqual([
      "POST /sessions/online",
      "POST /auth/token/refresh",
      "POST /sessions/online",
    ]);
  });

  it("refuses a wrong KSeF token with KSeF's status code", async () => {
    const error = await client({ token: "not-the-token" })
      .openSession()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KsefRequestError);
    expect((error as KsefRequestError).code).toBe(450);
    expect((error as KsefRequestError).details).toContain("Nieprawidłowy token");
  });

  it("sends an FA(3): processing, then accepted with a valid KSeF number; its UPO passes the schema; closes", async () => {
    const gateway = client();
    const xml = invoice();
    const sent = await sendOne(gateway, xml);
    expect(await gateway.invoiceStatus(sent)).toEqual({ state: "processing" });
    const status = await gateway.invoiceStatus(sent);
    if (status.state !== "accepted") throw new Error(`not accepted: ${JSON.stringify(status)}`);
    expect(isKsefNumber(status.ksefNumber)).toBe(true);
    expect(status.ksefNumber.startsWith(`${SELLER_NIP}-20261120-`)).toBe(true);
    expect(status.acceptedAt).toBeInstanceOf(Date);

    const upo = await gateway.invoiceUpo(sent);
    expect(await schemaErrors("upo", upo)).toEqual([]);
    expect(upo).toContain(status.ksefNumber);
    expect(upo).toContain(sha256Base64(Buffer.from(xml, "utf8")));

    const received = ksef.control.received().find((r) => r.invoiceReference === sent.invoiceReference);
    expect(received?.xml).toBe(xml);
    expect(received?.ksefNumber).toBe(status.ksefNumber);

    await gateway.closeSession(sent.sessionReference);
    await expect(gateway.sendInvoice(sent.sessionReference, invoice())).rejects.toBeInstanceOf(
      KsefSessionLostError,
    );
  });

  it("refuses an FA(3) the schema refuses, with the schema's messages", async () => {
    const gateway = client();
    const sent = await sendOne(gateway, invoice().replace(/<P_15>[^<]*<\/P_15>/, ""));
    const status = await decided(gateway, sent);
    expect(status).toMatchObject({
      state: "refused",
      code: 450,
      message: "Błąd weryfikacji semantyki dokumentu faktury",
    });
    expect(status.state === "refused" && status.details.join(" ")).toMatch(/P_15|Adnotacje/);
  });

  it("refuses a duplicate (same seller, type and number) with 440 and the original's KSeF number", async () => {
    const gateway = client();
    const xml = invoice();
    const first = await decided(gateway, await sendOne(gateway, xml));
    expect(first.state).toBe("accepted");
    const second = await decided(gateway, await sendOne(gateway, xml));
    expect(second).toMatchObject({ state: "refused", code: 440, message: "Duplikat faktury" });
    if (first.state === "accepted" && second.state === "refused") {
      expect(second.details).toContain(`originalKsefNumber: ${first.ksefNumber}`);
    }
  });

  it("refuses the next invoice as told by the control", async () => {
    const gateway = client();
    ksef.control.refuseNextInvoice({
      code: 450,
      description: "Błąd weryfikacji semantyki dokumentu faktury",
      details: ["test"],
    });
    const status = await decided(gateway, await sendOne(gateway, invoice()));
    expect(status).toEqual({
      state: "refused",
      code: 450,
      message: "Błąd weryfikacji semantyki dokumentu faktury",
      details: ["test"],
    });
  });

  it("turns 429 (with Retry-After), 500 and a timeout into KsefUnavailableError, and the next call works", async () => {
    const gateway = client();
    const sessionReference = await gateway.openSession();

    ksef.control.tooManyRequests(1, 7);
    const busy = await gateway.sendInvoice(sessionReference, invoice()).catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(KsefUnavailableError);
    expect(busy).toMatchObject({ status: 429, retryAfterMs: 7_000 });

    ksef.control.failNext(1);
    const failed = await gateway.sendInvoice(sessionReference, invoice()).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(KsefUnavailableError);
    expect(failed).toMatchObject({ status: 500, retryAfterMs: null });

    const quick = client({ timeoutMs: 300 });
    ksef.control.delayNext(1, 2_000);
    const slow = await quick.openSession().catch((e: unknown) => e);
    expect(slow).toBeInstanceOf(KsefUnavailableError);
    expect(slow).toMatchObject({ status: null });
    expect(typeof (await quick.openSession())).toBe("string");

    const invoiceReference = await gateway.sendInvoice(sessionReference, invoice());
    expect((await decided(gateway, { sessionReference, invoiceReference })).state).toBe("accepted");
  });

  it("cannot send in a session another client opened (its AES key is not here)", async () => {
    const sessionReference = await client().openSession();
    await expect(client().sendInvoice(sessionReference, invoice())).rejects.toBeInstanceOf(
      KsefSessionLostError,
    );
  });

  it("finds an upload in its session by the invoice's hash (after a crash before recording it)", async () => {
    const gateway = client();
    const xml = invoice();
    const sent = await sendOne(gateway, xml);
    await gateway.sendInvoice(sent.sessionReference, invoice());
    const listed = await gateway.sessionInvoices(sent.sessionReference);
    expect(listed).toHaveLength(2);
    expect(listed.find((each) => each.invoiceHash === sha256Base64(Buffer.from(xml, "utf8")))).toEqual({
      invoiceReference: sent.invoiceReference,
      invoiceHash: sha256Base64(Buffer.from(xml, "utf8")),
    });
  });
});
