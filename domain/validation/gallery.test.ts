import { describe, expect, it } from "vitest";
import { compareFolders, galleryFolderSchema, isGalleryFolder, withAncestors } from "./gallery";

describe("gallery folders", () => {
  it("accept segments of letters (Polish too), digits, '-' and '_' up to five levels", () => {
    for (const folder of ["produkty", "produkty/kocyki", "Łąka_2/żółty-3", "a/b/c/d/e"]) {
      expect(isGalleryFolder(folder), folder).toBe(true);
    }
  });

  it("refuse path tricks, empty segments, other characters and depth over five", () => {
    for (const folder of [
      "",
      "..",
      "../x",
      "/etc",
      "a//b",
      "a/../b",
      "a/./b",
      "a/",
      "a\\b",
      "a b",
      "%2e",
      "a/b/c/d/e/f",
    ]) {
      expect(isGalleryFolder(folder), folder).toBe(false);
    }
    expect(isGalleryFolder("x".repeat(61))).toBe(false);
  });

  it("trims and normalises to NFC; gives the folder message key", () => {
    expect(galleryFolderSchema.parse("  zdje\u0328cia ")).toBe("zdjęcia");
    const result = galleryFolderSchema.safeParse("../x");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("staff.gallery.folderInvalid");
  });

  it("sort in tree order, alphabetically per level with Polish letters in place", () => {
    const sorted = ["zeszyt", "ąbc", "a-b", "a/z", "a", "Łąka", "lato", "a/b"].sort(compareFolders);
    expect(sorted).toEqual(["a", "a/b", "a/z", "a-b", "ąbc", "lato", "Łąka", "zeszyt"]);
  });

  it("add every ancestor once", () => {
    expect(withAncestors(["a/b/c", "a/d", "", "e"])).toEqual(["a", "a/b", "a/b/c", "a/d", "e"]);
  });
});
