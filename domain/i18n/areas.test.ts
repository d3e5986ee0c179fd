import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { enMail } from "./mail-en";
import { plMail } from "./mail-pl";
import { enShop } from "./shop-en";
import { plShop } from "./shop-pl";
import { enStaff } from "./staff-en";
import { plStaff } from "./staff-pl";

// The browser loads texts per area (docs/decisions/021-bundle-budgets.md): every page outside the
// staff area has only the shop texts, so its code must never use a staff or mail key.

const STAFF_CODE = /^web\/(routes\/staff\/|components\/staff\/|lib\/staff[^/]*$)/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("text areas", () => {
  it("split the catalog without overlap, with the same keys in both languages per area", () => {
    for (const [pl, en] of [
      [plShop, enShop],
      [plStaff, enStaff],
      [plMail, enMail],
    ] as const) {
      expect(Object.keys(en).sort()).toEqual(Object.keys(pl).sort());
    }
    const keys = [plShop, plStaff, plMail].flatMap((area) => Object.keys(area));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("the browser code outside the staff area uses no staff or mail key", () => {
    const notShop = new Set([...Object.keys(plStaff), ...Object.keys(plMail)]);
    const found: string[] = [];
    for (const file of sourceFiles("web")) {
      const relative = path.relative(".", file).split(path.sep).join("/");
      if (STAFF_CODE.test(relative) || relative.endsWith(".server.ts")) continue;
      const source = fs.readFileSync(file, "utf8");
      for (const [, key] of source.matchAll(/["'`]([a-zA-Z]+\.[\w./-]+)["'`]/g)) {
        if (key && notShop.has(key)) found.push(`${relative}: ${key}`);
      }
      // a key built at run time from a staff or mail prefix
      for (const [match] of source.matchAll(/`(staff\.(?!segment\.)|email\.)[^`]*\$\{/g)) {
        found.push(`${relative}: ${match}`);
      }
    }
    expect(found).toEqual([]);
  });
});
