import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { creatorCategories, creators, games } from "../../db/schema";
import { startApi } from "../../test/api";
import { kitForFile } from "../../test/kit-for-file";
import { publicRead } from "../../test/reply-check";
import { CONTACT_RATE_LIMIT, shopAddress } from "./contact.service";
import type { Creator, CreatorCategory, Game } from "./creators.service";

// POST /api/shops/message and the creator-side lists (SPEC §7).

const kit = kitForFile(() =>
  startApi({ name: "contact-test", env: { MAIL_FROM: "Szyciowo <sklep@szyciowo.example>" } }),
);

const outbox = () => path.join(kit.config.dataDir, "outbox");

function send(body: unknown, ip = "203.0.113.10") {
  return kit.app.inject({
    method: "POST",
    url: "/api/shops/message",
    payload: body as Record<string, unknown>,
    remoteAddress: ip,
  });
}

const emlFiles = () =>
  fs.existsSync(outbox()) ? fs.readdirSync(outbox()).filter((f) => f.endsWith(".eml")) : [];

describe("the shop's address", () => {
  it("is MAIL_FROM's address, else the staff e-mail", () => {
    const admin = { email: "admin@example.com", password: "x", isDemo: true };
    expect(shopAddress({ mailFrom: "Sklep <sklep@example.com>", admin })).toBe("sklep@example.com");
    expect(shopAddress({ mailFrom: "kontakt@example.com", admin })).toBe("kontakt@example.com");
    expect(shopAddress({ mailFrom: "Sklep", admin })).toBe("admin@example.com");
  });
});

describe("POST /api/shops/message", () => {
  it("sends a valid message to the shop's address through the outbox", async () => {
    const res = await send({
      email: "anna@example.com",
      message: "Czy uszyjecie kocyk 80x100 w kolorze <b>żółtym</b>?",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: true });

    const files = emlFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-contact\.eml$/);
    const eml = fs.readFileSync(path.join(outbox(), files[0] ?? ""), "utf8");
    expect(eml).toMatch(/^To: sklep@szyciowo\.example$/m);
    expect(eml).toContain("anna@example.com");
    const [row] = await kit.app.services.mail.list({ to: "sklep@szyciowo.example" });
    expect(row).toMatchObject({ template: "contact", status: "sent" });
    expect(row?.text).toContain("Czy uszyjecie kocyk 80x100 w kolorze <b>żółtym</b>?");
    // the HTML part never carries the sender's markup
    expect(row?.html).toContain("&lt;b&gt;żółtym&lt;/b&gt;");
    expect(row?.html).not.toContain("<b>");
  });

  it("answers 400 with field keys for invalid input and sends nothing", async () => {
    const before = emlFiles().length;
    const bad = await send({ email: "nie-email", message: "" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: "validation",
      fields: { email: { key: "validation.email" }, message: { key: "validation.required" } },
    });
    const empty = await send({});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fields).sort()).toEqual(["email", "message"]);
    const tooLong = await send({ email: "anna@example.com", message: "x".repeat(5_001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toHaveProperty("message");
    expect(emlFiles().length).toBe(before);
  });

  it("allows 5 messages per address in 10 minutes, then answers 429", async () => {
    const ip = "198.51.100.20";
    for (let n = 1; n <= CONTACT_RATE_LIMIT.max; n++) {
      const res = await send({ email: `osoba${n}@example.com`, message: `Wiadomość ${n}` }, ip);
      expect(res.statusCode, `message ${n}`).toBe(200);
    }
    const before = emlFiles().length;
    const limited = await send({ email: "osoba6@example.com", message: "Szósta" }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: "rate-limited", messageKey: "errors.rateLimited" });
    expect(emlFiles().length).toBe(before);
    // another address is not affected
    const other = await send({ email: "ktos@example.com", message: "Inny nadawca" }, "198.51.100.21");
    expect(other.statusCode).toBe(200);
  });

  it("also limits one sender e-mail across addresses (the form action may not know the address)", async () => {
    for (let n = 1; n <= CONTACT_RATE_LIMIT.max; n++) {
      const res = await kit.app.services.contact.sendMessage(
        { email: "Natarczywy@example.com", message: `Wiadomość ${n}` },
        { ip: null },
      );
      expect(res.ok).toBe(true);
    }
    const limited = await send({ email: "natarczywy@example.com", message: "Znowu" }, "192.0.2.99");
    expect(limited.statusCode).toBe(429);
  });
});

describe("creator side lists", () => {
  let ids: { games: number[]; creators: number[]; categories: number[] };

  beforeAll(async () => {
    const db = kit.database.db;
    const categoryRows = await db
      .insert(creatorCategories)
      .values([
        { title: "Wizytówki", order: 2 },
        { title: "Winietki", order: 1 },
      ])
      .returning({ id: creatorCategories.id });
    const [business, placeCards] = categoryRows.map((row) => row.id);
    const creatorRows = await db
      .insert(creators)
      .values([
        { title: "Winietki na chrzciny", categoryId: placeCards, image: "/media/w.png", link: "/kreator/1" },
        { title: "Wizytówka pracowni", categoryId: business, description: "Prosta wizytówka" },
        { title: "Bez kategorii" },
      ])
      .returning({ id: creators.id });
    const gameRows = await db
      .insert(games)
      .values([{ title: "Memory z tkaninami", description: "Znajdź pary" }, { title: "Kolorowanka" }])
      .returning({ id: games.id });
    ids = {
      games: gameRows.map((row) => row.id),
      creators: creatorRows.map((row) => row.id),
      categories: categoryRows.map((row) => row.id),
    };
  });

  it("GET /api/games lists games", async () => {
    const list = await publicRead<Game[]>(kit.app, "/api/games");
    expect(list.map((game) => game._id)).toEqual(ids.games);
    expect(list[0]).toMatchObject({
      title: "Memory z tkaninami",
      description: "Znajdź pary",
      image: null,
      link: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("GET /api/creators lists creators with their category", async () => {
    const res = await kit.app.inject({ method: "GET", url: "/api/creators" });
    expect(res.statusCode).toBe(200);
    const list = res.json<Creator[]>();
    expect(list.map((creator) => creator._id)).toEqual(ids.creators);
    expect(list[0]).toMatchObject({
      title: "Winietki na chrzciny",
      category: ids.categories[1],
      image: "/media/w.png",
      link: "/kreator/1",
    });
    expect(list[2]?.category).toBeNull();
  });

  it("GET /api/creators/categories lists categories by order", async () => {
    const res = await kit.app.inject({ method: "GET", url: "/api/creators/categories" });
    expect(res.statusCode).toBe(200);
    expect(res.json<CreatorCategory[]>()).toEqual([
      { _id: ids.categories[1], title: "Winietki", order: 1 },
      { _id: ids.categories[0], title: "Wizytówki", order: 2 },
    ]);
  });
});
