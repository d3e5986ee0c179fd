import type { Page } from "@playwright/test";
import { productCards, rejectCookies } from "./support/product-list";
import { expect, test } from "./support/test";

// What React renders again when the router's state changes without the page changing: a shopper
// opens a product from the list, and until the product's data arrives the router is "loading".
// Only the components that show that state (the route, the list's form, the progress bar) should
// render again; the header and the product cards, whose props did not change, must not. They read
// the language from a context, not from the router's data (web/lib/i18n.tsx), and are memoized.
//
// React tells a devtools hook of every commit; the hook below notes which components rendered in
// it, by the first element each renders (<header> for the site header, <article> for a card), and
// the router's navigation state at that moment.

interface Commit {
  navigation: string;
  /** the tag of the first element of each component that rendered in the commit */
  rendered: string[];
}

declare global {
  interface Window {
    __renderWork?: Commit[];
  }
}

async function recordCommits(page: Page): Promise<void> {
  await page.addInitScript(() => {
    interface Fiber {
      tag: number;
      type: unknown;
      flags: number;
      child: Fiber | null;
      sibling: Fiber | null;
      alternate: Fiber | null;
      stateNode: unknown;
    }
    const HOST_COMPONENT = 5;
    const PERFORMED_WORK = 1;
    const commits: Commit[] = [];
    window.__renderWork = commits;
    const firstElement = (fiber: Fiber): string => {
      let node: Fiber | null = fiber.child;
      while (node && node.tag !== HOST_COMPONENT) node = node.child;
      return node && node.stateNode instanceof Element ? node.stateNode.tagName.toLowerCase() : "";
    };
    const walk = (next: Fiber, previous: Fiber | null, rendered: string[]) => {
      if (typeof next.type === "function" && next.flags & PERFORMED_WORK) rendered.push(firstElement(next));
      // a subtree React bailed out of keeps its old children (and their old flags): not visited
      if (previous && next.child === previous.child) return;
      for (let child = next.child; child; child = child.sibling) walk(child, child.alternate, rendered);
    };
    const router = () =>
      (window as unknown as { __reactRouterDataRouter?: { state: { navigation: { state: string } } } })
        .__reactRouterDataRouter;
    Object.defineProperty(window, "__REACT_DEVTOOLS_GLOBAL_HOOK__", {
      value: {
        isDisabled: false,
        supportsFiber: true,
        renderers: new Map(),
        inject: () => 1,
        checkDCE: () => {},
        onScheduleFiberRoot: () => {},
        onCommitFiberUnmount: () => {},
        onPostCommitFiberRoot: () => {},
        onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
          const rendered: string[] = [];
          walk(root.current, root.current.alternate, rendered);
          commits.push({ navigation: router()?.state.navigation.state ?? "none", rendered });
        },
      },
    });
  });
}

test.describe("render work", () => {
  test("opening a product from the list renders neither the header nor the cards again while it loads", async ({
    page,
    baseURL,
  }) => {
    await rejectCookies(page, baseURL);
    await recordCommits(page);
    await page.goto("/produkty");
    const cards = productCards(page);
    await expect(cards.first()).toBeVisible();
    // the page has hydrated (the fixture's goto waits for it) and its lazy parts have come in
    await expect
      .poll(() => page.evaluate(() => window.__renderWork?.some((c) => c.rendered.includes("article"))))
      .toBe(true);
    const before = await page.evaluate(() => window.__renderWork?.length ?? 0);

    // the product's data arrives a moment later, so the loading state surely has its own commit
    await page.route(/\.data(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    const link = cards.first().getByRole("link").first();
    const href = (await link.getAttribute("href")) ?? "";
    await link.click();
    await expect(page).toHaveURL(href);

    const loading = await page.evaluate(
      (from) => window.__renderWork?.slice(from).filter((c) => c.navigation === "loading") ?? [],
      before,
    );
    expect(loading.length).toBeGreaterThan(0);
    const rendered = loading.flatMap((c) => c.rendered);
    // the route and the list's own components did render: the hook sees the loading state
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered).not.toContain("header");
    expect(rendered).not.toContain("article");
  });
});
