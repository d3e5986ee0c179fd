import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { APP_ROUTE_SEGMENTS } from "../domain/reserved-links";
import routes from "./routes";

// Page links may not shadow app routes (domain/reserved-links.ts): its list must hold every route's
// first path segment, so a new route cannot be taken over by a page.

function firstSegments(entries: readonly RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const full = [parent, entry.path ?? ""].filter((part) => part !== "").join("/");
    const own = full === "" || full === "*" ? [] : [full.split("/")[0] as string];
    return [...own, ...firstSegments(entry.children ?? [], full)];
  });
}

describe("reserved page links", () => {
  it("names the first segment of every route in web/routes.ts", () => {
    const segments = [...new Set(firstSegments(routes))];
    expect(segments.length).toBeGreaterThan(10);
    expect([...APP_ROUTE_SEGMENTS].sort()).toEqual(segments.sort());
  });
});
