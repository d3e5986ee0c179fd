import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./script-priority";

async function through(chunks: (string | Buffer)[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const piece of Readable.from(chunks).pipe(lowPriorityModulePreloads())) {
    out.push(Buffer.from(piece));
  }
  return Buffer.concat(out).toString("utf8");
}

const HTML =
  '<head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/shell-B.js" nonce="n"/><link rel="preload" as="image" fetchPriority="high" href="/m.webp"/>' +
  "</head><body>Żółty kocyk – zażółć gęślą jaźń</body>";
const EXPECTED = HTML.replaceAll(
  '<link rel="modulepreload" ',
  '<link rel="modulepreload" fetchpriority="low" ',
);

describe("lowPriorityModulePreloads", () => {
  it("marks every module preload low and leaves the picture's preload and the text alone", async () => {
    expect(await through([HTML])).toBe(EXPECTED);
    expect(EXPECTED.match(/fetchpriority="low"/g)).toHaveLength(2);
  });

  it("gives the same page however the stream is cut, inside a link or inside a Polish letter", async () => {
    const bytes = Buffer.from(HTML, "utf8");
    for (let at = 1; at < bytes.length; at++) {
      expect(await through([bytes.subarray(0, at), bytes.subarray(at)])).toBe(EXPECTED);
    }
    const bytewise = [...bytes].map((b) => Buffer.from([b]));
    expect(await through(bytewise)).toBe(EXPECTED);
  });
});
