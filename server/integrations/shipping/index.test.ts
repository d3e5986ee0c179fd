import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeShipx, startFakeShipx } from "../../test/fake-shipx";
import { testConfig } from "../../test/test-config";
import { createCarrier } from ".";

let fake: FakeShipx;

beforeAll(async () => {
  fake = await startFakeShipx();
});

afterAll(async () => {
  await fake.close();
});

describe("createCarrier", () => {
  it("is the demo carrier without ShipX settings", () => {
    expect(createCarrier(testConfig(), { demo: { sender: [], find: async () => null } }).kind).toBe("demo");
  });

  it("is InPost ShipX at INPOST_SHIPX_URL when its token and organization are set, with the sender", async () => {
    const config = testConfig({
      ...fake.env(),
      SHIPPING_SENDER_PHONE: "500600700",
      SHIPPING_SENDER_EMAIL: "wysylka@example.com",
    });
    const carrier = createCarrier(config, { demo: { sender: [], find: async () => null } });
    expect(carrier.kind).toBe("inpost");
    await carrier.create({
      reference: "ZAM-1",
      receiver: { name: "Anna Nowak", companyName: null, email: "anna@example.com", phone: "600700800" },
      delivery: { kind: "locker", targetPoint: "KRA010" },
      parcelSize: "A",
    });
    expect(JSON.parse(fake.requests.at(-1)?.body ?? "").sender).toEqual({
      company_name: "Pracownia Szycia (dane demonstracyjne)",
      email: "wysylka@example.com",
      phone: "500600700",
      address: {
        street: "ul. Krawiecka",
        building_number: "1",
        city: "Warszawa",
        post_code: "00-001",
        country_code: "PL",
      },
    });
  });
});
