import { beforeAll, describe, expect, it } from "vitest";
import { products } from "../../db/schema";
import { kitForFile } from "../../test/kit-for-file";
import { expectDeclaredReply } from "../../test/reply-check";
import { type Caller, startStaffApi } from "../../test/staff-api";

// Every content route's real reply matches what its declaration says it answers (content.replies.ts):
// the staff writes create, edit and delete header slides, blog articles, pages, creators, their
// categories and games, with their optional fields filled; the public reads list them and the
// contact form sends a message.

const kit = kitForFile(startStaffApi);
let productId: number;
/** the routes whose reply was checked */
const checked = new Set<string>();

beforeAll(async () => {
  const [product] = await kit.database.db
    .insert(products)
    .values({ title: "Kocyk", slug: "kocyk", priceGrosze: 5_000 })
    .returning({ id: products.id });
  productId = product?.id ?? 0;
});

type Method = "GET" | "POST" | "PUT" | "DELETE";

/** Calls `url` with the method of `key`, checks the reply against that route's declaration, gives its JSON. */
async function replyOf(who: Caller, key: string, url: string, payload?: unknown) {
  const response = await kit.call(who, key.split(" ")[0] as Method, url, payload);
  expectDeclaredReply(kit.app, key, response);
  checked.add(key);
  return response.json();
}

const image = {
  url: "/media/blog/kocyk.webp",
  thumb_url: "/media/blog/kocyk-300.webp",
  name: "kocyk",
  isNew: true,
};
const slide = (title: string) => ({
  title,
  description: `Opis ${title}`,
  link: "/produkty?wyprzedaz=tak",
  image: { url: `/media/naglowek/${title.replace(/\s+/g, "-")}.jpg` },
});
const article = (title: string) => ({
  title,
  tags: ["szycie", "kocyk"],
  image,
  content: "<h2>Krok 1</h2><p>Wytnij</p>",
  hasSlides: true,
  slides: [productId],
  slidesTitle: "Przyda się",
  slidesDescription: "Materiały",
});
const page = (title: string) => ({
  link: "poradniki/szycie",
  title,
  image: "/media/strony/szycie.webp",
  content: "<p>Treść</p>",
});
const game = (title: string) => ({
  title,
  description: "Opis gry",
  image: "/media/gry/memory.webp",
  link: "https://example.com/memory",
});

describe("content replies", () => {
  it("slides, blog articles and pages: create, list, get, update, delete", async () => {
    const first = await replyOf(
      "moderator",
      "POST /api/shops/headers",
      "/api/shops/headers",
      slide("Wiosna"),
    );
    const second = await replyOf("moderator", "POST /api/shops/headers", "/api/shops/headers", slide("Lato"));
    expect((await replyOf("anonymous", "GET /api/shops/headers", "/api/shops/headers")).length).toBe(2);
    await replyOf("moderator", "PUT /api/shops/headers/:id", `/api/shops/headers/${first._id}`, {
      ...slide("Wiosna nowa"),
      order: 5,
    });
    const reordered = await replyOf("moderator", "PUT /api/shops/headers", "/api/shops/headers", [
      { _id: second._id, order: 9 },
    ]);
    expect(reordered).toHaveLength(2);
    await replyOf("moderator", "DELETE /api/shops/headers/:id", `/api/shops/headers/${second._id}`);

    const blog = await replyOf("moderator", "POST /api/blogs", "/api/blogs", article("Jak uszyć kocyk"));
    expect(blog.image).toEqual(image);
    expect((await replyOf("anonymous", "GET /api/blogs", "/api/blogs?limit=5")).length).toBe(1);
    await replyOf("anonymous", "GET /api/blogs/:id", `/api/blogs/${blog._id}`);
    await replyOf(
      "moderator",
      "PUT /api/blogs/:id",
      `/api/blogs/${blog._id}`,
      article("Kocyk krok po kroku"),
    );
    await replyOf("moderator", "DELETE /api/blogs/:id", `/api/blogs/${blog._id}`);

    const created = await replyOf("moderator", "POST /api/pages", "/api/pages", page("Szycie"));
    expect((await replyOf("anonymous", "GET /api/pages", "/api/pages")).length).toBe(1);
    const byLink = await replyOf(
      "anonymous",
      "GET /api/pages/by-link/:link",
      "/api/pages/by-link/poradniki%2Fszycie",
    );
    expect(byLink.image).toBe("/media/strony/szycie.webp");
    await replyOf("moderator", "PUT /api/pages/:id", `/api/pages/${created._id}`, page("Szycie od podstaw"));
    await replyOf("moderator", "DELETE /api/pages/:id", `/api/pages/${created._id}`);
  });

  it("creators, their categories and games: create, list, update, delete", async () => {
    const category = await replyOf("moderator", "POST /api/creators/categories", "/api/creators/categories", {
      title: "Wizytówki",
      order: 2,
    });
    const creator = await replyOf("moderator", "POST /api/creators", "/api/creators", {
      ...game("Kreator wizytówek"),
      category: category._id,
    });
    expect(creator.category).toBe(category._id);
    const created = await replyOf("moderator", "POST /api/games", "/api/games", game("Memory"));
    expect(
      (await replyOf("anonymous", "GET /api/creators/categories", "/api/creators/categories")).length,
    ).toBe(1);
    expect((await replyOf("anonymous", "GET /api/creators", "/api/creators")).length).toBe(1);
    expect((await replyOf("anonymous", "GET /api/games", "/api/games")).length).toBe(1);
    // the public lists are read with the public cache header (publicRead)
    const games = await kit.call("anonymous", "GET", "/api/games");
    expect(games.headers["cache-control"]).toBe("public, max-age=60");

    await replyOf(
      "moderator",
      "PUT /api/creators/categories/:id",
      `/api/creators/categories/${category._id}`,
      {
        title: "Karty",
        order: 1,
      },
    );
    await replyOf("moderator", "PUT /api/creators/:id", `/api/creators/${creator._id}`, {
      ...game("Kreator kart"),
      category: category._id,
    });
    await replyOf("moderator", "PUT /api/games/:id", `/api/games/${created._id}`, game("Memory 2"));

    await replyOf("moderator", "DELETE /api/creators/:id", `/api/creators/${creator._id}`);
    await replyOf(
      "moderator",
      "DELETE /api/creators/categories/:id",
      `/api/creators/categories/${category._id}`,
    );
    await replyOf("moderator", "DELETE /api/games/:id", `/api/games/${created._id}`);
  });

  it("the contact form; every content route was checked", async () => {
    await replyOf("anonymous", "POST /api/shops/message", "/api/shops/message", {
      email: "anna@example.com",
      message: "Czy uszyjecie kocyk w kratkę?",
    });
    expect(checked.size).toBe(28);
  });
});
