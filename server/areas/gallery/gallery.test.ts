import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsPromises from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app";
import { auditLog, galleryImages, headerSlides, pages, productImages, products } from "../../db/schema";
import { startApi } from "../../test/api";
import { recordFigure } from "../../test/figures";
import { kitForFile } from "../../test/kit-for-file";
import { testConfig } from "../../test/test-config";
import { bearer, createSignedInUser } from "../accounts/accounts.fixtures";
import { multipart, type Part, pngBomb } from "./gallery.fixtures";
import type { GalleryImage, UploadOutcome } from "./gallery.service";
import { VARIANTS } from "./image-processing";

// POST /api/gallery/upload, GET and DELETE /api/gallery (issue 6 gallery): images judged by content,
// capped in bytes and pixels, re-encoded into four WebP widths; folder path tricks refused; a full
// or read-only disk answered cleanly with nothing left behind; delete refused while in use.

const kit = kitForFile(() => startApi({ name: "gallery-test", env: { MEDIA_MAX_UPLOAD_MB: "1" } }));

let mediaDir: string;
let moderator: { id: number; token: string; email: string };
let customerToken: string;

beforeAll(async () => {
  mediaDir = kit.config.mediaDir;
  const staff = await createSignedInUser(kit.database.db, { roles: ["shop-moderator", "user"] });
  moderator = { id: staff.id, token: staff.token, email: staff.email };
  customerToken = (await createSignedInUser(kit.database.db)).token;
});

function upload(folder: string | null, files: Part[], token: string | null = moderator.token) {
  const body = multipart(folder, files);
  return kit.app.inject({
    method: "POST",
    url: "/api/gallery/upload",
    payload: body.payload,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
  });
}

const png = (width: number, height: number, colour = "#e8a0b0") =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Every file under a directory (relative paths), to prove nothing was left behind. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

const fileOf = (url: string) => path.join(mediaDir, decodeURIComponent(url.replace(/^\/media\//, "")));

async function uploadOne(folder: string, colour = "#aabbcc"): Promise<GalleryImage> {
  const response = await upload(folder, [{ filename: "wzor.png", data: await png(900, 600, colour) }]);
  expect(response.statusCode, response.body).toBe(201);
  const result = response.json().results[0] as UploadOutcome;
  if (!result.ok) throw new Error(`upload refused: ${result.code}`);
  return result.image;
}

describe("POST /api/gallery/upload", () => {
  it("stores a PNG and a JPEG at once: rows, four WebP files each at 1200/800/600/300 px, EXIF stripped, audited", async () => {
    const jpeg = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: "#336699" } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "GPS 52.2297 21.0122" } } })
      .toBuffer();
    const response = await upload("testy/Łąka_1", [
      { filename: "Kocyk Minky.png", data: await png(2000, 1500), type: "image/png" },
      { filename: "zdjęcie.JPG", data: jpeg },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const results = response.json().results as UploadOutcome[];
    expect(results.map((r) => [r.name, r.ok])).toEqual([
      ["Kocyk Minky.png", true],
      ["zdjęcie.JPG", true],
    ]);
    const images = results.map((r) => (r.ok ? r.image : null)) as GalleryImage[];
    expect(images[0]?.url).toMatch(
      /^\/media\/gallery\/testy\/%C5%81%C4%85ka_1\/kocyk-minky-[0-9a-f]{8}\.webp$/,
    );
    expect(images[0]?.thumb_url).toBe(images[0]?.url.replace(/\.webp$/, "-thumb.webp"));
    expect([images[0]?.width, images[0]?.height]).toEqual([1200, 900]);
    // the JPEG was rotated upright (orientation 6): 1000 × 2000 → 1200 wide keeps the aspect
    expect([images[1]?.width, images[1]?.height]).toEqual([1000, 2000]);

    for (const image of images) {
      const base = fileOf(image.url).replace(/\.webp$/, "");
      const widths = [];
      for (const suffix of ["", "-large", "-medium", "-thumb"]) {
        const metadata = await sharp(fs.readFileSync(`${base}${suffix}.webp`)).metadata();
        expect(metadata.format).toBe("webp");
        expect(metadata.exif).toBeUndefined();
        widths.push(metadata.width);
      }
      expect(widths).toEqual(image === images[0] ? [1200, 800, 600, 300] : [1000, 800, 600, 300]);
    }
    expect(filesUnder(path.join(mediaDir, "gallery")).filter((f) => f.includes(".tmp-"))).toEqual([]);

    const rows = await kit.database.db
      .select()
      .from(galleryImages)
      .where(eq(galleryImages.folder, "testy/Łąka_1"));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.mimeType === "image/webp" && (row.sizeBytes ?? 0) > 0)).toBe(true);
    const audit = await kit.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "gallery.upload"), eq(auditLog.actorId, moderator.id)));
    const ids = images.map((image) => String(image._id));
    const entries = audit.filter((entry) => ids.includes(entry.entityId ?? ""));
    expect(entries).toHaveLength(2);
    expect(entries[0]?.before).toBeNull();
    expect(entries[0]?.after).toMatchObject({ folder: "testy/Łąka_1", mimeType: "image/webp" });
    expect(entries[0]?.actorEmail).toBe(moderator.email);
  });

  it("refuses a text file named .jpg with a clear message, and keeps the good file of the same upload", async () => {
    const before = filesUnder(mediaDir).length;
    const alone = await upload("testy/tekst", [
      { filename: "zdjecie.jpg", data: Buffer.from("to nie jest obraz") },
    ]);
    expect(alone.statusCode).toBe(415);
    expect(alone.json()).toMatchObject({
      code: "gallery/not-an-image",
      messageKey: "errors.gallery/not-an-image",
      details: { results: [{ name: "zdjecie.jpg", ok: false, code: "gallery/not-an-image" }] },
    });
    const afterAlone = filesUnder(mediaDir).length;
    expect(afterAlone).toBe(before);
    recordFigure({
      suite: "uploads",
      tried: "a text file named zdjecie.jpg",
      result: `${alone.statusCode} ${alone.json().code}, ${afterAlone - before} files written`,
      held: alone.statusCode === 415 && afterAlone === before,
    });

    const mixed = await upload("testy/tekst", [
      { filename: "dobre.png", data: await png(500, 500) },
      { filename: "zle.jpg", data: Buffer.from("GIF89a? nope") },
    ]);
    expect(mixed.statusCode).toBe(201);
    expect((mixed.json().results as UploadOutcome[]).map((r) => r.ok)).toEqual([true, false]);
    const rows = await kit.database.db
      .select()
      .from(galleryImages)
      .where(eq(galleryImages.folder, "testy/tekst"));
    expect(rows.map((row) => row.name)).toEqual(["dobre.png"]);
    expect(filesUnder(mediaDir).length).toBe(before + VARIANTS.length);
  });

  it("refuses a file over the size limit, naming the limit", async () => {
    const noise = await sharp(randomBytes(900 * 900 * 3), { raw: { width: 900, height: 900, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    const response = await upload("testy/duze", [{ filename: "duze.png", data: noise }]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: "gallery/too-large", details: { params: { max: 1 } } });
    const rows = await kit.database.db
      .select()
      .from(galleryImages)
      .where(eq(galleryImages.folder, "testy/duze"));
    expect(rows).toEqual([]);
    recordFigure({
      suite: "uploads",
      tried: `a ${(noise.length / 1024 / 1024).toFixed(1)} MB PNG with a 1 MB limit`,
      result: `${response.statusCode} ${response.json().code}, ${rows.length} rows`,
      held: response.statusCode === 413 && rows.length === 0,
    });
  });

  it("refuses a 20000×20000 image bomb from its header, without decoding it", async () => {
    const started = Date.now();
    const response = await upload("testy/bomba", [{ filename: "bomba.png", data: pngBomb(20_000, 20_000) }]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: "gallery/too-many-pixels",
      details: { params: { max: 40 } },
    });
    // the time is reported, never asserted (a slow machine is not a broken invariant)
    const took = Date.now() - started;
    recordFigure({
      suite: "uploads",
      tried: "a 20000×20000 PNG image bomb (400 megapixels, 40 allowed)",
      result: `${response.statusCode} ${response.json().code} in ${took} ms`,
      held: response.statusCode === 413,
    });
  });

  const folderTricks = [
    "../x",
    "/etc",
    "a//b",
    "a/../b",
    "a/./b",
    "a/",
    "a\\b",
    "a/b/c/d/e/f",
    "",
    "..",
    "%2e%2e",
  ];
  let folderTricksRefused = 0;
  it.each(folderTricks)("refuses the folder %j with a field error and writes nothing", async (folder) => {
    const before = filesUnder(kit.config.dataDir);
    const response = await upload(folder, [{ filename: "a.png", data: await png(50, 50) }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("validation");
    expect(response.json().fields.folder.key).toMatch(
      /^(validation\.required|staff\.gallery\.folderInvalid)$/,
    );
    expect(filesUnder(kit.config.dataDir)).toEqual(before);
    folderTricksRefused++;
  });
  afterAll(() => {
    recordFigure({
      suite: "uploads",
      tried: `${folderTricks.length} folder path tricks (../x, /etc, a\\b, %2e%2e, …)`,
      result: `${folderTricksRefused} refused with 400 and nothing written`,
      held: folderTricksRefused === folderTricks.length,
    });
  });

  it("answers a request without files", async () => {
    const response = await upload("testy", []);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("gallery/no-files");
  });
});

describe("the upload's audit entry", () => {
  it("is gallery.upload of the image as the upload answers it, with the format it came in, by whom", async () => {
    const image = await uploadOne("testy/wpis");
    const entries = await kit.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "gallery.upload"), eq(auditLog.entityId, String(image._id))));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: moderator.id,
      actorEmail: moderator.email,
      entity: "gallery",
      before: null,
    });
    expect(entries[0]?.after).toEqual({ ...image, sourceFormat: "png" });
  });
});

describe("an unwritable media directory", () => {
  it("answers 507 gallery/storage-failed, with no row and no file left behind", async () => {
    const brokenDir = fs.mkdtempSync(path.join(os.tmpdir(), "gallery-broken-"));
    const config = testConfig({ DATA_DIR: brokenDir });
    const broken = await buildApp(config, kit.database, { web: false, logger: false });
    try {
      // "gallery" is a file: no directory can be made under it (works for root too, unlike chmod)
      fs.writeFileSync(path.join(config.mediaDir, "gallery"), "");
      const body = multipart("testy/pelny", [{ filename: "a.png", data: await png(300, 300) }]);
      const response = await broken.inject({
        method: "POST",
        url: "/api/gallery/upload",
        payload: body.payload,
        headers: { ...body.headers, ...bearer(moderator.token) },
      });
      expect(response.statusCode).toBe(507);
      expect(response.json()).toMatchObject({
        code: "gallery/storage-failed",
        messageKey: "errors.gallery/storage-failed",
      });
      const left = filesUnder(config.mediaDir);
      expect(left).toEqual(["gallery"]);
      const rows = await kit.database.db
        .select()
        .from(galleryImages)
        .where(eq(galleryImages.folder, "testy/pelny"));
      expect(rows).toEqual([]);
      recordFigure({
        suite: "faults",
        tried: "an upload to an unwritable media directory",
        result: `${response.statusCode} ${response.json().code}, ${left.length - 1} files and ${rows.length} rows left`,
        held: response.statusCode === 507 && left.length === 1 && rows.length === 0,
      });
    } finally {
      await broken.close();
      fs.rmSync(brokenDir, { recursive: true, force: true });
    }
  });
});

describe("a disk that fills up in the middle of an upload", () => {
  it("answers 507 when the last WebP cannot be written, and removes those already written", async () => {
    const folderDir = path.join(mediaDir, "gallery", "testy", "dysk");
    const last = VARIANTS.length;
    let writes = 0;
    const realWriteFile = fsPromises.writeFile;
    const spy = vi.spyOn(fsPromises, "writeFile").mockImplementation(async (file, data, options) => {
      if (String(file).startsWith(folderDir) && ++writes === last) {
        throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
      }
      return realWriteFile(file, data, options);
    });
    try {
      const response = await upload("testy/dysk", [{ filename: "pelny.png", data: await png(900, 600) }]);
      expect(response.statusCode).toBe(507);
      expect(response.json()).toMatchObject({
        code: "gallery/storage-failed",
        messageKey: "errors.gallery/storage-failed",
      });
      expect(writes).toBe(last);
      const left = filesUnder(folderDir);
      expect(left).toEqual([]);
      const rows = await kit.database.db
        .select()
        .from(galleryImages)
        .where(eq(galleryImages.folder, "testy/dysk"));
      expect(rows).toEqual([]);
      recordFigure({
        suite: "faults",
        tried: `disk full (ENOSPC) on the last of ${last} WebP files of an upload`,
        result: `${response.statusCode} ${response.json().code}, ${left.length} files and ${rows.length} rows left`,
        held: response.statusCode === 507 && left.length === 0 && rows.length === 0,
      });
    } finally {
      spy.mockRestore();
    }
  });
});

describe("GET /api/gallery", () => {
  it("lists images of a folder and every folder alphabetically, nested", async () => {
    await uploadOne("zeszyt/b");
    await uploadOne("Zakładki");
    await uploadOne("ąbc");
    const response = await kit.app.inject({ url: "/api/gallery", headers: bearer(moderator.token) });
    expect(response.statusCode).toBe(200);
    const folders = response.json().folders as string[];
    const pick = folders.filter((f) => ["zeszyt", "zeszyt/b", "Zakładki", "ąbc", "testy"].includes(f));
    expect(pick).toEqual(["ąbc", "testy", "Zakładki", "zeszyt", "zeszyt/b"]);

    const one = await kit.app.inject({
      url: `/api/gallery?folder=${encodeURIComponent("zeszyt/b")}`,
      headers: bearer(moderator.token),
    });
    expect(one.json().images.map((i: GalleryImage) => i.folder)).toEqual(["zeszyt/b"]);
    const bad = await kit.app.inject({ url: "/api/gallery?folder=../x", headers: bearer(moderator.token) });
    expect(bad.statusCode).toBe(400);
  });
});

describe("DELETE /api/gallery", () => {
  const remove = (image: unknown, token: string | null = moderator.token) =>
    kit.app.inject({
      method: "DELETE",
      url: "/api/gallery",
      payload: { image },
      headers: token ? bearer(token) : {},
    });

  it("refuses while a product, a page or a slide uses the image, naming them; then deletes row and files", async () => {
    const image = await uploadOne("testy/usuwanie");
    const [product] = await kit.database.db
      .insert(products)
      .values({ title: "Kocyk galeria", slug: "kocyk-galeria", priceGrosze: 1000 })
      .returning();
    if (!product) throw new Error("no product");
    await kit.database.db
      .insert(productImages)
      .values({ productId: product.id, url: image.url, thumbUrl: image.thumb_url, name: image.name });
    const [page] = await kit.database.db
      .insert(pages)
      .values({
        link: "galeria-test",
        title: "Strona z obrazkiem",
        content: `<p><img src="${image.url.replace(/\.webp$/, "-medium.webp")}"></p>`,
      })
      .returning();
    const [slide] = await kit.database.db
      .insert(headerSlides)
      .values({ title: "Slajd galerii", imageUrl: image.url })
      .returning();

    const refused = await remove(image._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "gallery/in-use", messageKey: "errors.gallery/in-use" });
    expect(refused.json().details.usedIn).toEqual(
      expect.arrayContaining([
        { kind: "product", id: product.id, title: "Kocyk galeria" },
        { kind: "page", id: page?.id, title: "Strona z obrazkiem" },
        { kind: "slide", id: slide?.id, title: "Slajd galerii" },
      ]),
    );
    expect(fs.existsSync(fileOf(image.url))).toBe(true);

    await kit.database.db.delete(productImages).where(eq(productImages.productId, product.id));
    await kit.database.db.delete(pages).where(eq(pages.link, "galeria-test"));
    expect((await remove(image._id)).json().details.usedIn).toEqual([
      { kind: "slide", id: slide?.id, title: "Slajd galerii" },
    ]);
    await kit.database.db.delete(headerSlides).where(eq(headerSlides.title, "Slajd galerii"));

    const deleted = await remove(String(image._id));
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().removed._id).toBe(image._id);
    expect(await kit.database.db.select().from(galleryImages).where(eq(galleryImages.id, image._id))).toEqual(
      [],
    );
    for (const suffix of ["", "-large", "-medium", "-thumb"]) {
      expect(fs.existsSync(fileOf(image.url.replace(/\.webp$/, `${suffix}.webp`)))).toBe(false);
    }
    const [entry] = await kit.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "gallery.delete"), eq(auditLog.entityId, String(image._id))));
    expect(entry?.before).toMatchObject({ _id: image._id, url: image.url });
    expect(entry?.after).toBeNull();

    expect((await remove(image._id)).statusCode).toBe(404);
    expect((await remove("abc")).statusCode).toBe(400);
  });
});

describe("roles", () => {
  it("refuses anonymous callers (401) and customers (403) on every gallery route, changing nothing", async () => {
    const image = await uploadOne("testy/role");
    const calls = async (token: string | null) => [
      await kit.app.inject({ url: "/api/gallery", headers: token ? bearer(token) : {} }),
      await upload("testy/role", [{ filename: "x.png", data: await png(40, 40) }], token),
      await kit.app.inject({
        method: "DELETE",
        url: "/api/gallery",
        payload: { image: image._id },
        headers: token ? bearer(token) : {},
      }),
    ];
    for (const response of await calls(null)) expect(response.statusCode).toBe(401);
    for (const response of await calls(customerToken)) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("Required moderator role");
    }
    const rows = await kit.database.db
      .select()
      .from(galleryImages)
      .where(eq(galleryImages.folder, "testy/role"));
    expect(rows.map((row) => row.id)).toEqual([image._id]);
  });
});
