import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { afterSaleCases, afterSalePhotos } from "../../db/schema";
import { NO_ORDER_LIMIT } from "../../test/rate-limits";
import { expectDeclaredReply } from "../../test/reply-check";
import { type StaffApiKit, startStaffApi } from "../../test/staff-api";
import { insertShopFixtures, type ShopFixtures } from "../orders/orders.fixtures";
import { type PaidOrder, placePaidOrder } from "./after-sale.fixtures";
import { createComplaintService } from "./complaint.service";

// Complaint photos (issue 27, docs/decisions/066) through the API on a real database: a multipart
// complaint with photos stores each re-encoded (EXIF and GPS gone) in the private photos folder with
// its row, listed on the desk's case; staff, the order's customer and the guest naming the order read
// them (private, no-store), another customer and /media do not; the 6th photo and a file that is no
// image are refused by name with nothing stored; a replay stores nothing twice; a complaint whose
// transaction fails leaves no file and no row.

let kit: StaffApiKit;
let shop: ShopFixtures;
let photo: Buffer;

beforeAll(async () => {
  kit = await startStaffApi({ rateLimits: NO_ORDER_LIMIT });
  shop = await insertShopFixtures(kit.database.db, { plainQuantity: 100 });
  // a phone's photo: its maker and where it was taken in the EXIF (IFD3 is the GPS directory)
  photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#b5523b" } })
    .jpeg()
    .withExif({ IFD0: { Make: "TestPhone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 13/1 0/1" } })
    .toBuffer();
});

afterAll(async () => {
  await kit?.close();
});

const db = () => kit.database.db;
const photosDir = () => kit.app.services.config.complaintPhotosDir;
let keys = 0;

interface PhotoPart {
  name: string;
  data: Buffer;
}

/** POST /api/after-sale/complaints as multipart: the complaint's JSON and the photo files. */
async function complainWithPhotos(
  order: PaidOrder,
  photos: PhotoPart[],
  submissionKey = `photo-key-${++keys}`,
) {
  const form = new FormData();
  form.append(
    "complaint",
    JSON.stringify({
      orderNumber: order.orderNumber,
      email: order.email,
      lines: [{ lineId: order.lineIds[0], quantity: 1 }],
      description: "Haft się pruje, zdjęcia w załączniku.",
      remedy: "repair",
      submissionKey,
    }),
  );
  for (const part of photos) form.append("photos", new Blob([new Uint8Array(part.data)]), part.name);
  const request = new Request("http://localhost/api/after-sale/complaints", { method: "POST", body: form });
  return kit.app.inject({
    method: "POST",
    url: "/api/after-sale/complaints",
    headers: { "content-type": request.headers.get("content-type") ?? "" },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

/** Every file under the private photos folder. */
function storedFiles(): string[] {
  if (!fs.existsSync(photosDir())) return [];
  return fs
    .readdirSync(photosDir(), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const photoRows = () => db().select().from(afterSalePhotos);

describe("complaint photos", () => {
  it("stores each photo re-encoded without its EXIF (no GPS), privately, listed on the case and readable by staff and the guest", async () => {
    expect((await sharp(photo).metadata()).exif?.toString("latin1")).toContain("TestPhone");
    const order = await placePaidOrder(kit.app, kit.app.services.config, shop.plain);
    const made = await complainWithPhotos(order, [
      { name: "szew.jpg", data: photo },
      { name: "metka.jpg", data: photo },
    ]);
    expect(made.statusCode, made.body).toBe(201);
    const caseId = made.json().caseId;
    const rows = await db().select().from(afterSalePhotos).where(eq(afterSalePhotos.caseId, caseId));
    expect(rows.map((row) => row.position)).toEqual([0, 1]);

    // the files: under the data folder's private photos, nowhere under the public media folder
    const files = storedFiles().filter((file) => file.includes(`${path.sep}${caseId}${path.sep}`));
    expect(files).toHaveLength(4);
    expect(path.relative(kit.app.services.config.mediaDir, files[0] ?? "").startsWith("..")).toBe(true);
    for (const file of files) {
      const stored = await sharp(fs.readFileSync(file)).metadata();
      expect(stored.format).toBe("webp");
      expect(stored.exif).toBeUndefined();
    }

    const detail = await kit.call("moderator", "GET", `/api/after-sale/cases/${caseId}`);
    expectDeclaredReply(kit.app, "GET /api/after-sale/cases/:id", detail);
    const listed: { id: number; url: string; thumbUrl: string }[] = detail.json().photos;
    expect(listed.map((entry) => entry.id)).toEqual(rows.map((row) => row.id));
    const first = listed[0] ?? expect.fail("no photo listed");

    const full = await kit.call("moderator", "GET", first.url);
    expect(full.statusCode).toBe(200);
    expect(full.headers["content-type"]).toBe("image/webp");
    expect(full.headers["cache-control"]).toBe("private, no-store");
    expect((await sharp(full.rawPayload).metadata()).width).toBe(640);
    const thumb = await kit.call("moderator", "GET", first.thumbUrl);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(300);
    const guest = `${first.url}?orderNumber=${order.orderNumber}&email=${encodeURIComponent(order.email)}`;
    expect((await kit.call("anonymous", "GET", guest)).statusCode).toBe(200);

    // nobody else: another customer, an anonymous caller, a wrong e-mail, the public media folder
    const unknown = await kit.call("user", "GET", `/api/after-sale/cases/${caseId}/photos/999999`);
    expect(unknown.statusCode).toBe(404);
    const other = await kit.call("user", "GET", first.url);
    expect({ status: other.statusCode, code: other.json().code }).toEqual({
      status: 404,
      code: unknown.json().code,
    });
    expect((await kit.call("anonymous", "GET", first.url)).statusCode).toBe(404);
    const wrongEmail = `${first.url}?orderNumber=${order.orderNumber}&email=eve%40example.com`;
    expect((await kit.call("anonymous", "GET", wrongEmail)).statusCode).toBe(404);
    const relative = path.relative(path.dirname(kit.app.services.config.mediaDir), files[0] ?? "");
    expect((await kit.call("anonymous", "GET", `/media/${relative}`)).statusCode).toBe(404);
    expect((await kit.call("anonymous", "GET", `/media/../${relative}`)).statusCode).toBe(404);
  });

  it("refuses a 6th photo and a file that is not an image by its name, storing nothing", async () => {
    const order = await placePaidOrder(kit.app, kit.app.services.config, shop.plain);
    const before = { files: storedFiles().length, rows: (await photoRows()).length };
    const six = await complainWithPhotos(
      order,
      Array.from({ length: 6 }, (_, index) => ({ name: `${index}.jpg`, data: photo })),
    );
    expect(six.statusCode).toBe(400);
    expect(six.json().fields).toEqual({ photos: { key: "afterSale.tooManyPhotos", params: { max: 5 } } });

    const text = await complainWithPhotos(order, [
      { name: "szew.jpg", data: photo },
      { name: "notatki.txt", data: Buffer.from("to nie jest zdjęcie") },
    ]);
    expect(text.statusCode).toBe(400);
    expect(text.json().fields).toEqual({
      "photos.1": { key: "afterSale.photoNotAnImage", params: { name: "notatki.txt" } },
    });
    expect({ files: storedFiles().length, rows: (await photoRows()).length }).toEqual(before);
    const cases = await db().select().from(afterSaleCases).where(eq(afterSaleCases.orderId, order.id));
    expect(cases).toEqual([]);
  });

  it("stores the photos of a replayed submission once", async () => {
    const order = await placePaidOrder(kit.app, kit.app.services.config, shop.plain);
    const first = await complainWithPhotos(order, [{ name: "a.jpg", data: photo }], "photo-replay-1");
    expect(first.statusCode).toBe(201);
    const counts = { files: storedFiles().length, rows: (await photoRows()).length };
    const again = await complainWithPhotos(order, [{ name: "a.jpg", data: photo }], "photo-replay-1");
    expect(again.statusCode).toBe(200);
    expect(again.json().caseId).toBe(first.json().caseId);
    expect({ files: storedFiles().length, rows: (await photoRows()).length }).toEqual(counts);
  });

  it("leaves no file and no row behind when the complaint's transaction fails", async () => {
    const order = await placePaidOrder(kit.app, kit.app.services.config, shop.plain);
    // the photos' folder cannot be made (a file is in its way): the write fails inside the transaction
    const blocked = path.join(kit.app.services.config.dataDir, "blocked");
    fs.writeFileSync(blocked, "");
    const services = kit.app.services;
    const complaints = createComplaintService(
      db(),
      { ...services.config, complaintPhotosDir: path.join(blocked, "photos") },
      {
        queries: services.orders,
        mail: services.mail,
        countLookup: async () => ({
          allowed: true,
          delayMs: 0,
          undo: async () => {},
          remember: async () => {},
        }),
        lookup: (orderNumber, email, ip) => services.orders.lookup(orderNumber, email, ip),
        log: { error: () => undefined },
      },
    );
    const before = { files: storedFiles().length, rows: (await photoRows()).length };
    await expect(
      complaints.complain({
        user: null,
        ip: "10.9.0.2",
        lang: "pl",
        body: {
          orderNumber: order.orderNumber,
          email: order.email,
          lines: [{ lineId: order.lineIds[0], quantity: 1 }],
          description: "Guzik odpadł po jednym dniu.",
          remedy: "repair",
          submissionKey: "photo-failed-1",
        },
        photos: [{ filename: "guzik.jpg", data: photo }],
      }),
    ).rejects.toThrow();
    expect({ files: storedFiles().length, rows: (await photoRows()).length }).toEqual(before);
    const cases = await db().select().from(afterSaleCases).where(eq(afterSaleCases.orderId, order.id));
    expect(cases).toEqual([]);
  });
});
