import { describe, expect, it } from "vitest";
import { contentTypeOf, isMediaKey, mediaKeyOf, mediaUrlOf } from "./media-key";
import { isNotModified, parseRange } from "./media-storage";

// The media URL grammar (docs/decisions/081): only what the shop writes can be named, on a disk or in a bucket.

describe("mediaKeyOf", () => {
  it("gives the key of the gallery's and the seed's URLs, Polish folders included", () => {
    expect(mediaKeyOf("/media/gallery/testy/%C5%81%C4%85ka_1/kocyk-0a1b2c3d-thumb.webp")).toBe(
      "gallery/testy/Łąka_1/kocyk-0a1b2c3d-thumb.webp",
    );
    expect(mediaKeyOf("demo/products/kocyk_minky-1.webp")).toBe("demo/products/kocyk_minky-1.webp");
    expect(mediaUrlOf("gallery/Łąka/x.webp")).toBe("/media/gallery/%C5%81%C4%85ka/x.webp");
    expect(mediaKeyOf(mediaUrlOf("gallery/Łąka/x.webp"))).toBe("gallery/Łąka/x.webp");
  });

  it.each([
    "../secret.webp",
    "gallery/../../x.webp",
    "gallery/%2e%2e/x.webp",
    "gallery//x.webp",
    "/gallery/x.webp",
    "gallery\\x.webp",
    "gallery/.x.webp.tmp-1234abcd",
    "gallery/.x.webp",
    "gallery/x..webp",
    "gallery/x.svg",
    "gallery/x.webp?v=1",
    "gallery/a%ZZ.webp",
    "a/b/c/d/e/f/g/h/i.webp",
    "",
  ])("refuses %j", (path) => {
    expect(mediaKeyOf(path)).toBeNull();
  });

  it("names the content type by extension", () => {
    expect(contentTypeOf("a/b.webp")).toBe("image/webp");
    expect(contentTypeOf("a/b.JPG")).toBe("image/jpeg");
    expect(isMediaKey("a/b.JPG")).toBe(false);
  });
});

describe("ranges and conditions", () => {
  it("reads one byte range against a length", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ first: 0, last: 99 });
    expect(parseRange("bytes=900-", 1000)).toEqual({ first: 900, last: 999 });
    expect(parseRange("bytes=-100", 1000)).toEqual({ first: 900, last: 999 });
    expect(parseRange("bytes=500-5000", 1000)).toEqual({ first: 500, last: 999 });
    expect(parseRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-1,5-6", 1000)).toBeNull();
    expect(parseRange("items=0-1", 1000)).toBeNull();
    expect(parseRange(undefined, 1000)).toBeNull();
  });

  it("finds an object unchanged by its tag (weakly), else by its time", () => {
    const head = {
      contentType: "image/webp",
      length: 1,
      etag: '"abc"',
      lastModified: new Date("2026-11-01"),
    };
    expect(isNotModified(head, { ifNoneMatch: '"abc"' })).toBe(true);
    expect(isNotModified(head, { ifNoneMatch: 'W/"abc", "x"' })).toBe(true);
    expect(isNotModified(head, { ifNoneMatch: '"x"', ifModifiedSince: new Date("2026-12-01") })).toBe(false);
    expect(isNotModified(head, { ifModifiedSince: new Date("2026-12-01") })).toBe(true);
    expect(isNotModified(head, { ifModifiedSince: new Date("2026-10-01") })).toBe(false);
    expect(isNotModified(head, {})).toBe(false);
  });
});
