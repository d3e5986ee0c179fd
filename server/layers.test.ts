import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The layers point one way: domain/ knows nothing of the server or the pages; server/lib and server/db
// know nothing of the areas or HTTP; an area's services return Results (server/lib/result.ts) and
// leave HTTP to its *.routes.ts; web/ enters the server only through server/web-door.ts; the server
// never imports the pages. Each rule lists the imports that break it, so a new one fails here.

const ROOT = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && entry.name !== "migrations") out.push(...sourceFiles(rel));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

/** The repository paths (without extension) a file imports, statically or dynamically. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.[^"]+)"/g)].map(
    (match) => match[1] ?? "",
  );
  return specifiers.map((specifier) => path.normalize(path.join(path.dirname(file), specifier)));
}

function violations(files: string[], forbidden: (target: string, file: string) => boolean): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter((target) => forbidden(target, file))
      .map((target) => `${file} -> ${target}`),
  );
}

const under = (target: string, ...dirs: string[]) =>
  dirs.some((dir) => target === dir || target.startsWith(`${dir}/`));

describe("layers", () => {
  it("domain/ imports neither the server nor the pages", () => {
    expect(violations(sourceFiles("domain"), (target) => under(target, "server", "web"))).toEqual([]);
  });

  it("server/lib and server/db import neither the areas, HTTP, integrations nor the pages", () => {
    // the demo seed (server/db/seed) is not a layer: it builds a shop through the areas, as the app does
    const files = [...sourceFiles("server/lib"), ...sourceFiles("server/db")].filter(
      (file) => !file.startsWith("server/db/seed/"),
    );
    expect(
      violations(files, (target) =>
        under(target, "server/areas", "server/http", "server/integrations", "web"),
      ),
    ).toEqual([]);
  });

  it("an area's services do not import the HTTP layer (only its *.routes.ts and *.replies.ts do)", () => {
    // *.replies.ts: the reply schemas its routes declare, made of server/http/reply-schemas.ts's parts
    const files = sourceFiles("server/areas").filter(
      (file) => !file.endsWith(".routes.ts") && !file.endsWith(".replies.ts"),
    );
    expect(violations(files, (target) => under(target, "server/http"))).toEqual([]);
  });

  it("payments and invoices do not import orders (orders call them, never the other way)", () => {
    // the gateway side (payments) and the invoices know nothing of the order lifecycle; what an order
    // does when its payment's status changes is wired in by server/services.ts (docs/decisions/058)
    const files = [...sourceFiles("server/areas/payments"), ...sourceFiles("server/areas/invoices")];
    expect(violations(files, (target) => under(target, "server/areas/orders"))).toEqual([]);
  });

  it("web/ enters the server only through server/web-door.ts", () => {
    expect(
      violations(sourceFiles("web"), (target) => under(target, "server") && target !== "server/web-door"),
    ).toEqual([]);
  });

  it("web/components never import a feature's folder under web/routes (ADR 063)", () => {
    expect(violations(sourceFiles("web/components"), (target) => under(target, "web/routes"))).toEqual([]);
  });

  it("the server does not import the pages", () => {
    expect(violations(sourceFiles("server"), (target) => under(target, "web"))).toEqual([]);
  });
});
