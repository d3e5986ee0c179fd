import { describe, expect, it } from "vitest";
import { REDACTED, redactSecrets } from "./redact";

// Tokens, e-mails and order keys never reach a log line (issue 24 item 7).

describe("redactSecrets", () => {
  it.each([
    [
      '{"url":"/ustaw-nowe-haslo?token=abc123DEF&email=jan%40example.com"}',
      `{"url":"/ustaw-nowe-haslo?token=${REDACTED}&email=${REDACTED}"}`,
    ],
    [
      '{"url":"/gotowe?orderNumber=SZ-2026-0042&email=jan@example.com&x=1"}',
      `{"url":"/gotowe?orderNumber=${REDACTED}&email=${REDACTED}&x=1"}`,
    ],
    [
      '{"url":"/gotowe.data?ordernumber=7&EMAIL=a%40b.pl"}',
      `{"url":"/gotowe.data?ordernumber=${REDACTED}&EMAIL=${REDACTED}"}`,
    ],
    [
      '{"url":"/api/auth/confirm/jan.kowalski+sklep@poczta.example.pl"}',
      `{"url":"/api/auth/confirm/${REDACTED}"}`,
    ],
    [
      '{"err":{"message":"Failed query: select … params: ala@example.com,1"}}',
      `{"err":{"message":"Failed query: select … params: ${REDACTED},1"}}`,
    ],
  ])("%s", (line, expected) => {
    expect(redactSecrets(line)).toBe(expected);
  });

  it("leaves lines without secrets as they are", () => {
    const line =
      '{"level":30,"req":{"method":"GET","url":"/produkty?strona=2&sort=cena"},"msg":"incoming request"}';
    expect(redactSecrets(line)).toBe(line);
  });
});
