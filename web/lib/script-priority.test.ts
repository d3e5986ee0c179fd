import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  DEFERRED_MODULE_TYPE,
  DEFERRED_PRELOAD_REL,
  HYDRATE_AFTER_PICTURE_SCRIPT,
} from "./hydrate-after-picture";
import { scriptsAfterThePicture, scriptsAfterThePictureInPage } from "./script-priority";

async function through(chunks: (string | Buffer)[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const piece of Readable.from(chunks).pipe(scriptsAfterThePicture())) {
    out.push(Buffer.from(piece));
  }
  return Buffer.concat(out).toString("utf8");
}

// the shape React Router's <Scripts> renders (preloads in <head>, one inline module at the end)
const MODULE =
  ';\nimport * as route0 from "/assets/root-A.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-A.js");';
const HTML =
  '<head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/shell-B.js" nonce="n"/><link rel="preload" as="image" fetchPriority="high" href="/m.webp"/>' +
  "</head><body>Żółty kocyk – zażółć gęślą jaźń, type=&quot;module&quot; async" +
  `<script nonce="n">${HYDRATE_AFTER_PICTURE_SCRIPT}</script>` +
  `<script nonce="n" type="module" async="">${MODULE}</script>` +
  '<script nonce="n">window.__reactRouterContext.streamController.enqueue("[\\"type=\\\\\\"module\\\\\\" async\\"]");</script></body>';
const EXPECTED = HTML.replaceAll(
  '<link rel="modulepreload" ',
  `<link rel="${DEFERRED_PRELOAD_REL}" `,
).replace('<script nonce="n" type="module" async="">', `<script nonce="n" type="${DEFERRED_MODULE_TYPE}">`);

describe("scriptsAfterThePicture", () => {
  it("makes every module preload and the hydration module inert; the picture's preload, the starter and the text stay", async () => {
    const out = await through([HTML]);
    expect(out).toBe(EXPECTED);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toContain('type="module" async="">');
    expect(out.match(new RegExp(`<link rel="${DEFERRED_PRELOAD_REL}"`, "g"))).toHaveLength(2);
    expect(out).toContain(`<script nonce="n" type="${DEFERRED_MODULE_TYPE}">${MODULE}</script>`);
    expect(out).toContain(`<script nonce="n">${HYDRATE_AFTER_PICTURE_SCRIPT}</script>`);
  });

  it("gives the same page however the stream is cut, inside a tag or inside a Polish letter", async () => {
    const bytes = Buffer.from(HTML, "utf8");
    for (let at = 1; at < bytes.length; at++) {
      expect(await through([bytes.subarray(0, at), bytes.subarray(at)])).toBe(EXPECTED);
    }
    const bytewise = [...bytes].map((b) => Buffer.from([b]));
    expect(await through(bytewise)).toBe(EXPECTED);
  });
});

describe("scriptsAfterThePictureInPage", () => {
  it("rewrites a whole page's bytes as the stream does, leaving a page without the markup as it is", () => {
    expect(scriptsAfterThePictureInPage(Buffer.from(HTML, "utf8")).toString("utf8")).toBe(EXPECTED);
    const plain = Buffer.from("<p>Żółty kocyk, type=&quot;module&quot; async</p>", "utf8");
    expect(scriptsAfterThePictureInPage(plain).equals(plain)).toBe(true);
  });
});

describe("the starter", () => {
  it("restores the preloads and the module under the names the server gives them", () => {
    expect(HYDRATE_AFTER_PICTURE_SCRIPT).toContain(`link[rel="${DEFERRED_PRELOAD_REL}"]`);
    expect(HYDRATE_AFTER_PICTURE_SCRIPT).toContain(`script[type="${DEFERRED_MODULE_TYPE}"]`);
    expect(HYDRATE_AFTER_PICTURE_SCRIPT).toContain('img[fetchpriority="high"]');
    // a classic script that parses (it runs before any module)
    expect(() => new Function(HYDRATE_AFTER_PICTURE_SCRIPT)).not.toThrow();
  });
});
