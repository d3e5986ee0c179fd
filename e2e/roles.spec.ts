import fs from "node:fs";
import path from "node:path";
import { request as playwrightRequest } from "@playwright/test";
import { recordFigure } from "../server/test/figures";
import { ADMIN_SECTIONS, STAFF_PATH, STAFF_SECTIONS } from "../web/lib/staff-paths";
import routes from "../web/routes";
import { ADMIN, CUSTOMER, MODERATOR, UNAPPROVED, uniqueEmail } from "./support/accounts";
import { markDelivered } from "./support/after-sale";
import { productsToBuy } from "./support/checkout";
import { placePaidOrder, withdrawThroughApi } from "./support/orders-api";
import { type APIRequestContext, expect, test } from "./support/test";

// The role matrix of the pages (issue 7 "every endpoint and staff route × role"): every account and staff
// page of web/routes.ts (list, add and edit pages, ids taken from the demo shop) × anonymous, unapproved
// user, user, shop moderator, admin → the answer web/lib/staff.server.ts promises: anonymous visitors go
// to /logowanie (and come back), customers get 403 with the role message, shop moderators get every
// staff page but the admin-only ones (users, audit log), admins get all. Then one staff form action per
// section posted as a customer is refused (and the same post as staff is not, so the 403 is the role's).
// Only HTTP requests with the session cookie: no page is rendered in a browser.

test.skip(({ isMobile }) => isMobile, "the answers do not depend on the viewport: desktop only");

type Subject = "anonymous" | "unapproved" | "user" | "moderator" | "admin";

const SUBJECTS: readonly Subject[] = ["anonymous", "unapproved", "user", "moderator", "admin"];
const LOGINS: Record<Exclude<Subject, "anonymous">, { email: string; password: string }> = {
  unapproved: UNAPPROVED,
  user: CUSTOMER,
  moderator: MODERATOR,
  admin: ADMIN,
};

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

/** Every page of web/routes.ts with its URL pattern and its module. */
function pagesOf(entries: readonly RouteEntry[], base = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${base}/${entry.path}` : base;
    const self = entry.path || entry.index ? [{ path: here || "/", file: entry.file }] : [];
    return [...self, ...pagesOf(entry.children ?? [], here)];
  });
}

const PAGES = pagesOf(routes as RouteEntry[]);
/** the staff area (routes/staff/*) and the customer's account pages (routes/account/*) */
const STAFF_PAGES = PAGES.filter((page) => page.file.startsWith("routes/staff/")).map((page) => page.path);
const ACCOUNT_PAGES = PAGES.filter(
  (page) => page.file.startsWith("routes/account/") && !page.path.includes(":"),
).map((page) => page.path);

const moduleSource = (file: string) => fs.readFileSync(path.join("web", file), "utf8");
/** Resource routes (no component, e.g. the stock CSV): refused with a bare 403, no page to show the message. */
const RESOURCE_PAGES = new Set(
  PAGES.filter((page) => !/export default /.test(moduleSource(page.file))).map((page) => page.path),
);

/** Staff pages whose module has a form action (read from the route module itself). */
const ACTION_PAGES = PAGES.filter(
  (page) =>
    page.file.startsWith("routes/staff/") &&
    /export (async )?function action\b/.test(moduleSource(page.file)),
).map((page) => page.path);

/** Where the id of an edit or detail page comes from (the first record the API lists). */
const ID_SOURCES: Record<string, string> = {
  [STAFF_SECTIONS.orders]: "/api/orders",
  [STAFF_SECTIONS.products]: "/api/shops/products/basic",
  [STAFF_SECTIONS.fields]: "/api/shops/fields",
  [STAFF_SECTIONS.coupons]: "/api/shops/coupons",
  [STAFF_SECTIONS.slides]: "/api/shops/headers",
  [STAFF_SECTIONS.pages]: "/api/pages",
  [STAFF_SECTIONS.blog]: "/api/blogs",
  [STAFF_SECTIONS.creators]: "/api/creators",
  [STAFF_SECTIONS.games]: "/api/games",
  [STAFF_SECTIONS.users]: "/api/users",
  [STAFF_SECTIONS.returns]: "/api/after-sale/cases",
  // a customer's page (issue 29): an account's id names one
  [`${STAFF_PATH}/klienci`]: "/api/users",
};

function sectionOf(url: string): string {
  return url.split("/").slice(0, 4).join("/");
}

function isAdminOnly(url: string): boolean {
  return ADMIN_SECTIONS.some((section) => url.startsWith(STAFF_SECTIONS[section]));
}

/** The first `_id` of a list answer (an array, or an object holding one). */
function firstId(json: unknown): number | null {
  const list = Array.isArray(json)
    ? json
    : Object.values((json ?? {}) as Record<string, unknown>).find((value) => Array.isArray(value));
  const first = (list as { _id?: unknown }[] | undefined)?.[0];
  return typeof first?._id === "number" ? first._id : null;
}

type Expectation = "login" | "refused" | "ok";

function expectedFor(subject: Subject, url: string): Expectation {
  if (subject === "anonymous") return "login";
  if (!url.startsWith(STAFF_PATH)) return "ok";
  if (subject === "admin") return "ok";
  if (subject === "moderator") return isAdminOnly(url) ? "refused" : "ok";
  return "refused";
}

const contexts = new Map<Subject, APIRequestContext>();

test.beforeAll(async ({ baseURL, playwright }) => {
  for (const subject of SUBJECTS) {
    const context = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { origin: baseURL ?? "" },
    });
    if (subject !== "anonymous") {
      const response = await context.post("/api/auth/login", { data: LOGINS[subject], timeout: 30_000 });
      expect(response.status(), `${subject} logs in`).toBe(200);
    }
    contexts.set(subject, context);
  }
  // the detail pages need a record in this worker's shop (its earlier specs may have made none): a
  // guest's paid, delivered order with a withdrawal, for the order's and the returns desk's case page
  const guest = as("anonymous");
  const { simple } = await productsToBuy(guest);
  const order = await placePaidOrder(guest, [simple], { email: uniqueEmail("role") });
  await markDelivered(playwright, order.orderNumber);
  await withdrawThroughApi(guest, order);
});

test.afterAll(async () => {
  for (const context of contexts.values()) await context.dispose();
});

function as(subject: Subject): APIRequestContext {
  const context = contexts.get(subject);
  if (!context) throw new Error(`no request context for ${subject}`);
  return context;
}

test("every account and staff page × anonymous, unapproved, user, shop moderator, admin", async () => {
  test.setTimeout(120_000);
  expect(STAFF_PAGES).toContain(STAFF_PATH);
  expect(STAFF_PAGES.length).toBeGreaterThan(30);
  expect(ACCOUNT_PAGES).toEqual(["/konto", "/konto/ustawienia", "/konto/zakupy"]);

  // the ids of the edit and detail pages: the first record of each section
  const ids = new Map<string, number | null>();
  for (const pattern of STAFF_PAGES.filter((p) => p.includes(":id"))) {
    const source = ID_SOURCES[sectionOf(pattern)];
    expect(source, `an id source for ${pattern}`).toBeDefined();
    const response = await as("admin").get(source as string);
    expect(response.status(), source).toBe(200);
    ids.set(pattern, firstId(await response.json()));
  }

  const mismatches: string[] = [];
  let checked = 0;
  let withoutRecord = 0;
  for (const pattern of [...ACCOUNT_PAGES, ...STAFF_PAGES]) {
    const id = ids.get(pattern);
    // without a record (none is expected: beforeAll places an order with a withdrawal) the refusals are still checked
    const url = pattern.replace(":id", String(id ?? 999_999));
    for (const subject of SUBJECTS) {
      const expected = expectedFor(subject, pattern);
      if (expected === "ok" && pattern.includes(":id") && id === null) {
        withoutRecord++;
        continue;
      }
      const response = await as(subject).get(url, { maxRedirects: 0 });
      const status = response.status();
      const location = response.headers().location ?? "";
      let ok: boolean;
      if (expected === "login") {
        ok = [302, 303].includes(status) && location === `/logowanie?return=${encodeURIComponent(url)}`;
      } else if (expected === "refused") {
        const body = await response.text();
        const message = isAdminOnly(pattern) ? "Wymagana rola administratora" : "Wymagana rola moderatora";
        const csv = (response.headers()["content-type"] ?? "").includes("text/csv");
        ok = status === 403 && (RESOURCE_PAGES.has(pattern) ? !csv : body.includes(message));
      } else {
        ok = status === 200;
      }
      if (!ok) mismatches.push(`${url} as ${subject}: ${status} ${location} (expected ${expected})`);
      checked++;
    }
  }
  recordFigure({
    suite: "roles",
    tried: `${ACCOUNT_PAGES.length + STAFF_PAGES.length} account and staff pages × ${SUBJECTS.length} roles (${checked} requests)`,
    result: `${mismatches.length} mismatches${withoutRecord ? ` (${withoutRecord} staff views of a detail page skipped: no record yet)` : ""}`,
    held: mismatches.length === 0,
  });
  expect(mismatches).toEqual([]);
  expect(withoutRecord, "staff views of a detail page without a record").toBe(0);
  expect(checked).toBeGreaterThan(150);
});

test("one staff form action per section, posted as a customer, is refused; the same post as staff is not", async () => {
  test.setTimeout(120_000);
  // every staff page with a form action (lists: delete, approve, reorder; forms: save; the order:
  // shipment, status), about a record nobody has, so nothing changes whoever is let through
  const targets = ACTION_PAGES.map((pattern) => pattern.replace(":id", "999999"));
  expect(targets.length).toBeGreaterThan(15);
  const form = { intent: "delete", id: "999999" };
  const mismatches: string[] = [];
  let refused = 0;
  for (const url of targets) {
    for (const subject of ["anonymous", "unapproved", "user", "moderator", "admin"] as const) {
      const response = await as(subject).post(url, { form, maxRedirects: 0 });
      const status = response.status();
      const location = response.headers().location ?? "";
      const staffAllowed = subject === "admin" || (subject === "moderator" && !isAdminOnly(url));
      let ok: boolean;
      if (subject === "anonymous") ok = [302, 303].includes(status) && location.startsWith("/logowanie");
      else if (staffAllowed) ok = status !== 403 && status < 500 && !location.startsWith("/logowanie");
      else ok = status === 403;
      if (!ok) mismatches.push(`POST ${url} as ${subject}: ${status} ${location}`);
      else if (!staffAllowed) refused++;
    }
  }
  recordFigure({
    suite: "roles",
    tried: `POST to the form action of ${targets.length} staff pages × 5 roles`,
    result: `${refused} refused as promised (403 or login), ${mismatches.length} mismatches`,
    held: mismatches.length === 0,
  });
  expect(mismatches).toEqual([]);
  expect(refused).toBe(targets.length * 3 + targets.filter(isAdminOnly).length);
});
