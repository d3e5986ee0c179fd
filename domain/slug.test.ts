import { describe, expect, it } from "vitest";
import { blogPath, linkCategoryId, parseIdFromParam, productLink, productPath, slugify } from "./slug";

describe("slugify", () => {
  it.each([
    ["Kocyk (różowy) Żółć", "Kocyk_rozowy_Zolc"],
    ["kocyk dla dzieci", "kocyk_dla_dzieci"],
    ["ąćęłńóśźż", "acelnoszz"],
    ["ĄĆĘŁŃÓŚŹŻ", "ACELNOSZZ"],
    ["Zestaw [premium] {2 szt.}", "Zestaw_premium_2_szt."],
    ["  Pościel   bawełniana  ", "Posciel_bawelniana"],
    ["Rożek - niemowlęcy", "Rozek_-_niemowlecy"],
    ["Café crème", "Cafe_creme"],
    ["Kocyk 100% bawełna / len?", "Kocyk_100_bawelna_len"],
    ["a&b#c", "abc"],
    ["", ""],
  ])("%j -> %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });
});

describe("productPath / blogPath", () => {
  it.each([
    [12, "Kocyk dla dzieci", "/produkt/12-Kocyk_dla_dzieci"],
    [7, "Kocyk (różowy) Żółć", "/produkt/7-Kocyk_rozowy_Zolc"],
  ])("product %i %j -> %s", (id, title, path) => {
    expect(productPath(id, title)).toBe(path);
  });

  it.each([[3, "Jak uszyć rożek?", "/blog/3-Jak_uszyc_rozek"]])("blog %i %j -> %s", (id, title, path) => {
    expect(blogPath(id, title)).toBe(path);
  });
});

describe("productLink", () => {
  const product = { _id: 5, title: "Rożek", categories: [1, 2] };
  it.each<[{ _id: number; title: string; categories: number[] }, number | null | undefined, string]>([
    [product, undefined, "/produkt/5-Rozek"],
    [product, null, "/produkt/5-Rozek"],
    [product, 1, "/produkt/5-Rozek"],
    [product, 2, "/produkt/5-Rozek?kategoria=2"],
    [product, 9, "/produkt/5-Rozek"],
    [{ ...product, categories: [2] }, 2, "/produkt/5-Rozek"],
  ])("%j in category %j -> %s", (p, category, link) => {
    expect(productLink(p, category)).toBe(link);
  });
});

describe("linkCategoryId (a list's category kept in its product links)", () => {
  // listed: the list's category, then its descendants
  it.each<[number[], number[], number | null]>([
    [[5, 3], [3], 3],
    [[3, 5], [3], null],
    [[3], [3], null],
    [[5, 3], [], null],
    [[5, 3], [9], null],
    // a parent's list: the product's category inside it
    [[3, 6], [2, 5, 6], 6],
    [[6, 3], [2, 5, 6], null],
    // the listed category itself before its descendants
    [[9, 6, 2], [2, 5, 6], 2],
  ])("product in %j, list of %j -> %j", (categories, listed, expected) => {
    expect(linkCategoryId(categories, listed)).toBe(expected);
  });
});

describe("parseIdFromParam", () => {
  it.each([
    ["12-kocyk_dla_dzieci", 12],
    ["12", 12],
    ["12-", 12],
    ["7-Rozek_-_niemowlecy", 7],
    ["1-a-b-c", 1],
    ["0-kocyk", null],
    ["-12-kocyk", null],
    ["012-kocyk", null],
    ["abc-12", null],
    ["12abc-x", null],
    ["1.5-x", null],
    ["", null],
    ["99999999999999999999-x", null],
  ])("%j -> %j", (param, id) => {
    expect(parseIdFromParam(param)).toBe(id);
  });

  it.each([[null], [undefined]])("%j -> null", (param) => {
    expect(parseIdFromParam(param)).toBeNull();
  });
});
