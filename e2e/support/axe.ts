import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * Runs axe-core on the page as it is now (every rule axe enables by default, WCAG and best
 * practice) and returns the violations in a readable form: rule, impact, help and the
 * offending elements.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  // a dialog still sliding in or a line fading back is judged as it will stand (axe measures colour
  // contrast through the opacity of the moment): finite animations and transitions run out first
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // only the violations are read: axe keeps every node of them and one of each other result type
  // (passes, incomplete, inapplicable), which it otherwise collects and sends back whole
  const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 5)
        .map((node) => node.target.join(" "))
        .join(" | ")}`,
  );
}
