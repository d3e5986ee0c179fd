import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  asciiJson,
  constantTimeEqual,
  paynowNotificationSignature,
  paynowV1Signature,
  paynowV3RequestSignature,
} from "./paynow-signature";

// Test vectors from the protocol brief (shared INTEGRATIONS.md §1, Paynow). The notification body
// is the SDK's tests/resources/notification.json byte for byte (pretty-printed, 2-space indent, no
// trailing newline); the shared reference copy is compared with it when that folder is present.

const API_KEY = "97a55694-5478-43b5-b406-fb49ebfdd2b5";
const SIGNATURE_KEY = "b305b996-bca5-4404-a0b7-2ccea3d2b64b";
const CREATE_BODY =
  '{"amount":12345,"currency":"PLN","externalId":"ORDER-1","description":"Order ORDER-1","continueUrl":"https://shop.example/gotowe?orderNumber=ORDER-1","buyer":{"email":"jan@example.com"}}';
const NOTIFICATION_BODY =
  '{\n  "paymentId": "NOLV-8F9-08K-WGD",\n  "status": "CONFIRMED",\n  "modifiedAt": "2018-12-12T13:24:52"\n}';
const NOTIFICATION_SIGNATURE = "Aq/VmN15rtjVbuy9F7Yw+Ym76H+VZjVSuHGpg4dwitY=";
const REFERENCE_FILE = new URL("../../../../shared/reference/paynow_notification.json", import.meta.url);

describe("paynowV3RequestSignature", () => {
  it("matches the documented POST vector", () => {
    expect(
      paynowV3RequestSignature({
        apiKey: API_KEY,
        signatureKey: SIGNATURE_KEY,
        idempotencyKey: "idem-123",
        parameters: {},
        body: CREATE_BODY,
      }),
    ).toBe("3GVzkxivDJ3wvgmSUrrkFUA82lki8kIjNzd46YqQECU=");
  });

  it("matches the documented GET vector with query parameters and an empty body", () => {
    const signature = paynowV3RequestSignature({
      apiKey: API_KEY,
      signatureKey: SIGNATURE_KEY,
      idempotencyKey: "idem-123",
      parameters: { amount: "12345", currency: "PLN" },
      body: "",
    });
    expect(signature).toBe("O6V+stOozbwt13MDOEIrC0OFl6PY4SCyIbS+t/x7IQk=");
    // parameters are sorted by name and single values become one-element arrays
    expect(
      paynowV3RequestSignature({
        apiKey: API_KEY,
        signatureKey: SIGNATURE_KEY,
        idempotencyKey: "idem-123",
        parameters: { currency: ["PLN"], amount: ["12345"] },
        body: "",
      }),
    ).toBe(signature);
  });

  it("changes with the key, the idempotency key, the parameters and the body", () => {
    const base = { apiKey: API_KEY, signatureKey: SIGNATURE_KEY, idempotencyKey: "idem-123", body: "" };
    const signature = paynowV3RequestSignature(base);
    expect(paynowV3RequestSignature({ ...base, signatureKey: "other" })).not.toBe(signature);
    expect(paynowV3RequestSignature({ ...base, idempotencyKey: "idem-124" })).not.toBe(signature);
    expect(paynowV3RequestSignature({ ...base, parameters: { amount: "1" } })).not.toBe(signature);
    expect(paynowV3RequestSignature({ ...base, body: "{}" })).not.toBe(signature);
  });
});

describe("paynowNotificationSignature", () => {
  it("matches the documented vector over the exact bytes of the SDK's notification.json", () => {
    expect(paynowNotificationSignature("s3ecret-k3y", NOTIFICATION_BODY)).toBe(NOTIFICATION_SIGNATURE);
    expect(paynowNotificationSignature("s3ecret-k3y", Buffer.from(NOTIFICATION_BODY, "utf8"))).toBe(
      NOTIFICATION_SIGNATURE,
    );
    // one extra byte (a trailing newline) is a different signature
    expect(paynowNotificationSignature("s3ecret-k3y", `${NOTIFICATION_BODY}\n`)).not.toBe(
      NOTIFICATION_SIGNATURE,
    );
  });

  it.runIf(existsSync(REFERENCE_FILE))("the shared reference file holds exactly those bytes", () => {
    const bytes = readFileSync(REFERENCE_FILE);
    expect(bytes.toString("utf8")).toBe(NOTIFICATION_BODY);
    expect(paynowNotificationSignature("s3ecret-k3y", bytes)).toBe(NOTIFICATION_SIGNATURE);
  });
});

describe("paynowV1Signature (legacy)", () => {
  it("matches the SDK vector", () => {
    expect(
      paynowV1Signature("a621a1fb-b4d8-48ba-a6a3-2a28ed61f605", '{"key1":"value1","key2":"value2"}'),
    ).toBe("rFAkhfbUFRn4bTR82qb742Mwy34g/CSi8frEHciZhCU=");
  });
});

describe("asciiJson", () => {
  it("escapes non-ASCII like PHP json_encode and keeps slashes unescaped", () => {
    expect(asciiJson({ d: "Zamówienie ąę", u: "https://a.pl/x?y=1" })).toBe(
      '{"d":"Zam\\u00f3wienie \\u0105\\u0119","u":"https://a.pl/x?y=1"}',
    );
    expect(asciiJson("🧵")).toBe('"\\ud83e\\uddf5"');
    expect(JSON.parse(asciiJson({ d: "Zamówienie 🧵 ż" }))).toEqual({ d: "Zamówienie 🧵 ż" });
  });

  it("is plain JSON.stringify for ASCII", () => {
    const value = { a: 1, b: ["x", null], c: 'q"\\\n' };
    expect(asciiJson(value)).toBe(JSON.stringify(value));
  });
});

describe("constantTimeEqual", () => {
  it("is true only for equal strings, whatever the lengths", () => {
    expect(constantTimeEqual("abc", "abc")).toBe(true);
    expect(constantTimeEqual("abc", "abd")).toBe(false);
    expect(constantTimeEqual("abc", "abcd")).toBe(false);
    expect(constantTimeEqual("", "")).toBe(true);
    expect(constantTimeEqual("", "a")).toBe(false);
  });
});
