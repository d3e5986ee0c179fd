import { logIn, MODERATOR, signIn } from "./support/accounts";
import { addToCart, productsToBuy } from "./support/checkout";
import { stubGtag } from "./support/consent";
import {
  type APIResponse,
  type BrowserContext,
  expect,
  type Page,
  type Response,
  test,
} from "./support/test";

// Security headers on every page (issue 7; docs/decisions/020-security-headers.md): a CSP with a
// per-request nonce that every script of the page carries, no 'unsafe-inline' scripts, object-src
// 'none', base-uri 'none', frame-ancestors; no CSP violation while pages load and hydrate (nor when
// gtag.js is added after consent); cross-site form posts to page actions refused; the session
// cookie out of JavaScript's reach.

const EVIL = "https://evil.example";

test.skip(({ isMobile }) => isMobile, "headers and scripts do not depend on the viewport: desktop only");

function directive(csp: string, name: string): string[] {
  const found = csp
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return found ? found.slice(1) : [];
}

/** Every CSP violation the page reports: console messages and securitypolicyviolation events. */
async function watchViolations(context: BrowserContext, page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await context.exposeFunction("__reportCspViolation", (text: string) => violations.push(`event: ${text}`));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return violations;
}

interface PageCheck {
  path: string;
  scripts: number;
  jsonLd: number;
}

/**
 * The page's CSP header and HTML: a nonce in script-src, no 'unsafe-inline' scripts, the strict
 * directives, and that nonce on every script and module preload of the HTML (JSON-LD data blocks,
 * which never run, are counted apart: React Router's <Meta> renders them without a nonce).
 */
async function checkDocument(response: Response | APIResponse | null, path: string): Promise<PageCheck> {
  expect(response, path).not.toBeNull();
  if (!response) throw new Error(path);
  expect(response.status(), path).toBe(200);
  const csp = response.headers()["content-security-policy"] ?? "";
  const scriptSrc = directive(csp, "script-src");
  const nonceSource = scriptSrc.find((value) => value.startsWith("'nonce-"));
  expect(nonceSource, `${path}: ${csp}`).toMatch(/^'nonce-[A-Za-z0-9+/=]{20,}'$/);
  expect(scriptSrc, path).not.toContain("'unsafe-inline'");
  expect(scriptSrc, path).not.toContain("'unsafe-eval'");
  expect(directive(csp, "object-src"), path).toEqual(["'none'"]);
  expect(directive(csp, "base-uri"), path).toEqual(["'none'"]);
  expect(directive(csp, "frame-ancestors"), path).toEqual(["'none'"]);
  expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
  expect(response.headers()["referrer-policy"], path).toBe("strict-origin-when-cross-origin");

  const nonce = nonceSource?.slice("'nonce-".length, -1) ?? "";
  const html = await response.text();
  const scriptTags = html.match(/<script\b[^>]*>/g) ?? [];
  const executable = scriptTags.filter((tag) => !/type="application\/ld\+json"/.test(tag));
  expect(executable.length, `${path}: scripts`).toBeGreaterThan(0);
  for (const tag of executable) expect(tag, path).toContain(`nonce="${nonce}"`);
  for (const tag of html.match(/<link\b[^>]*rel="modulepreload"[^>]*>/g) ?? []) {
    expect(tag, path).toContain(`nonce="${nonce}"`);
  }
  return { path, scripts: executable.length, jsonLd: scriptTags.length - executable.length };
}

/** Opens the page in the browser, checks the document and waits for hydration to settle. */
async function visit(page: Page, path: string): Promise<PageCheck> {
  const response = await page.goto(path);
  const check = await checkDocument(response, path);
  await page.waitForLoadState("networkidle");
  await expect(page.locator("body")).toBeVisible();
  return check;
}

async function firstLink(page: Page, from: string, prefix: string): Promise<string> {
  await page.goto(from);
  const href = await page.getByRole("main").locator(`a[href^="${prefix}"]`).first().getAttribute("href");
  if (!href) throw new Error(`no ${prefix} link on ${from}`);
  return href;
}

test("every storefront, account and staff page: nonce on every script, strict CSP, no violation while hydrating", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const violations = await watchViolations(context, page);
  const { simple } = await productsToBuy(request);
  const pages = await request.get("/api/pages");
  const staticPage = ((await pages.json()) as { link: string }[])[0]?.link;
  const blogPost = await firstLink(page, "/blog", "/blog/");

  const checked: PageCheck[] = [];
  for (const path of [
    "/",
    "/produkty",
    simple.url,
    "/koszyk",
    "/logowanie",
    "/rejestracja",
    "/blog",
    blogPost,
    `/${String(staticPage).replace(/^\//, "")}`,
    "/kontakt",
  ]) {
    checked.push(await visit(page, path));
  }
  // a client-side navigation loads the next route's modules through the trusted entry script
  await page.goto("/");
  await page.getByRole("main").locator('a[href^="/produkt/"]').first().click();
  await expect(page).toHaveURL(/\/produkt\//);
  await page.waitForLoadState("networkidle");

  // the checkout needs a cart
  await addToCart(page, simple);
  checked.push(await visit(page, "/dostawa-i-platnosc"));

  // signed in: the account and the staff area (rich-text editor, gallery)
  await signIn(page, MODERATOR.email, MODERATOR.password);
  for (const path of [
    "/konto",
    "/konto/sklep",
    "/konto/sklep/produkty",
    "/konto/sklep/produkty/dodaj",
    "/konto/sklep/galeria",
    "/konto/sklep/zamowienia",
    "/konto/sklep/magazyn",
  ]) {
    checked.push(await visit(page, path));
  }

  expect(violations).toEqual([]);
  const scripts = checked.reduce((sum, check) => sum + check.scripts, 0);
  const jsonLd = checked.reduce((sum, check) => sum + check.jsonLd, 0);
  console.log(
    `[figure] security headers: ${checked.length} pages loaded and hydrated → ${scripts} scripts all with the request's nonce, ${jsonLd} JSON-LD blocks, ${violations.length} CSP violations (held)`,
  );
});

test("after consent, gtag.js added by the trusted code loads under 'strict-dynamic' without a violation", async ({
  page,
  context,
}) => {
  const violations = await watchViolations(context, page);
  const gtag = await stubGtag(page);
  await page.goto("/");
  await page
    .getByRole("region", { name: /plików cookie/ })
    .getByRole("button", { name: "Akceptuję" })
    .click();
  await expect.poll(() => gtag.length).toBe(1);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __gtagStubLoaded?: boolean }).__gtagStubLoaded))
    .toBe(true);
  expect(violations).toEqual([]);
});

test("a cross-site form post to a page action is refused with 403; the same origin is not", async ({
  page,
  baseURL,
}) => {
  await page.goto("/");
  for (const path of ["/koszyk", "/logowanie", "/zgoda-cookies"]) {
    const refused = await page.request.post(path, {
      headers: { Origin: EVIL },
      form: { intent: "add", email: "klient@example.com", password: "klient1234", decision: "accept" },
      maxRedirects: 0,
    });
    expect(refused.status(), path).toBe(403);
    expect(await refused.text(), path).toContain("Żądanie z innej witryny zostało odrzucone");
  }
  const allowed = await page.request.post("/zgoda-cookies", {
    headers: { Origin: String(baseURL) },
    form: { decision: "reject", redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(allowed.status()).toBeLessThan(400);
});

test("the session cookie is HttpOnly: document.cookie cannot read it", async ({ page, context }) => {
  await logIn(page, MODERATOR.email, MODERATOR.password);
  const session = (await context.cookies()).find((cookie) => cookie.name === "session");
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");
  const visible = await page.evaluate(() => document.cookie);
  expect(visible).not.toContain("session=");
  expect(visible).not.toContain(session?.value ?? "no-session");
});
