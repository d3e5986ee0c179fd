import { describe, expect, it } from "vitest";
import { parseShipxWebhook, SHIPX_WEBHOOK_MAX_BYTES, shipxWebhookSecretMatches } from "./shipx-webhook";

const SECRET = "whsec-0123456789abcdefghijkl";

function parse(body: unknown, secret: string | null | undefined = SECRET) {
  return parseShipxWebhook({ secret, expectedSecret: SECRET, body });
}

describe("ShipX webhook", () => {
  it("reads a status change, from the raw JSON or an already parsed body", () => {
    const body = {
      action: "shipment_status_changed",
      payload: { shipment_id: 49, status: "delivered", tracking_number: "602677439331630337653846" },
    };
    const expected = {
      ok: true,
      event: {
        action: "shipment_status_changed",
        shipmentId: "49",
        status: "delivered",
        trackingNumber: "602677439331630337653846",
      },
    };
    expect(parse(JSON.stringify(body))).toEqual(expected);
    expect(parse(body)).toEqual(expected);
  });

  it("ignores unknown fields; action and one of status or tracking number may be missing", () => {
    expect(
      parse({
        payload: { shipment_id: "49", tracking_number: "6026774", extra: { deep: true } },
        sent_at: "x",
      }),
    ).toEqual({
      ok: true,
      event: { action: null, shipmentId: "49", status: null, trackingNumber: "6026774" },
    });
    expect(parse({ payload: { shipment_id: 7, status: "confirmed", tracking_number: null } })).toMatchObject({
      ok: true,
      event: { status: "confirmed", trackingNumber: null },
    });
  });

  it.each([
    ["no secret", undefined],
    ["an empty one", ""],
    ["another one", "whsec-0123456789abcdefghijkX"],
    ["a prefix", SECRET.slice(0, -1)],
    ["a longer one", `${SECRET}x`],
  ])("refuses %s before reading the body", (_name, secret) => {
    expect(parseShipxWebhook({ secret, expectedSecret: SECRET, body: "not even json" })).toEqual({
      ok: false,
      reason: "bad-secret",
    });
  });

  it("refuses everything while no secret is set (webhooks off)", () => {
    expect(parseShipxWebhook({ secret: "", expectedSecret: null, body: "{}" })).toEqual({
      ok: false,
      reason: "bad-secret",
    });
    expect(shipxWebhookSecretMatches(SECRET, null)).toBe(false);
    expect(shipxWebhookSecretMatches(SECRET, SECRET)).toBe(true);
  });

  it("refuses an oversize body, raw or parsed", () => {
    const padding = "x".repeat(SHIPX_WEBHOOK_MAX_BYTES);
    const body = { payload: { shipment_id: 1, status: "delivered" }, padding };
    expect(parse(JSON.stringify(body))).toEqual({ ok: false, reason: "too-large" });
    expect(parse(body)).toEqual({ ok: false, reason: "too-large" });
  });

  it.each([
    ["not JSON", "{payload:"],
    ["null", null],
    ["an array", []],
    ["no payload", { action: "shipment_status_changed" }],
    ["no shipment id", { payload: { status: "delivered" } }],
    ["neither status nor tracking number", { payload: { shipment_id: 1 } }],
    ["a status that is no name", { payload: { shipment_id: 1, status: "<script>" } }],
    ["a negative id", { payload: { shipment_id: -1, status: "delivered" } }],
    ["an id with a slash", { payload: { shipment_id: "1/../2", status: "delivered" } }],
    ["a long tracking number", { payload: { shipment_id: 1, tracking_number: "6".repeat(65) } }],
    ["a long action", { action: "a".repeat(101), payload: { shipment_id: 1, status: "delivered" } }],
  ])("refuses junk: %s", (_name, body) => {
    expect(parse(body)).toEqual({ ok: false, reason: "malformed" });
  });
});
