import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { afterSalePhotos, galleryImages } from "../../db/schema";
import { startApi } from "../../test/api";
import { kitForFile } from "../../test/kit-for-file";
import { startS3Server } from "../../test/s3-server";
import { testConfig } from "../../test/test-config";
import { bearer, createSignedInUser } from "../accounts/accounts.fixtures";
import { placePaidOrder } from "../after-sale/after-sale.fixtures";
import { multipart } from "../gallery/gallery.fixtures";
import type { GalleryImage, UploadOutcome } from "../gallery/gallery.service";
import { insertShopFixtures } from "../orders/orders.fixtures";
import { MEDIA_CACHE_CONTROL } from "./media.routes";
import { mediaKeyOf } from "./media-key";

// MEDIA_STORAGE=s3 (docs/decisions/081) against a local S3-compatible server: gallery uploads land in
// the bucket, /media/* streams them with the long-lived cache headers and answers 304 and ranges, a
// second instance on the same bucket serves the first one's upload, a delete removes the objects, and
// a bucket refusing a write in the middle of an upload leaves nothing behind.

const kit = kitForFile(async () => {
  const s3 = await startS3Server();
  const api = await startApi({ name: "s3-media", env: s3.env });
  const staff = await createSignedInUser(api.database.db, { roles: ["shop-moderator", "user"] });
  // a second instance: its own process state and data folder, the same database and bucket
  const otherConfig = testConfig({ ...s3.env, DATA_DIR: `${api.config.dataDir}-other` });
  const other: FastifyInstance = await buildApp(otherConfig, api.database, { web: false, logger: false });
  return {
    ...api,
    s3,
    other,
    token: staff.token,
    async close() {
      await other.close();
      await api.close();
      await s3.close();
    },
  };
});

async function upload(folder: string, colour: string): Promise<{ status: number; body: unknown }> {
  const data = await sharp({ create: { width: 900, height: 600, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const body = multipart(folder, [{ filename: "wzor.png", data, type: "image/png" }]);
  const response = await kit.app.inject({
    method: "POST",
    url: "/api/gallery/upload",
    payload: body.payload,
    headers: { ...body.headers, ...bearer(kit.token) },
  });
  return { status: response.statusCode, body: response.json() };
}

async function uploadOne(folder: string, colour = "#aabbcc"): Promise<GalleryImage> {
  const { status, body } = await upload(folder, colour);
  expect(status, JSON.stringify(body)).toBe(201);
  const result = (body as { results: UploadOutcome[] }).results[0];
  if (!result?.ok) throw new Error(`upload refused: ${JSON.stringify(result)}`);
  return result.image;
}

const keyOf = (url: string) => mediaKeyOf(url) ?? "";

describe("gallery uploads in the bucket", () => {
  it("stores the four WebP files as objects and serves them at /media with a year's immutable caching", async () => {
    const image = await uploadOne("testy/Łąka");
    const base = keyOf(image.url).replace(/\.webp$/, "");
    expect(base).toMatch(/^gallery\/testy\/Łąka\/wzor-[0-9a-f]{8}$/);
    expect(await kit.s3.keys("gallery/testy/Łąka/")).toEqual(
      [`${base}-large.webp`, `${base}-medium.webp`, `${base}-thumb.webp`, `${base}.webp`].sort(),
    );

    const served = await kit.app.inject({ method: "GET", url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe(MEDIA_CACHE_CONTROL);
    expect(served.headers.etag).toBeTruthy();
    expect(served.headers["last-modified"]).toBeTruthy();
    expect(Number(served.headers["content-length"])).toBe(served.rawPayload.length);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(900);

    const again = await kit.app.inject({
      method: "GET",
      url: image.url,
      headers: { "if-none-match": String(served.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers["cache-control"]).toBe(MEDIA_CACHE_CONTROL);
    const since = await kit.app.inject({
      method: "GET",
      url: image.url,
      headers: { "if-modified-since": new Date(Date.now() + 60_000).toUTCString() },
    });
    expect(since.statusCode).toBe(304);

    const part = await kit.app.inject({ method: "GET", url: image.url, headers: { range: "bytes=0-99" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-99/${served.rawPayload.length}`);
    expect(part.rawPayload.equals(served.rawPayload.subarray(0, 100))).toBe(true);

    const head = await kit.app.inject({ method: "HEAD", url: image.thumb_url });
    expect(head.statusCode).toBe(200);
    expect(head.headers["cache-control"]).toBe(MEDIA_CACHE_CONTROL);
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
  });

  it("serves an upload of one instance from another instance on the same bucket", async () => {
    const image = await uploadOne("testy/dwa", "#123456");
    const first = await kit.app.inject({ method: "GET", url: image.url });
    const second = await kit.other.inject({ method: "GET", url: image.url });
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it.each([
    ["a missing object", "/media/gallery/testy/nie-ma-12345678.webp"],
    ["a way out of /media", "/media/../package.json"],
    ["encoded dots", "/media/gallery/%2e%2e/%2e%2e/x.webp"],
    ["a hidden (temporary) file", "/media/gallery/testy/.ukryty.webp"],
    ["a file that is not a picture", "/media/gallery/testy/plik.txt"],
    ["backslashes", "/media/gallery%5Ctesty%5Cx.webp"],
  ])("answers 404 without a cache header for %s", async (_what, url) => {
    const response = await kit.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(404);
    expect(response.headers["cache-control"]).toBeUndefined();
  });

  it("answers 503 no-store, not a cached error, while the bucket is out of reach", async () => {
    const config = testConfig({
      ...kit.s3.env,
      S3_ENDPOINT: "http://127.0.0.1:1",
      DATA_DIR: `${kit.config.dataDir}-unreachable`,
    });
    const cut = await buildApp(config, kit.database, { web: false, logger: false });
    try {
      const response = await cut.inject({ method: "GET", url: "/media/gallery/testy/x-12345678.webp" });
      expect(response.statusCode).toBe(503);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.json()).toMatchObject({ code: "service-unavailable" });
    } finally {
      await cut.close();
    }
  });

  it("a delete through the gallery removes the image's objects from the bucket", async () => {
    const image = await uploadOne("testy/usun", "#654321");
    expect(await kit.s3.keys("gallery/testy/usun/")).toHaveLength(4);
    const removed = await kit.other.inject({
      method: "DELETE",
      url: "/api/gallery",
      payload: { image: image._id },
      headers: bearer(kit.token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await kit.s3.keys("gallery/testy/usun/")).toEqual([]);
    expect((await kit.app.inject({ method: "GET", url: image.url })).statusCode).toBe(404);
  });

  it("a bucket refusing the third file answers 507 gallery/storage-failed and leaves no object and no row", async () => {
    kit.s3.refusePuts(/^gallery\/testy\/odmowa\/.*-medium\.webp$/);
    try {
      const { status, body } = await upload("testy/odmowa", "#a0a0a0");
      expect(status).toBe(507);
      expect(body).toMatchObject({ code: "gallery/storage-failed" });
    } finally {
      kit.s3.refusePuts(null);
    }
    expect(await kit.s3.keys("gallery/testy/odmowa/")).toEqual([]);
    const rows = await kit.database.db
      .select()
      .from(galleryImages)
      .where(eq(galleryImages.folder, "testy/odmowa"));
    expect(rows).toEqual([]);
  });
});

describe("complaint photos in the bucket (private)", () => {
  it("stores them under a prefix no /media address names, and any instance gives them to staff", async () => {
    const shop = await insertShopFixtures(kit.database.db, { plainQuantity: 10 });
    const order = await placePaidOrder(kit.app, kit.config, shop.plain);
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#b5523b" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append(
      "complaint",
      JSON.stringify({
        orderNumber: order.orderNumber,
        email: order.email,
        lines: [{ lineId: order.lineIds[0], quantity: 1 }],
        description: "Szew się pruje, zdjęcie w załączniku.",
        remedy: "repair",
        submissionKey: "s3-photo-1",
      }),
    );
    form.append("photos", new Blob([new Uint8Array(photo)]), "szew.jpg");
    const request = new Request("http://localhost/api/after-sale/complaints", { method: "POST", body: form });
    const made = await kit.app.inject({
      method: "POST",
      url: "/api/after-sale/complaints",
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(made.statusCode, made.body).toBe(201);
    const caseId: number = made.json().caseId;

    const stored = await kit.s3.keys(`.private/complaint-photos/${caseId}/`);
    expect(stored).toHaveLength(2);
    expect(existsSync(path.join(kit.config.complaintPhotosDir, String(caseId)))).toBe(false);

    const [row] = await kit.database.db
      .select()
      .from(afterSalePhotos)
      .where(eq(afterSalePhotos.caseId, caseId));
    if (!row) throw new Error("no photo row");
    // the other instance (its own data folder) serves it to staff, privately
    const read = await kit.other.inject({
      method: "GET",
      url: `/api/after-sale/cases/${caseId}/photos/${row.id}`,
      headers: bearer(kit.token),
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers["cache-control"]).toBe("private, no-store");
    expect((await sharp(read.rawPayload).metadata()).format).toBe("webp");
    // and nobody reaches it as media
    for (const key of stored) {
      const asMedia = await kit.other.inject({ method: "GET", url: `/media/${key}` });
      expect(asMedia.statusCode, key).toBe(404);
    }
  });
});
