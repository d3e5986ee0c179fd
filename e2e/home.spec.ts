import { openCategory, productLinks, switchLanguage } from "./support/storefront";
import { expect, type Page, test } from "./support/test";

/** A carousel by its accessible name. */
function carousel(page: Page, name: string) {
  return page.locator(`[aria-roledescription="karuzela"][aria-label="${name}"]`);
}

/** Where a carousel's track is scrolled to. */
async function trackPosition(page: Page, name: string): Promise<"start" | "middle" | "end"> {
  return carousel(page, name).evaluate((section) => {
    const track = section.querySelector("ul");
    if (!track || track.scrollLeft <= 4) return "start";
    return track.scrollLeft + track.clientWidth >= track.scrollWidth - 4 ? "end" : "middle";
  });
}

/** How many slides of a carousel are fully in its visible track. */
async function visibleSlides(page: Page, name: string): Promise<number> {
  return carousel(page, name).evaluate((section) => {
    const track = section.querySelector("ul");
    if (!track) return 0;
    const box = track.getBoundingClientRect();
    return Array.from(track.children).filter((slide) => {
      const rect = slide.getBoundingClientRect();
      return rect.left >= box.left - 1 && rect.right <= box.right + 1 && rect.width > 0;
    }).length;
  });
}

test.describe("a shopper on the home page", () => {
  test("sees the seeded shop and follows a category to its products", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));

    await page.goto("/");
    await expect(page).toHaveTitle(/Szyciowo/);
    await expect(page.getByRole("link", { name: "Wyprzedaż" }).first()).toBeVisible();
    expect(await productLinks(page).count()).toBeGreaterThan(3);

    await openCategory(page, "Wyprawki");
    await expect(page).toHaveURL(/\/produkty\?kategoria=\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Produkty" })).toBeVisible();
    await expect(page.getByText(/^Kategoria: (.* › )?Wyprawki$/)).toBeVisible();
    await expect(productLinks(page).first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("reads every category banner whole, from a phone to a desktop", async ({ page }) => {
    await page.goto("/");
    const banners = page.getByRole("navigation", { name: "Polecane kategorie" }).getByRole("link");
    await expect(banners).toHaveCount(3);
    await expect(banners.nth(1)).toContainText("Wyprzedaż");
    // 768 to 800 px: three narrow columns, where "Wyprzedaż" was clipped
    for (const width of [360, 768, 780, 800, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const clipped = await banners.evaluateAll((links) =>
        links.flatMap((link) => {
          const box = link.getBoundingClientRect();
          const range = document.createRange();
          return Array.from(link.querySelectorAll("span > span")).flatMap((text) => {
            range.selectNodeContents(text);
            const rect = range.getBoundingClientRect();
            return rect.left < box.left || rect.right > box.right ? [text.textContent ?? ""] : [];
          });
        }),
      );
      expect(clipped, `clipped at ${width} px`).toEqual([]);
    }
  });

  test("reaches a subcategory and sees only its products", async ({ page }) => {
    await page.goto("/");
    await openCategory(page, "Kocyki", "Dla dzieci");
    await expect(page.getByText(/^Kategoria: (.* › )?Kocyki$/)).toBeVisible();
    const titles = await productLinks(page).allInnerTexts();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.join(" ").toLowerCase()).toContain("kocyk");
  });

  test("switches the shop to English and back", async ({ page }) => {
    await page.goto("/");
    await switchLanguage(page, "English");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("link", { name: "Sale" }).first()).toBeVisible();
    await switchLanguage(page, "Polski");
    await expect(page.locator("html")).toHaveAttribute("lang", "pl");
    await expect(page.getByRole("link", { name: "Wyprzedaż" }).first()).toBeVisible();
  });

  test("accepts the cookie notice once and does not see it again", async ({ page }) => {
    await page.goto("/");
    const notice = page.getByRole("region", { name: /plików cookie/ });
    await expect(notice).toBeVisible();
    await notice.getByRole("button", { name: "Akceptuję" }).click();
    await expect(notice).toBeHidden();
    await page.reload();
    await expect(page.getByRole("region", { name: /plików cookie/ })).toHaveCount(0);
  });
});

test.describe("the home page's sections", () => {
  test("offers, premium, sale and blog link to their lists; banners and promises are there", async ({
    page,
  }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Najnowsze oferty" })).toHaveAttribute(
      "href",
      "/produkty?nowosci=tak",
    );
    await expect(main.getByRole("link", { name: "Premium", exact: true })).toHaveAttribute(
      "href",
      "/produkty?premium=tak",
    );
    await expect(main.getByRole("heading", { level: 2, name: "Wyprzedaż", exact: true })).toBeVisible();
    await expect(
      main.getByRole("heading", { level: 2, name: "Wyprzedaż", exact: true }).getByRole("link"),
    ).toHaveAttribute("href", "/produkty?wyprzedaz=tak");
    await expect(
      main.getByRole("heading", { level: 2, name: "Blog", exact: true }).getByRole("link"),
    ).toHaveAttribute("href", "/blog");
    await expect(main.locator('a[href^="/blog/"]')).toHaveCount(3);

    // the three category banners
    const banners = main.getByRole("navigation", { name: "Polecane kategorie" });
    await expect(banners.getByRole("link", { name: /Wyprawki/ })).toHaveAttribute(
      "href",
      "/produkty?wyprawki=tak",
    );
    await expect(banners.getByRole("link", { name: /Wyprzedaż/ })).toHaveAttribute(
      "href",
      "/produkty?wyprzedaz=tak",
    );
    await expect(banners.getByRole("link", { name: /Zestawy/ })).toHaveAttribute(
      "href",
      "/produkty?zestawy=tak",
    );

    // the promises
    await expect(main.getByText("Bezpieczna płatność")).toBeVisible();
    await expect(main.getByText("Płatności obsługiwane za pośrednictwem banku")).toBeVisible();
    await expect(main.getByText("Przy zamówieniach powyżej 99 zł")).toBeVisible();
    await expect(main.getByText("Bezpieczne tkaniny")).toBeVisible();

    // up to 10 products per carousel
    for (const name of ["Najnowsze oferty", "Premium", "Wyprzedaż"]) {
      const slides = carousel(page, name).getByRole("group");
      expect(await slides.count()).toBeGreaterThan(0);
      expect(await slides.count()).toBeLessThanOrEqual(10);
    }

    // the latest offers follow the list: opening "see all" lands on the filtered product list
    await main.getByRole("link", { name: "Premium", exact: true }).click();
    await expect(page).toHaveURL(/\/produkty\?premium=tak$/);
    await expect(page.getByRole("heading", { level: 1, name: "Produkty" })).toBeVisible();
  });

  test("product carousels show 4, 3, 2 or 1 cards by width", async ({ page }) => {
    await page.goto("/");
    const width = page.viewportSize()?.width ?? 1280;
    if (width >= 1200) {
      await expect.poll(() => visibleSlides(page, "Najnowsze oferty")).toBe(4);
      await page.setViewportSize({ width: 1000, height: 800 });
      await expect.poll(() => visibleSlides(page, "Najnowsze oferty")).toBe(3);
      await page.setViewportSize({ width: 700, height: 800 });
      await expect.poll(() => visibleSlides(page, "Najnowsze oferty")).toBe(2);
      await page.setViewportSize({ width: 500, height: 800 });
    }
    await expect.poll(() => visibleSlides(page, "Najnowsze oferty")).toBe(1);
  });

  test("the product carousel pages with its buttons and wraps around", async ({ page }) => {
    await page.goto("/");
    const latest = carousel(page, "Najnowsze oferty");
    await latest.scrollIntoViewIfNeeded();
    expect(await trackPosition(page, "Najnowsze oferty")).toBe("start");
    await latest.getByRole("button", { name: "Następny slajd" }).click();
    await expect.poll(() => trackPosition(page, "Najnowsze oferty")).toBe("middle");
    await latest.getByRole("button", { name: "Poprzedni slajd" }).click();
    await expect.poll(() => trackPosition(page, "Najnowsze oferty")).toBe("start");
    // before the first view comes the last
    await latest.getByRole("button", { name: "Poprzedni slajd" }).click();
    await expect.poll(() => trackPosition(page, "Najnowsze oferty")).toBe("end");
    // and after the last, the first
    await latest.getByRole("button", { name: "Następny slajd" }).click();
    await expect.poll(() => trackPosition(page, "Najnowsze oferty")).toBe("start");
  });

  test("the banner carousel is usable by keyboard and can be paused", async ({ page }) => {
    await page.goto("/");
    const banner = carousel(page, "Polecamy");
    await expect(banner.getByRole("group")).toHaveCount(3);
    await expect(banner.getByRole("button", { name: "Przejdź do slajdu 1" })).toHaveAttribute(
      "aria-current",
      "true",
    );

    // (retried: until the page is hydrated a press does nothing)
    await expect(async () => {
      await banner.getByRole("button", { name: "Przejdź do slajdu 3" }).focus();
      await page.keyboard.press("Enter");
      await expect(banner.getByRole("button", { name: "Przejdź do slajdu 3" })).toHaveAttribute(
        "aria-current",
        "true",
        { timeout: 1_500 },
      );
    }).toPass();
    await expect(banner.getByRole("group", { name: "3 z 3" })).toBeInViewport({ ratio: 0.9 });

    await banner.getByRole("button", { name: "Następny slajd" }).focus();
    await page.keyboard.press("Enter");
    await expect(banner.getByRole("button", { name: "Przejdź do slajdu 1" })).toHaveAttribute(
      "aria-current",
      "true",
    );

    const pause = banner.getByRole("button", { name: "Zatrzymaj przewijanie slajdów" });
    await pause.focus();
    await page.keyboard.press("Enter");
    await expect(banner.getByRole("button", { name: "Wznów przewijanie slajdów" })).toBeFocused();
  });

  test("the banner moves on by itself until paused", async ({ page }) => {
    // the page's clock is driven by the test: no real waiting for the carousel's interval
    await page.clock.install();
    await page.goto("/");
    const banner = carousel(page, "Polecamy");
    await expect(banner.getByRole("button", { name: "Przejdź do slajdu 1" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await page.mouse.move(0, 0);
    // the interval starts once the page has hydrated: move the clock on a second at a time until the
    // track starts scrolling (one tick; the next is seconds of page time away, so a slow machine's
    // late scroll cannot let a second tick move it on to slide 3), then wait for the slide to arrive
    const second = banner.getByRole("button", { name: "Przejdź do slajdu 2" });
    const track = banner.locator("ul.snap-x");
    await expect(async () => {
      await page.clock.runFor(1_000);
      expect(await track.evaluate((list) => list.scrollLeft)).toBeGreaterThan(0);
    }).toPass({ timeout: 20_000 });
    await expect(second).toHaveAttribute("aria-current", "true");
    await banner.getByRole("button", { name: "Zatrzymaj przewijanie slajdów" }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(16_000);
    await expect(banner.getByRole("button", { name: "Przejdź do slajdu 2" })).toHaveAttribute(
      "aria-current",
      "true",
    );
  });
});

test.describe("the ad-block notice", () => {
  test("shows politely when an ad blocker hides the bait, and can be closed for the visit", async ({
    page,
  }) => {
    // an ad blocker's cosmetic filter
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        const style = document.createElement("style");
        style.textContent = ".adsbox { display: none !important; }";
        document.head.appendChild(style);
      });
    });
    await page.goto("/");
    const notice = page.getByRole("status").filter({ hasText: "blokady reklam" });
    await expect(notice).toBeVisible();
    // the shop stays usable: the notice covers nothing
    await expect(page.getByRole("main").locator('a[href^="/produkt/"]').first()).toBeVisible();
    await notice.getByRole("button", { name: "Zamknij komunikat o blokadzie reklam" }).click();
    await expect(page.getByText(/korzystasz z blokady reklam/)).toBeHidden();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeAttached();
    await page.waitForTimeout(600);
    await expect(page.getByText(/korzystasz z blokady reklam/)).toBeHidden();
  });

  test("does not show without an ad blocker", async ({ page }) => {
    await page.goto("/");
    // hydrated: the carousel's dots work only then
    const banner = carousel(page, "Polecamy");
    await expect(async () => {
      await banner.getByRole("button", { name: "Przejdź do slajdu 2" }).click();
      await expect(banner.getByRole("button", { name: "Przejdź do slajdu 2" })).toHaveAttribute(
        "aria-current",
        "true",
        { timeout: 1_500 },
      );
    }).toPass();
    await page.waitForTimeout(600);
    await expect(page.getByText(/korzystasz z blokady reklam/)).toHaveCount(0);
  });
});
