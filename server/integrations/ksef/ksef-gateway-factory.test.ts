import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { isKsefNumber } from "../../../domain/ksef-number";
import type { KsefConfig } from "../../config";
import { createKsefClient } from "./ksef-client";
import { KsefUnavailableError } from "./ksef-gateway";
import { createKsefGateway } from "./ksef-gateway-factory";
import { createKsefSimulator } from "./simulator/ksef-simulator";

// Which KSeF createKsefGateway picks, and the client's sign-in and key edge cases against the
// in-process simulator (its fetch: no sockets).

const SAMPLE = fs.readFileSync(new URL("./fixtures/fa3-official-sample.xml", import.meta.url), "utf8");
const seller = { nip: "1111111111" };

function ksefConfig(overrides: Partial<KsefConfig>): KsefConfig {
  return { env: "off", token: null, apiUrl: null, b2c: false, emailWaitMs: 0, ...overrides };
}

describe("createKsefGateway", () => {
  it("gives nothing while KSeF is off", () => {
    expect(createKsefGateway({ ksef: ksefConfig({ env: "off" }), seller })).toBeNull();
  });

  it("answers from the in-process simulator for local: an invoice gets a KSeF number", async () => {
    const gateway = createKsefGateway({ ksef: ksefConfig({ env: "local" }), seller });
    if (!gateway) throw new Error("no gateway");
    const sessionReference = await gateway.openSession();
    const xml = SAMPLE.replace(/<P_2>[^<]*<\/P_2>/, "<P_2>FA/LOCAL/1</P_2>");
    const invoiceReference = await gateway.sendInvoice(sessionReference, xml);
    expect(await gateway.invoiceStatus({ sessionReference, invoiceReference })).toEqual({
      state: "processing",
    });
    const status = await gateway.invoiceStatus({ sessionReference, invoiceReference });
    expect(status.state === "accepted" && isKsefNumber(status.ksefNumber)).toBe(true);
  });

  it("talks to KSEF_API_URL, else the environment's address, with KSEF_TOKEN", async () => {
    const asked: string[] = [];
    const recording = (async (input: string | URL | Request) => {
      asked.push(String(input instanceof Request ? input.url : input));
      return new Response("[]", { status: 200, headers: { "content-type": "application/json" } });
    }) as typeof fetch;
    for (const apiUrl of ["http://127.0.0.1:1/api/v2", null]) {
      const gateway = createKsefGateway(
        { ksef: ksefConfig({ env: "test", token: "t", apiUrl }), seller },
        { fetch: recording },
      );
      await gateway?.openSession().catch(() => undefined);
    }
    expect(asked.filter((url) => url.endsWith("/auth/challenge"))).toEqual([
      "http://127.0.0.1:1/api/v2/auth/challenge",
      "https://ksef-test.mf.gov.pl/api/v2/auth/challenge",
    ]);
  });
});

describe("KSeF client edge cases", () => {
  it("gives up a sign-in that stays in progress past its time limit", async () => {
    const simulator = createKsefSimulator({ authPollsInProgress: 1_000 });
    const gateway = createKsefClient({
      baseUrl: "http://ksef.test/api/v2",
      token: "t",
      sellerNip: seller.nip,
      fetch: simulator.fetch,
      authTimeoutMs: 1_000,
      pollIntervalMs: 250,
      sleep: async () => undefined,
    });
    const error = await gateway.openSession().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KsefUnavailableError);
    expect(simulator.control.requests().filter((r) => r.path.startsWith("/auth/2")).length).toBe(5);
  });

  it("fetches the certificates again and retries once when KSeF says the key is unknown (21470)", async () => {
    const simulator = createKsefSimulator();
    let served = 0;
    // the first certificate list names a withdrawn key, as after an emergency rotation
    const rotated = (async (input: string | URL | Request, init?: RequestInit) => {
      const reply = await simulator.fetch(input, init);
      if (!String(input).endsWith("/security/public-key-certificates") || served++ > 0) return reply;
      const list = (await reply.json()) as { publicKeyId: string }[];
      const stale = list.map((each) => ({ ...each, publicKeyId: Buffer.alloc(32, 1).toString("base64") }));
      return new Response(JSON.stringify(stale), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    }) as typeof fetch;
    const gateway = createKsefClient({
      baseUrl: "http://ksef.test/api/v2",
      token: "t",
      sellerNip: seller.nip,
      fetch: rotated,
      sleep: async () => undefined,
    });
    expect(typeof (await gateway.openSession())).toBe("string");
    expect(
      simulator.control.requests().filter((r) => r.path === "/security/public-key-certificates"),
    ).toHaveLength(2);
  });
});
