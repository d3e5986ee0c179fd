import { PageSizes, PDFDocument } from "pdf-lib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  FAKE_SHIPX_TITLES_PL,
  type FakeShipx,
  SHIPX_STATUS_NAMES,
  startFakeShipx,
} from "../../test/fake-shipx";
import { startLoopbackHttp } from "../../test/loopback-http";
import { CarrierRefusedError, CarrierUnavailableError, type ShipmentRequest } from "./carrier";
import {
  createShipxCarrier,
  retryAfterMs,
  type ShipxSender,
  shipxDetailLines,
  shipxPhone,
} from "./shipx-carrier";

let fake: FakeShipx;

beforeAll(async () => {
  fake = await startFakeShipx();
});

afterAll(async () => {
  await fake.close();
});

afterEach(() => {
  fake.reset();
});

const SENDER: ShipxSender = {
  name: "Szyjemy sp. z o.o.",
  street: "ul. Igły",
  buildingNumber: "2",
  city: "Kraków",
  postCode: "30-001",
  phone: "500600700",
  email: "sklep@szyjemy.pl",
};

function carrier(
  options: { token?: string; timeoutMs?: number; now?: () => number; organizationId?: string } = {},
) {
  return createShipxCarrier(
    {
      apiUrl: `${fake.url}/`,
      token: options.token ?? fake.token,
      organizationId: options.organizationId ?? fake.organizationId,
      sender: SENDER,
    },
    { timeoutMs: options.timeoutMs, now: options.now },
  );
}

function lockerRequest(overrides: Partial<ShipmentRequest> = {}): ShipmentRequest {
  return {
    reference: "ZAM-2026-0001",
    receiver: { name: "Anna Maria Nowak", companyName: null, email: "anna@example.com", phone: "600700800" },
    delivery: { kind: "locker", targetPoint: "KRA010" },
    parcelSize: "B",
    ...overrides,
  };
}

function courierRequest(): ShipmentRequest {
  return lockerRequest({
    reference: "ZAM-2026-0002",
    receiver: {
      name: "Jan Kowalski",
      companyName: "Krawiectwo Jan",
      email: "jan@example.com",
      phone: "+48 501 502 503",
    },
    delivery: {
      kind: "courier",
      address: {
        street: "Długa",
        buildingNumber: "5/3",
        city: "Gdańsk",
        postCode: "80-001",
        countryCode: "PL",
      },
    },
    parcelSize: "C",
  });
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

describe("ShipX carrier: create and poll", () => {
  it("creates a locker shipment (no tracking number yet), which gets one on a later poll", async () => {
    const shipx = carrier();
    const created = await shipx.create(lockerRequest());
    expect(created).toEqual({ id: expect.stringMatching(/^\d+$/), status: "created", trackingNumber: null });

    const sent = fake.requests[0];
    expect(sent?.method).toBe("POST");
    expect(sent?.path).toBe(`/v1/organizations/${fake.organizationId}/shipments`);
    expect(sent?.headers.authorization).toBe(`Bearer ${fake.token}`);
    expect(sent?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(sent?.body ?? "")).toEqual({
      receiver: {
        first_name: "Anna Maria",
        last_name: "Nowak",
        email: "anna@example.com",
        phone: "600700800",
      },
      sender: {
        company_name: "Szyjemy sp. z o.o.",
        email: "sklep@szyjemy.pl",
        phone: "500600700",
        address: {
          street: "ul. Igły",
          building_number: "2",
          city: "Kraków",
          post_code: "30-001",
          country_code: "PL",
        },
      },
      parcels: [{ template: "medium" }],
      service: "inpost_locker_standard",
      custom_attributes: { target_point: "KRA010", sending_method: "dispatch_order" },
      reference: "ZAM-2026-0001",
    });

    expect(await shipx.get(created.id)).toEqual({ id: created.id, status: "created", trackingNumber: null });
    const polled = await shipx.get(created.id);
    expect(polled.status).toBe("confirmed");
    expect(polled.trackingNumber).toMatch(/^\d{24}$/);
    expect(fake.requests.at(-1)?.path).toBe(`/v1/shipments/${created.id}`);
  });

  it("creates a courier shipment to the receiver's address, the company named, size C as large", async () => {
    const shipx = carrier();
    const created = await shipx.create(courierRequest());
    expect(created.trackingNumber).toBeNull();
    const body = JSON.parse(fake.requests[0]?.body ?? "");
    expect(body.service).toBe("inpost_courier_standard");
    expect(body.parcels).toEqual([{ template: "large" }]);
    expect(body.custom_attributes).toEqual({ sending_method: "dispatch_order" });
    expect(body.receiver).toEqual({
      first_name: "Jan",
      last_name: "Kowalski",
      company_name: "Krawiectwo Jan",
      email: "jan@example.com",
      phone: "501502503",
      address: {
        street: "Długa",
        building_number: "5/3",
        city: "Gdańsk",
        post_code: "80-001",
        country_code: "PL",
      },
    });
    await shipx.get(created.id);
    expect((await shipx.get(created.id)).trackingNumber).toMatch(/^\d{24}$/);
  });

  it("leaves the sender to the organization's in ShipX while its phone or e-mail is unknown", async () => {
    const shipx = createShipxCarrier({
      apiUrl: fake.url,
      token: fake.token,
      organizationId: fake.organizationId,
      sender: { ...SENDER, phone: null },
    });
    await shipx.create(lockerRequest());
    expect(JSON.parse(fake.requests[0]?.body ?? "")).not.toHaveProperty("sender");
  });

  it("cancels a shipment created by mistake; a parcel already on its way is refused", async () => {
    const shipx = carrier();
    const created = await shipx.create(lockerRequest());
    await shipx.cancel(created.id);
    expect(fake.requests.at(-1)).toMatchObject({
      method: "DELETE",
      path: `/v1/shipments/${created.id}`,
      status: 204,
    });
    expect((await shipx.get(created.id)).status).toBe("canceled");

    const other = await shipx.create(lockerRequest());
    fake.advance(other.id, "taken_by_courier");
    const error = await caught(shipx.cancel(other.id));
    expect(error).toBeInstanceOf(CarrierRefusedError);
    expect((error as CarrierRefusedError).status).toBe(400);
    expect((error as CarrierRefusedError).message).toContain("invalid_action");
  });
});

describe("ShipX carrier: labels", () => {
  it.each([
    ["A6", PageSizes.A6, "A6"],
    ["A4", PageSizes.A4, "normal"],
  ] as const)("downloads a %s label as a one-page PDF of that size", async (format, size, type) => {
    const shipx = carrier();
    const created = await shipx.create(lockerRequest());
    fake.advance(created.id, "confirmed");
    const bytes = await shipx.label(created.id, format);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual(size.map(Math.round));
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/v1/shipments/${created.id}/label`,
      query: { format: "Pdf", type },
    });
  });

  it("a label that is not a PDF is the carrier misbehaving (unavailable)", async () => {
    const shipx = createShipxCarrier(
      { apiUrl: "https://shipx.invalid", token: "t", organizationId: "1" },
      { fetch: async () => new Response("<html>maintenance</html>", { status: 200 }) },
    );
    expect(await caught(shipx.label("1", "A6"))).toBeInstanceOf(CarrierUnavailableError);
  });
});

describe("ShipX carrier: statuses", () => {
  it("lists every status name with its Polish title, asked once a day", async () => {
    let clock = Date.parse("2026-11-28T10:00:00Z");
    const shipx = carrier({ now: () => clock });
    const [first, second] = await Promise.all([shipx.statuses(), shipx.statuses()]);
    expect(first.map((status) => status.name)).toEqual([...SHIPX_STATUS_NAMES]);
    expect(first.find((status) => status.name === "delivered")?.title).toBe(FAKE_SHIPX_TITLES_PL.delivered);
    expect(second).toBe(first);
    const asked = () => fake.requests.filter((request) => request.path === "/v1/statuses");
    expect(asked()).toHaveLength(1);
    expect(asked()[0]?.query).toEqual({ lang: "pl_PL" });

    clock += 23 * 60 * 60 * 1000;
    await shipx.statuses();
    expect(asked()).toHaveLength(1);
    clock += 2 * 60 * 60 * 1000;
    await shipx.statuses();
    expect(asked()).toHaveLength(2);
  });

  it("keeps no failure: after a 500 the next call asks again", async () => {
    const shipx = carrier();
    fake.failNext(1, { status: 500 });
    expect(await caught(shipx.statuses())).toBeInstanceOf(CarrierUnavailableError);
    expect((await shipx.statuses()).length).toBe(SHIPX_STATUS_NAMES.length);
  });
});

describe("ShipX carrier: errors", () => {
  it("ShipX's own validation (400) is refused with its details as readable lines", async () => {
    const error = await caught(
      carrier().create(
        lockerRequest({
          receiver: { name: "Anna Nowak", companyName: null, email: "anna@example.com", phone: "12" },
          delivery: { kind: "locker", targetPoint: "" },
        }),
      ),
    );
    expect(error).toBeInstanceOf(CarrierRefusedError);
    const refused = error as CarrierRefusedError;
    expect(refused.status).toBe(400);
    expect(refused.details).toEqual(["receiver.phone: invalid", "custom_attributes.target_point: required"]);
    expect(refused.message).toContain("validation_failed");
    expect(refused.message).not.toContain("anna@example.com");
  });

  it("a 422 with validation details is refused with the details; the next request works", async () => {
    fake.failNext(1, {
      status: 422,
      details: { receiver: { email: ["invalid"] }, parcels: [{ template: ["invalid"] }] },
    });
    const error = (await caught(carrier().create(lockerRequest()))) as CarrierRefusedError;
    expect(error).toBeInstanceOf(CarrierRefusedError);
    expect(error.status).toBe(422);
    expect(error.details).toEqual(["receiver.email: invalid", "parcels.0.template: invalid"]);
    await expect(carrier().create(lockerRequest())).resolves.toMatchObject({ status: "created" });
  });

  it.each([
    ["a wrong token", { token: "wrong" }, 401],
    ["another organization", { organizationId: "9999" }, 403],
  ])("%s is refused, saying the token is wrong, without quoting it", async (_name, options, status) => {
    const error = (await caught(carrier(options).create(lockerRequest()))) as CarrierRefusedError;
    expect(error).toBeInstanceOf(CarrierRefusedError);
    expect(error.status).toBe(status);
    expect(error.message).toMatch(/token.*INPOST_SHIPX_TOKEN/);
    expect(error.message).not.toContain(fake.token);
    expect(error.message).not.toContain("wrong");
  });

  it("a 401 on command is refused too", async () => {
    fake.failNext(1, { status: 401 });
    expect(((await caught(carrier().get("1"))) as CarrierRefusedError).status).toBe(401);
  });

  it("429 is unavailable with Retry-After kept; a 500 is unavailable", async () => {
    fake.failNext(1, { status: 429, retryAfterSeconds: 7 });
    fake.failNext(1, { status: 500 });
    const slowDown = (await caught(carrier().create(lockerRequest()))) as CarrierUnavailableError;
    expect(slowDown).toBeInstanceOf(CarrierUnavailableError);
    expect(slowDown).toMatchObject({ status: 429, retryAfterMs: 7_000 });
    const broken = (await caught(carrier().create(lockerRequest()))) as CarrierUnavailableError;
    expect(broken).toBeInstanceOf(CarrierUnavailableError);
    expect(broken).toMatchObject({ status: 500, retryAfterMs: null });
  });

  it("no answer within the timeout is unavailable, within the timeout", async () => {
    fake.failNext(1, { status: "timeout" });
    const started = performance.now();
    const error = (await caught(carrier({ timeoutMs: 200 }).get("1"))) as CarrierUnavailableError;
    const elapsed = performance.now() - started;
    expect(error).toBeInstanceOf(CarrierUnavailableError);
    expect(error.message).toContain("200 ms");
    expect(elapsed).toBeLessThan(2_000);
  });

  it("a network failure is unavailable", async () => {
    const shipx = createShipxCarrier(
      { apiUrl: "https://shipx.invalid", token: "t", organizationId: "1" },
      {
        fetch: async () => {
          throw new TypeError("fetch failed");
        },
      },
    );
    const error = (await caught(shipx.get("1"))) as CarrierUnavailableError;
    expect(error).toBeInstanceOf(CarrierUnavailableError);
    expect(error.message).toContain("fetch failed");
  });

  it("an unknown shipment is refused (404)", async () => {
    const error = (await caught(carrier().get("404404"))) as CarrierRefusedError;
    expect(error).toBeInstanceOf(CarrierRefusedError);
    expect(error.status).toBe(404);
  });
});

describe("ShipX simulator: webhooks", () => {
  it("posts a shipment's status as ShipX's webhook body to a URL", async () => {
    const received: { method: string; path: string; body: string }[] = [];
    const shop = await startLoopbackHttp(async (request, response) => {
      received.push({
        method: request.method,
        path: `${request.url.pathname}${request.url.search}`,
        body: request.body,
      });
      response.writeHead(202);
      response.end();
    });
    try {
      const created = await carrier().create(lockerRequest());
      const moved = fake.advance(created.id, "out_for_delivery");
      const reply = await fake.sendWebhook(`${shop.url}/hook?token=s`, fake.webhookBody(created.id));
      expect(reply.status).toBe(202);
      expect(received).toEqual([{ method: "POST", path: "/hook?token=s", body: expect.any(String) }]);
      expect(JSON.parse(received[0]?.body ?? "")).toEqual({
        action: "shipment_status_changed",
        payload: {
          shipment_id: Number(created.id),
          status: "out_for_delivery",
          tracking_number: moved.trackingNumber,
        },
      });
    } finally {
      await shop.close();
    }
  });
});

describe("ShipX helpers", () => {
  it("flattens ShipX's details tree, bounded", () => {
    expect(shipxDetailLines({ receiver: { phone: ["invalid", "too_short"] } })).toEqual([
      "receiver.phone: invalid, too_short",
    ]);
    expect(shipxDetailLines("required")).toEqual(["required"]);
    expect(shipxDetailLines(null)).toEqual([]);
    const many = Object.fromEntries(
      Array.from({ length: 50 }, (_, index) => [`f${index}`, ["x".repeat(500)]]),
    );
    const lines = shipxDetailLines(many);
    expect(lines).toHaveLength(20);
    expect(lines.every((line) => line.length <= 200)).toBe(true);
  });

  it("writes Polish phone numbers as nine digits, leaving others as given", () => {
    expect(shipxPhone("+48 501 502 503")).toBe("501502503");
    expect(shipxPhone("0048-501-502-503")).toBe("501502503");
    expect(shipxPhone("(501) 502 503")).toBe("501502503");
    expect(shipxPhone("+49 30 1234567")).toBe("+49 30 1234567");
  });

  it("reads Retry-After as seconds or a date", () => {
    const now = Date.parse("2026-11-28T10:00:00Z");
    expect(retryAfterMs("30", now)).toBe(30_000);
    expect(retryAfterMs("Sat, 28 Nov 2026 10:00:05 GMT", now)).toBe(5_000);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs("soon", now)).toBeNull();
  });
});
