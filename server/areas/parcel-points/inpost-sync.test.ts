import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parcelPoints } from "../../db/schema";
import { seedParcelPointsIfEmpty } from "../../db/seed";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { inpostPageUrl, mapInpostPoint, syncInpostPoints } from "./inpost-sync";
import { createParcelPointsService } from "./parcel-points.service";

// The InPost Points API sync against a local fake server that serves pages built from the
// reference sample (../shared/reference/inpost_points_sample.json), as the real API pages them.

type Item = Record<string, unknown>;

const samplePath = path.resolve("../shared/reference/inpost_points_sample.json");
const sample = JSON.parse(fs.readFileSync(samplePath, "utf8")) as { items: Item[] };
const KZY01A = sample.items[0] as Item;

/** A copy of the sample locker under another id and address. */
function variant(name: string, city: string, postCode: string, extra: Item = {}): Item {
  const details = KZY01A.address_details as Item;
  return {
    ...structuredClone(KZY01A),
    href: `https://api-pl-points.easypack24.net/v1/points/${name}`,
    name,
    address: { line1: `Długa ${name.length}`, line2: `${postCode} ${city}` },
    address_details: { ...details, city, post_code: postCode, street: "Długa", building_number: "7" },
    ...extra,
  };
}

const ITEMS: Item[] = [
  KZY01A,
  variant("KRA010", "Kraków", "31-128", { location_description: "w bramie" }),
  variant("LOD01X", "Łódź", "90440", { status: "NonOperating" }),
  variant("GDA77A", "Gdańsk", "80-264", {
    address_details: {
      ...(KZY01A.address_details as Item),
      flat_number: "3",
      city: "Gdańsk",
      post_code: "80-264",
    },
  }),
  variant("BROKEN", "", ""),
  variant("POZ88M", "Poznań", "60-263"),
  variant("WRO99M", "Wrocław", "50-024"),
];

let server: http.Server;
let baseUrl: string;
const requests: URL[] = [];
let failuresLeft = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    requests.push(url);
    if (failuresLeft > 0) {
      failuresLeft--;
      res.writeHead(503).end("busy");
      return;
    }
    if (url.pathname !== "/v1/points" || url.searchParams.get("type") !== "parcel_locker") {
      res.writeHead(404).end();
      return;
    }
    const perPage = Number(url.searchParams.get("per_page") ?? 25);
    const page = Number(url.searchParams.get("page") ?? 1);
    const totalPages = Math.ceil(ITEMS.length / perPage);
    const body = {
      href: `${baseUrl}`,
      count: ITEMS.length,
      page,
      per_page: perPage,
      total_pages: totalPages,
      items: ITEMS.slice((page - 1) * perPage, page * perPage),
    };
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/points`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests.length = 0;
  failuresLeft = 0;
});

describe("mapInpostPoint", () => {
  it("maps the sample locker", () => {
    expect(mapInpostPoint(KZY01A)).toEqual({
      id: "KZY01A",
      provider: "inpost",
      type: "parcel_locker",
      name: "Paczkomat KZY01A",
      street: "Gajowa",
      houseNumber: "27",
      flatNumber: null,
      postalCode: "43-340",
      city: "Kozy",
      province: "śląskie",
      latitude: 49.84569,
      longitude: 19.17134,
      locationDescription: "obok sklepu",
      openingHours: "24/7",
      status: "Operating",
    });
  });

  it("adds the dash to a postcode, keeps the status, and refuses items without an address", () => {
    expect(mapInpostPoint(ITEMS[2])).toMatchObject({
      postalCode: "90-440",
      city: "Łódź",
      status: "NonOperating",
    });
    expect(mapInpostPoint(ITEMS[3])).toMatchObject({ flatNumber: "3", houseNumber: "27" });
    expect(mapInpostPoint(ITEMS[4])).toBeNull();
    expect(mapInpostPoint({ name: "X1" })).toBeNull();
    expect(mapInpostPoint(null)).toBeNull();
    expect(mapInpostPoint({ ...KZY01A, name: "" })).toBeNull();
  });

  it("falls back to the first address line when there is no street", () => {
    const noStreet = { ...KZY01A, address_details: { ...(KZY01A.address_details as Item), street: null } };
    expect(mapInpostPoint(noStreet)?.street).toBe("Gajowa 27");
  });
});

describe("inpostPageUrl", () => {
  it("keeps the configured query and sets type, page and per_page", () => {
    expect(inpostPageUrl("https://api.example/v1/points?status=Operating", 3, 100)).toBe(
      "https://api.example/v1/points?status=Operating&type=parcel_locker&page=3&per_page=100",
    );
  });
});

describe("syncInpostPoints", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("reads every page, upserts the lockers and retires the ones no longer listed", async () => {
    await seedParcelPointsIfEmpty(database.db);
    const service = createParcelPointsService(database.db);
    const progress: number[] = [];
    const result = await syncInpostPoints(service, {
      url: baseUrl,
      perPage: 3,
      onPage: ({ page }) => progress.push(page),
    });
    expect(result).toMatchObject({ pages: 3, fetched: 7, written: 6, skipped: 1 });
    expect(progress).toEqual([1, 2, 3]);
    expect(requests.map((url) => url.searchParams.get("page"))).toEqual(["1", "2", "3"]);
    expect(requests.every((url) => url.searchParams.get("per_page") === "3")).toBe(true);

    // the demo lockers the API does not list are retired; KZY01A and KRA010 were updated
    expect(result.removed).toBeGreaterThanOrEqual(55);
    const operating = await database.db
      .select()
      .from(parcelPoints)
      .where(eq(parcelPoints.status, "Operating"))
      .orderBy(asc(parcelPoints.id));
    expect(operating.map((row) => row.id)).toEqual(["GDA77A", "KRA010", "KZY01A", "POZ88M", "WRO99M"]);
    expect(operating.find((row) => row.id === "KRA010")).toMatchObject({
      street: "Długa",
      houseNumber: "7",
      locationDescription: "w bramie",
    });
    expect(await service.get("LOD01X")).toBeNull();
    expect((await service.search("lodz")).map((point) => point.id)).toEqual([]);
    expect((await service.search("43-340")).map((point) => point.id)).toEqual(["KZY01A"]);

    // a second run changes nothing
    const again = await syncInpostPoints(service, { url: baseUrl, perPage: 5 });
    expect(again).toMatchObject({ pages: 2, written: 6, removed: 0 });
  });

  it("retries a failing page, and a run that cannot finish retires nothing", async () => {
    const service = createParcelPointsService(database.db);
    failuresLeft = 1;
    const retried = await syncInpostPoints(service, { url: baseUrl, perPage: 10, retryDelayMs: 1 });
    expect(retried).toMatchObject({ pages: 1, written: 6 });
    expect(requests).toHaveLength(2);

    const before = await database.db.select().from(parcelPoints).where(eq(parcelPoints.status, "Operating"));
    failuresLeft = 100;
    await expect(syncInpostPoints(service, { url: baseUrl, perPage: 10, retryDelayMs: 1 })).rejects.toThrow(
      /HTTP 503/,
    );
    const after = await database.db.select().from(parcelPoints).where(eq(parcelPoints.status, "Operating"));
    expect(after).toHaveLength(before.length);
  });

  it("uses the injected fetch and stops at an empty list without retiring anything", async () => {
    const service = createParcelPointsService(database.db);
    const calls: string[] = [];
    const result = await syncInpostPoints(service, {
      url: "https://points.invalid/v1/points",
      fetch: async (url) => {
        calls.push(url);
        return new Response(JSON.stringify({ count: 0, page: 1, total_pages: 0, items: [] }), {
          headers: { "content-type": "application/json" },
        });
      },
    });
    expect(calls).toEqual(["https://points.invalid/v1/points?type=parcel_locker&page=1&per_page=500"]);
    expect(result).toEqual({ pages: 1, fetched: 0, written: 0, skipped: 0, removed: 0 });
    expect((await service.search("kozy")).map((point) => point.id)).toEqual(["KZY01A"]);
  });

  it("refuses an answer without an items list", async () => {
    const service = createParcelPointsService(database.db);
    await expect(
      syncInpostPoints(service, {
        url: "https://points.invalid/v1/points",
        retryDelayMs: 1,
        fetch: async () => new Response("<html>maintenance</html>", { status: 200 }),
      }),
    ).rejects.toThrow();
  });
});
