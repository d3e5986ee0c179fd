import { describe, expect, it } from "vitest";
import { startApi } from "../test/api";
import { kitForFile } from "../test/kit-for-file";

// No token, e-mail or order key reaches a log line (issue 24 item 7): the request lines and the
// warnings that quote a URL, captured from the logger's stream.

const SECRET_TOKEN = "Zq8sekretnyTokenXYZ";
const EMAIL = "jan.kowalski@example.com";
const ORDER_NUMBER = "20260042";

const lines: string[] = [];
const kit = kitForFile(() =>
  startApi({
    name: "log-redaction-test",
    env: { LOG_LEVEL: "info" },
    app: { logger: true, logStream: { write: (line: string) => lines.push(line) } },
  }),
);

describe("log lines", () => {
  it("hold no token, e-mail or order key of a request's URL", async () => {
    const encoded = encodeURIComponent(EMAIL);
    const urls = [
      `/ustaw-nowe-haslo?token=${SECRET_TOKEN}&email=${encoded}`,
      `/gotowe?orderNumber=${ORDER_NUMBER}&email=${encoded}`,
      `/api/orders/${ORDER_NUMBER}?email=${EMAIL}`,
      `/api/auth/confirm-email?token=${SECRET_TOKEN}&email=${encoded}`,
    ];
    for (const url of urls) await kit.app.inject({ method: "GET", url });
    // a refused cross-site write logs a warning with its URL
    await kit.app.inject({
      method: "POST",
      url: `/api/auth/new-password?token=${SECRET_TOKEN}&email=${encoded}`,
      headers: { origin: "https://evil.example", cookie: "session=x" },
      payload: {},
    });
    const log = lines.join("");
    expect(log).toContain("incoming request");
    expect(log).toContain("cross-site request refused");
    for (const secret of [SECRET_TOKEN, EMAIL, encoded, `orderNumber=${ORDER_NUMBER}`]) {
      expect(log).not.toContain(secret);
    }
    expect(log).toContain("token=[redacted]");
  });
});
