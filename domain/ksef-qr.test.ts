import { describe, expect, it } from "vitest";
import { KSEF_QR_URLS } from "./ksef-environment";
import { ksefVerificationLink, sha256Base64Url } from "./ksef-qr";

// The example of reference/ksef/docs/kody-qr.md (KOD I): issue date 01-02-2026, seller NIP 1111111111,
// digest "UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE".
const DOC_LINK =
  "https://qr-test.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE";

describe("ksefVerificationLink", () => {
  it("gives the documentation's link for the documentation's data", () => {
    expect(
      ksefVerificationLink(
        KSEF_QR_URLS.test,
        "1111111111",
        "2026-02-01",
        "UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE",
      ),
    ).toBe(DOC_LINK);
  });

  it("takes the digest as plain Base64 with padding too, and a base URL with a trailing slash", () => {
    expect(
      ksefVerificationLink(
        `${KSEF_QR_URLS.test}/`,
        "111-111-11-11",
        "2026-02-01",
        "UtQp9Gpc51y+u3xApZjIjgkpZ01js+J8KflSPW8WzIE=",
      ),
    ).toBe(DOC_LINK);
  });

  it("refuses what would make a wrong link", () => {
    const digest = "UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE";
    expect(() => ksefVerificationLink(KSEF_QR_URLS.test, "12345", "2026-02-01", digest)).toThrow(RangeError);
    expect(() => ksefVerificationLink(KSEF_QR_URLS.test, "1111111111", "01-02-2026", digest)).toThrow(
      RangeError,
    );
    expect(() => sha256Base64Url("abc")).toThrow(RangeError);
  });
});
