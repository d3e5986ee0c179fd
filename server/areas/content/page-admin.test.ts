import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pages } from "../../db/schema";
import { kitForFile } from "../../test/kit-for-file";
import { expectStaffOnly, startStaffApi, writesTo, XSS_HTML, XSS_LEFTOVERS } from "../../test/staff-api";
import { bearer, createSignedInUser } from "../accounts/accounts.fixtures";

// POST /api/pages, PUT/DELETE /api/pages/:id: staff only, link unique, protected pages kept,
// content sanitised, every write audited.

const kit = kitForFile(startStaffApi);
let adminToken: string;
beforeAll(async () => {
  adminToken = (await createSignedInUser(kit.database.db, { roles: ["admin", "user"] })).token;
});

/** A call as an administrator (the kit's moderator is a shop moderator, not an admin). */
const asAdmin = (method: "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  kit.app.inject({ method, url, headers: bearer(adminToken), ...(payload ? { payload } : {}) });

let counter = 0;
const page = (patch: Record<string, unknown> = {}) => {
  counter += 1;
  return { link: `strona-${counter}`, title: `Strona ${counter}`, content: "<p>Treść</p>", ...patch };
};
const rowOf = async (id: number) => (await kit.database.db.select().from(pages).where(eq(pages.id, id)))[0];

describe("pages (staff)", () => {
  it("creates, updates and deletes a page, each audited with before and after", async () => {
    const created = await kit.call("moderator", "POST", "/api/pages", page({ link: "/Poradniki/Szycie" }));
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ link: "poradniki/szycie", protected: false, image: null });
    const byLink = await kit.call("anonymous", "GET", "/api/pages/by-link/poradniki%2Fszycie");
    expect(byLink.statusCode).toBe(200);

    const updated = await kit.call("moderator", "PUT", `/api/pages/${body._id}`, {
      ...page({ link: "poradniki/szycie" }),
      title: "Szycie krok po kroku",
      image: "/media/strony/szycie.webp",
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      title: "Szycie krok po kroku",
      image: "/media/strony/szycie.webp",
    });

    const removed = await kit.call("moderator", "DELETE", `/api/pages/${body._id}`);
    expect(removed.statusCode).toBe(200);
    // in the trash (ADR 076): kept, gone from the shop
    expect((await rowOf(body._id))?.deletedAt).toBeInstanceOf(Date);
    expect((await kit.call("anonymous", "GET", "/api/pages/by-link/poradniki%2Fszycie")).statusCode).toBe(
      404,
    );

    const audit = await kit.auditOf("page", body._id);
    expect(audit.map((entry) => entry.action)).toEqual(["page.delete", "page.update", "page.create"]);
    expect(audit[0]).toMatchObject({
      actorId: kit.moderator.id,
      actorEmail: kit.moderator.email,
      after: null,
    });
    expect(audit[1]?.before).toMatchObject({ title: body.title });
    expect(audit[1]?.after).toMatchObject({ title: "Szycie krok po kroku" });
    expect(audit[2]).toMatchObject({ before: null });
  });

  it("refuses a link another page has with a field error, and changes nothing", async () => {
    const first = (await kit.call("moderator", "POST", "/api/pages", page({ link: "o-nas" }))).json();
    const again = await kit.call("moderator", "POST", "/api/pages", page({ link: "/O-NAS" }));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: "validation",
      fields: { link: { key: "validation.unique" } },
    });
    const other = (await kit.call("moderator", "POST", "/api/pages", page())).json();
    const renamed = await kit.call("moderator", "PUT", `/api/pages/${other._id}`, page({ link: "o-nas" }));
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().fields.link.key).toBe("validation.unique");
    expect((await rowOf(other._id))?.link).toBe(other.link);
    // keeping its own link is fine
    expect(
      (await kit.call("moderator", "PUT", `/api/pages/${first._id}`, page({ link: "o-nas" }))).statusCode,
    ).toBe(200);
  });

  it("answers 400 with field errors for a bad form and stores nothing", async () => {
    const before = (await kit.database.db.select().from(pages)).length;
    const response = await kit.call("moderator", "POST", "/api/pages", { link: "zła ścieżka!", title: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      link: { key: "validation.invalid" },
      title: { key: "validation.required" },
    });
    expect((await kit.database.db.select().from(pages)).length).toBe(before);
  });

  it("refuses to delete a protected page with a clear error", async () => {
    const created = (await asAdmin("POST", "/api/pages", page({ protected: true }))).json();
    const response = await kit.call("moderator", "DELETE", `/api/pages/${created._id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "page/protected", messageKey: "errors.page/protected" });
    expect(await rowOf(created._id)).toBeDefined();
    expect((await kit.auditOf("page", created._id)).map((e) => e.action)).toEqual(["page.create"]);
  });

  it("lets only an admin protect a page or take the protection away", async () => {
    const refused = await kit.call("moderator", "POST", "/api/pages", page({ protected: true }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: "page/protect-admin-only",
      messageKey: "errors.page/protect-admin-only",
    });
    const body = page({ protected: true });
    const created = (await asAdmin("POST", "/api/pages", body)).json();
    expect(created.protected).toBe(true);
    // a moderator may edit the protected page but not unprotect it (and so never delete it)
    const edited = await kit.call("moderator", "PUT", `/api/pages/${created._id}`, {
      ...body,
      title: "Nowy",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const unprotect = await kit.call("moderator", "PUT", `/api/pages/${created._id}`, {
      ...body,
      protected: false,
    });
    expect(unprotect.statusCode).toBe(403);
    expect(unprotect.json().code).toBe("page/protect-admin-only");
    expect((await rowOf(created._id))?.protected).toBe(true);
    expect((await kit.call("moderator", "DELETE", `/api/pages/${created._id}`)).statusCode).toBe(409);
    // the admin may unprotect it and then delete it
    expect(
      (await asAdmin("PUT", `/api/pages/${created._id}`, { ...body, protected: false })).statusCode,
    ).toBe(200);
    expect((await kit.call("moderator", "DELETE", `/api/pages/${created._id}`)).statusCode).toBe(200);
  });

  it("refuses a link that would shadow an app route or a server path", async () => {
    for (const link of ["koszyk", "api/health", "konto/sklep", "media/x"]) {
      const response = await kit.call("moderator", "POST", "/api/pages", page({ link }));
      expect(response.statusCode, link).toBe(400);
      expect(response.json().fields.link.key).toBe("validation.reservedLink");
    }
    const other = (await kit.call("moderator", "POST", "/api/pages", page())).json();
    const renamed = await kit.call("moderator", "PUT", `/api/pages/${other._id}`, page({ link: "koszyk" }));
    expect(renamed.statusCode).toBe(400);
    expect((await rowOf(other._id))?.link).toBe(other.link);
  });

  it("sanitises the HTML content and keeps the title as text", async () => {
    const created = await kit.call(
      "moderator",
      "POST",
      "/api/pages",
      page({ title: '<img src=x onerror="alert(1)">', content: XSS_HTML }),
    );
    expect(created.statusCode).toBe(201);
    const stored = await rowOf(created.json()._id);
    for (const pattern of XSS_LEFTOVERS) expect(stored?.content).not.toMatch(pattern);
    expect(stored?.content).toContain("<strong>gruby</strong>");
    expect(stored?.title).toBe('<img src=x onerror="alert(1)">');
    const updated = await kit.call("moderator", "PUT", `/api/pages/${created.json()._id}`, {
      ...page(),
      content: XSS_HTML,
    });
    for (const pattern of XSS_LEFTOVERS) expect(updated.json().content).not.toMatch(pattern);
  });

  it("answers 404 for a page that does not exist", async () => {
    expect((await kit.call("moderator", "PUT", "/api/pages/999999", page())).statusCode).toBe(404);
    expect((await kit.call("moderator", "DELETE", "/api/pages/999999")).statusCode).toBe(404);
  });

  it("refuses anonymous callers (401) and customers (403) on every write", async () => {
    const target = (await kit.call("moderator", "POST", "/api/pages", page())).json();
    await expectStaffOnly(kit, writesTo("/api/pages", target._id), page);
    expect(await rowOf(target._id)).toMatchObject({ title: target.title });
  });

  describe("English texts (issue 30)", () => {
    it("saves the English title, link and content (sanitised) and answers them; blank for many pages", async () => {
      const created = await kit.call(
        "moderator",
        "POST",
        "/api/pages",
        page({ titleEn: "About us", linkEn: "/About-Us", contentEn: XSS_HTML }),
      );
      expect(created.statusCode, created.body).toBe(201);
      const body = created.json();
      expect(body).toMatchObject({ titleEn: "About us", linkEn: "about-us" });
      for (const pattern of XSS_LEFTOVERS) expect(body.contentEn).not.toMatch(pattern);
      expect(body.contentEn).toContain("<strong>gruby</strong>");
      const updated = await kit.call("moderator", "PUT", `/api/pages/${body._id}`, {
        ...page({ link: body.link }),
        titleEn: "Who we are",
        linkEn: "about-us",
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(await rowOf(body._id)).toMatchObject({
        titleEn: "Who we are",
        linkEn: "about-us",
        contentEn: "",
      });
      const audit = await kit.auditOf("page", body._id);
      expect(audit[0]?.after).toMatchObject({ titleEn: "Who we are" });
      // no English link: many pages may leave it blank
      for (let n = 0; n < 2; n += 1) {
        const blank = await kit.call("moderator", "POST", "/api/pages", page({ linkEn: " " }));
        expect(blank.statusCode, blank.body).toBe(201);
        expect(blank.json().linkEn).toBe("");
      }
    });

    it("refuses an English link any live page has as its link or English link, or its own link", async () => {
      const first = (
        await kit.call("moderator", "POST", "/api/pages", page({ link: "kontakt-pl", linkEn: "contact" }))
      ).json();
      const cases: [Record<string, unknown>, string][] = [
        [page({ linkEn: "contact" }), "linkEn"],
        [page({ linkEn: "kontakt-pl" }), "linkEn"],
        [page({ link: "contact" }), "link"],
        [page({ link: "sam-sobie", linkEn: "sam-sobie" }), "linkEn"],
      ];
      for (const [payload, field] of cases) {
        const response = await kit.call("moderator", "POST", "/api/pages", payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().fields[field].key).toBe("validation.unique");
      }
      const other = (await kit.call("moderator", "POST", "/api/pages", page())).json();
      const renamed = await kit.call("moderator", "PUT", `/api/pages/${other._id}`, {
        ...page({ link: other.link }),
        linkEn: "contact",
      });
      expect(renamed.statusCode).toBe(400);
      expect((await rowOf(other._id))?.linkEn).toBe("");
      // the page keeps its own English link; a trashed page's links are free again
      const kept = await kit.call("moderator", "PUT", `/api/pages/${first._id}`, {
        ...page({ link: "kontakt-pl" }),
        linkEn: "contact",
      });
      expect(kept.statusCode, kept.body).toBe(200);
      expect((await kit.call("moderator", "DELETE", `/api/pages/${first._id}`)).statusCode).toBe(200);
      const taken = await kit.call("moderator", "PUT", `/api/pages/${other._id}`, {
        ...page({ link: other.link }),
        linkEn: "contact",
      });
      expect(taken.statusCode, taken.body).toBe(200);
      // the trashed page cannot come back while its English link is another page's
      const restore = await kit.call("moderator", "POST", `/api/trash/page/${first._id}/restore`);
      expect(restore.json().code).toBe("trash/link-taken");
    });

    it("validates the English link like the link: reserved and malformed links refused", async () => {
      for (const [linkEn, key] of [
        ["koszyk", "validation.reservedLink"],
        ["api/health", "validation.reservedLink"],
        ["zła ścieżka!", "validation.invalid"],
        ["a".repeat(201), "validation.maxLength"],
      ]) {
        const response = await kit.call("moderator", "POST", "/api/pages", page({ linkEn }));
        expect(response.statusCode, linkEn).toBe(400);
        expect(response.json().fields.linkEn.key, linkEn).toBe(key);
      }
      const long = await kit.call("moderator", "POST", "/api/pages", page({ titleEn: "x".repeat(201) }));
      expect(long.json().fields.titleEn.key).toBe("validation.maxLength");
    });
  });
});
