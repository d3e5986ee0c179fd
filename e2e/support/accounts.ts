import fs from "node:fs/promises";
import path from "node:path";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { isPhone } from "./storefront";
import { shopUrl } from "./test";

// Helpers for the accounts specs: the shop's mail outbox (the e2e server writes every message as an
// .eml file under $E2E_DATA_DIR/outbox), and a shopper's steps (register, log in, log out).

export const CUSTOMER = { email: "klient@example.com", password: "klient1234", name: "Katarzyna Nowak" };
export const UNAPPROVED = { email: "nowy@example.com", password: "nowy12345" };
/** the demo shop moderator (staff area without users and the audit log) */
export const MODERATOR = { email: "sklep@example.com", password: "sklep1234" };
/** the demo admin (ADMIN_EMAIL / ADMIN_PASSWORD defaults) */
export const ADMIN = { email: "admin@example.com", password: "admin1234" };

/** An e-mail address nobody has used in this run. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (e2e/support/test.ts sets it for each worker)");
  return path.join(dataDir, "outbox");
}

/** Quoted-printable to text: soft line breaks (`=\n`) removed, `=3D`-style bytes decoded as UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function recipient(eml: string): string {
  const match = /^To:\s*(.+)$/im.exec(eml);
  return (match?.[1] ?? "").replace(/.*</, "").replace(/>.*/, "").trim().toLowerCase();
}

export interface OutboxMail {
  file: string;
  /** the whole message, quoted-printable decoded */
  text: string;
}

/** Names of the outbox files for `to` (newest first), optionally of one template ("email-confirmation"). */
async function mailFiles(to: string, template?: string): Promise<OutboxMail[]> {
  let files: string[];
  try {
    files = await fs.readdir(outboxDir());
  } catch {
    return [];
  }
  const matching = files
    .filter((file) => file.endsWith(".eml") && (!template || file.endsWith(`-${template}.eml`)))
    .sort()
    .reverse();
  const mails: OutboxMail[] = [];
  for (const file of matching) {
    const raw = await fs.readFile(path.join(outboxDir(), file), "utf8");
    if (recipient(raw) === to.toLowerCase()) mails.push({ file, text: decodeQuotedPrintable(raw) });
  }
  return mails;
}

/** How many messages to `to` the outbox holds now (to wait for the next one). */
export async function countMails(to: string, template?: string): Promise<number> {
  return (await mailFiles(to, template)).length;
}

/** Waits for the newest message to `to` (more than `after` of them when given) and returns it. */
export async function waitForMail(to: string, template?: string, after = 0): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await mailFiles(to, template);
        found = mails.length > after ? mails[0] : undefined;
        return mails.length;
      },
      { message: `an e-mail (${template ?? "any"}) to ${to} in the outbox`, timeout: 10_000 },
    )
    .toBeGreaterThan(after);
  if (!found) throw new Error(`no e-mail to ${to}`);
  return found;
}

/** The first link in a message whose path starts with `pathPrefix`, as a path with its query. */
export function linkIn(mail: OutboxMail, pathPrefix: string): string {
  for (const match of mail.text.matchAll(/https?:\/\/[^\s"<>]+/g)) {
    const url = new URL(match[0].replace(/&amp;/g, "&"));
    if (url.pathname.startsWith(pathPrefix)) return `${url.pathname}${url.search}`;
  }
  throw new Error(`no ${pathPrefix} link in ${mail.file}`);
}

/** Fills and sends the register form (the page must be /rejestracja). */
export async function fillRegisterForm(
  page: Page,
  user: { name: string; email: string; password: string; confirm?: string },
): Promise<void> {
  const main = page.getByRole("main");
  await main.getByLabel("Imię i nazwisko/Nazwa").fill(user.name);
  await main.getByLabel("E-mail").fill(user.email);
  await main.getByLabel("Hasło", { exact: true }).fill(user.password);
  await main.getByLabel("Powtórz hasło").fill(user.confirm ?? user.password);
  await main.getByRole("checkbox", { name: /Akceptuję regulamin/ }).check();
  await main.getByRole("button", { name: "Zarejestruj się" }).click();
}

/** Registers through the form and confirms the e-mail with the link from the outbox. */
export async function registerAndConfirm(
  page: Page,
  user: { name: string; email: string; password: string },
): Promise<void> {
  await page.goto("/rejestracja");
  await fillRegisterForm(page, user);
  await expect(page).toHaveURL(/\/logowanie$/, { timeout: 15_000 });
  const mail = await waitForMail(user.email, "email-confirmation");
  await page.goto(linkIn(mail, "/api/auth/confirm-email"));
  await expect(page).toHaveURL(/\/token-success$/);
}

/** Fills and sends the login form (the page must be /logowanie). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  const main = page.getByRole("main");
  await main.getByLabel("E-mail").fill(email);
  await main.getByLabel("Hasło").fill(password);
  await main.getByRole("button", { name: "Zaloguj się" }).click();
}

/** Opens /logowanie and logs in; waits until the login page is left. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/logowanie");
  await submitLogin(page, email, password);
  // scrypt is slow on purpose: give the answer time on a busy machine
  await expect(page).not.toHaveURL(/\/logowanie/, { timeout: 15_000 });
}

/**
 * Signs the page in through the API, for tests where logging in is not what they test: POST /api/auth/login
 * through `page.request`, whose cookie jar is the page's context, so the session cookie the answer sets
 * signs the page in. No page is loaded and the page stays where it is: go to the page the test needs.
 * (The login form costs a page load and a redirect more; `logIn` keeps it for the tests about logging in.)
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  const response = await page.request.post("/api/auth/login", { data: { email, password } });
  expect(response.status(), `POST /api/auth/login as ${email}`).toBe(200);
}

/** The toast region (role="status"). */
export function toasts(page: Page) {
  return page.getByRole("region", { name: "Powiadomienia" }).getByRole("status");
}

/** The account icon in the top bar ("Konto" when signed in, "Zaloguj się" for guests). */
export function accountIcon(page: Page, name: "Konto" | "Zaloguj się") {
  return page.getByRole("banner").getByRole("link", { name, exact: true });
}

export { isPhone };

/** The shop moderator's API client (a bearer token), to change the shop as staff would. */
export async function staffApi(playwright: {
  request: { newContext(options: object): Promise<APIRequestContext> };
}): Promise<APIRequestContext> {
  const anonymous = await playwright.request.newContext({ baseURL: shopUrl() });
  const login = await anonymous.post("/api/auth/login", {
    data: { email: MODERATOR.email, password: MODERATOR.password },
  });
  expect(login.status()).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  await anonymous.dispose();
  return playwright.request.newContext({
    baseURL: shopUrl(),
    extraHTTPHeaders: { Authorization: `Bearer ${accessToken}` },
  });
}
