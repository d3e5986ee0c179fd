import { describe, expect, it } from "vitest";
import { testConfig } from "../../test/test-config";
import { createCarrier } from ".";

describe("createCarrier", () => {
  it("is InPost ShipX when its token and organization are set", () => {
    const config = testConfig({ INPOST_SHIPX_TOKEN: "token", INPOST_ORGANIZATION_ID: "1234" });
    expect(createCarrier(config).kind).toBe("inpost");
  });
});
