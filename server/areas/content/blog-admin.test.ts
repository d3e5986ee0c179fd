import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { blogArticles, products } from "../../db/schema";
import { kitForFile } from "../../test/kit-for-file";
import { expectStaffOnly, startStaffApi, writesTo, XSS_HTML, XSS_LEFTOVERS } from "../../test/staff-api";

// POST /api/blogs, PUT/DELETE /api/blogs/:id: staff only, content sanitised, related products must
// exist, every write audited.

const kit = kitForFile(startStaffApi);
let productIds: number[];
beforeAll(async () => {
  const rows = await kit.database.db
    .insert(products)
    .values([
      { title: "Kocyk", slug: "kocyk", priceGrosze: 5_000 },
      { title: "Poduszka", slug: "poduszka", priceGrosze: 3_000 },
    ])
    .returning({ id: products.id });
  productIds = rows.map((row) => row.id);
});

const article = (patch: Record<string, unknown> = {}) => ({
  title: "Jak uszyć kocyk",
  tags: ["#szycie", "kocyk", "Szycie"],
  image: {
    url: "/media/blog/kocyk.webp",
    thumb_url: "/media/blog/kocyk-300.webp",
    name: "kocyk",
    isNew: true,
  },
  content: "<h2>Krok 1</h2><ul><li>Wytnij</li></ul>",
  ...patch,
});
const rowOf = async (id: number) =>
  (await kit.database.db.select().from(blogArticles).where(eq(blogArticles.id, id)))[0];

describe("blog articles (staff)", () => {
  it("creates, updates and deletes an article, each audited", async () => {
    const created = await kit.call(
      "moderator",
      "POST",
      "/api/blogs",
      article({ hasSlides: true, slides: productIds, slidesTitle: "Przyda się" }),
    );
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      slug: "Jak_uszyc_kocyk",
      tags: ["szycie", "kocyk"],
      hasSlides: true,
      slides: productIds,
      slidesTitle: "Przyda się",
      image: { url: "/media/blog/kocyk.webp" },
    });
    expect((await kit.call("anonymous", "GET", `/api/blogs/${body._id}`)).json().title).toBe(
      "Jak uszyć kocyk",
    );

    const updated = await kit.call(
      "moderator",
      "PUT",
      `/api/blogs/${body._id}`,
      article({ title: "Nowy tytuł", image: null }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      title: "Nowy tytuł",
      slug: "Nowy_tytul",
      image: null,
      slides: [],
    });

    expect((await kit.call("moderator", "DELETE", `/api/blogs/${body._id}`)).statusCode).toBe(200);
    // in the trash (ADR 076): kept, gone from the blog
    expect((await rowOf(body._id))?.deletedAt).toBeInstanceOf(Date);
    expect((await kit.call("anonymous", "GET", `/api/blogs/${body._id}`)).statusCode).toBe(404);
    const audit = await kit.auditOf("blog", body._id);
    expect(audit.map((entry) => entry.action)).toEqual(["blog.delete", "blog.update", "blog.create"]);
    expect(audit[1]?.before).toMatchObject({ title: "Jak uszyć kocyk" });
    expect(audit[1]?.after).toMatchObject({ title: "Nowy tytuł" });
  });

  it("refuses related products that do not exist, and a bad form, storing nothing", async () => {
    const count = async () => (await kit.database.db.select().from(blogArticles)).length;
    const before = await count();
    const unknown = await kit.call(
      "moderator",
      "POST",
      "/api/blogs",
      article({ slides: [productIds[0], 999_999] }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ slides: { key: "validation.invalid" } });
    const bad = await kit.call(
      "moderator",
      "POST",
      "/api/blogs",
      article({ title: " ", image: { url: "javascript:x" } }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.title).toEqual({ key: "validation.required" });
    expect(await count()).toBe(before);
  });

  it("sanitises the HTML content and keeps the title and tags as text", async () => {
    const created = await kit.call(
      "moderator",
      "POST",
      "/api/blogs",
      article({ title: "<script>alert(1)</script>", tags: ["<b>x</b>"], content: XSS_HTML }),
    );
    expect(created.statusCode).toBe(201);
    const stored = await rowOf(created.json()._id);
    for (const pattern of XSS_LEFTOVERS) expect(stored?.content).not.toMatch(pattern);
    expect(stored?.content).toContain("<strong>gruby</strong>");
    expect(stored?.title).toBe("<script>alert(1)</script>");
    const updated = await kit.call(
      "moderator",
      "PUT",
      `/api/blogs/${created.json()._id}`,
      article({ content: XSS_HTML }),
    );
    for (const pattern of XSS_LEFTOVERS) expect(updated.json().content).not.toMatch(pattern);
  });

  it("answers 404 for an article that does not exist", async () => {
    expect((await kit.call("moderator", "PUT", "/api/blogs/999999", article())).statusCode).toBe(404);
    expect((await kit.call("moderator", "DELETE", "/api/blogs/999999")).statusCode).toBe(404);
  });

  it("refuses anonymous callers (401) and customers (403) on every write", async () => {
    const target = (await kit.call("moderator", "POST", "/api/blogs", article())).json();
    await expectStaffOnly(kit, writesTo("/api/blogs", target._id), article);
    expect(await rowOf(target._id)).toBeDefined();
  });

  it("saves the English title, slug (from the English title) and content (sanitised), blank slug without a title", async () => {
    const created = await kit.call(
      "moderator",
      "POST",
      "/api/blogs",
      article({ titleEn: "How to sew a blanket (step 1)", contentEn: XSS_HTML }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      titleEn: "How to sew a blanket (step 1)",
      slugEn: "How_to_sew_a_blanket_step_1",
    });
    for (const pattern of XSS_LEFTOVERS) expect(body.contentEn).not.toMatch(pattern);
    expect(await kit.lastAudit("blog.create")).toMatchObject({ after: { titleEn: body.titleEn } });
    const cleared = await kit.call("moderator", "PUT", `/api/blogs/${body._id}`, article({ titleEn: "  " }));
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await rowOf(body._id)).toMatchObject({ titleEn: "", slugEn: "", contentEn: "" });
    const long = await kit.call("moderator", "POST", "/api/blogs", article({ titleEn: "x".repeat(201) }));
    expect(long.json().fields.titleEn.key).toBe("validation.maxLength");
  });
});
