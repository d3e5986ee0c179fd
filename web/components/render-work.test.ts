import { describe, expect, it } from "vitest";
import { ProductCard } from "./product-card";
import { SiteHeader } from "./site-header";

// What keeps a navigation's loading state from rendering the header and every product card again:
// both are memo components, so the router's state changing (loading, then the new page) renders
// them only when their own props change; they read the language from a context
// (web/lib/i18n.tsx), not from the router's data. An e2e check once counted React's commits through
// the devtools hook, reading React's internal fiber flags that may change in any release; this checks
// the contract instead.

const MEMO = Symbol.for("react.memo");

describe("components that must not render again while a page loads", () => {
  it.each([
    ["SiteHeader", SiteHeader],
    ["ProductCard", ProductCard],
  ])("%s is a memo component", (_name, component) => {
    expect((component as unknown as { $$typeof: symbol }).$$typeof).toBe(MEMO);
  });
});
