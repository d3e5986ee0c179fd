import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server";

// The web app's own error lines (React Router's handleError, written with console.error) hold no
// e-mail or token either (issue 24 item 7): a failed query's message quotes its values.

afterEach(() => {
  vi.restoreAllMocks();
});

describe("handleError", () => {
  it("writes an error without the e-mails and tokens its message quotes", () => {
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(" "));
    });
    const error = new Error(
      "Failed query: select * from orders where email = $1\nparams: jan.kowalski@example.com /ustaw-nowe-haslo?token=Sekret123&email=jan%40example.com",
    );
    const request = new Request("http://sklep.test/gotowe?orderNumber=1&email=jan%40example.com");
    handleError(error, { request, params: {}, context: undefined } as never);
    const written = lines.join("\n");
    expect(written).toContain("Failed query");
    expect(written).not.toContain("jan.kowalski@example.com");
    expect(written).not.toContain("Sekret123");
    expect(written).not.toContain("jan%40example.com");
  });
});
