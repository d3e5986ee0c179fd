import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ParcelPoint } from "../../../domain/types";
import { parcelPoints } from "../../db/schema";
import { seedParcelPointsIfEmpty } from "../../db/seed";
import { startApi } from "../../test/api";
import type { TestDatabase } from "../../test/database";
import { kitForFile } from "../../test/kit-for-file";
import { expectRefusedQuery } from "../../test/reply-check";
import {
  createParcelPointsService,
  type ParcelPointRecord,
  parcelSearchTerms,
} from "./parcel-points.service";

// GET /api/parcel-points?q=…&limit=… and the parcel points service, over the demo lockers plus a
// few fixtures: a closed locker, an id that extends another id, 25 lockers in one town and three
// lockers without coordinates.

const kit = kitForFile(() =>
  startApi({ name: "parcel-points-test", env: { LOG_LEVEL: "silent" }, prepare: insertParcelPoints }),
);

function fixture(id: string, values: Partial<ParcelPointRecord> = {}): ParcelPointRecord {
  return {
    id,
    name: `Paczkomat ${id}`,
    street: "Testowa",
    houseNumber: "1",
    flatNumber: null,
    postalCode: "99-999",
    city: "Testowo",
    province: null,
    latitude: 50,
    longitude: 20,
    locationDescription: null,
    openingHours: "24/7",
    status: "Operating",
    ...values,
  };
}

const ZABNO_COUNT = 25;

async function insertParcelPoints(database: TestDatabase): Promise<void> {
  expect(await seedParcelPointsIfEmpty(database.db)).toBeGreaterThanOrEqual(60);
  const service = createParcelPointsService(database.db);
  await service.upsertMany([
    fixture("KRA99X", { city: "Kraków", postalCode: "31-128", status: "NonOperating" }),
    fixture("WAW01MA", { city: "Gdańsk", postalCode: "80-001" }),
    ...[
      ["BEZ500", "77-500"],
      ["BEZ100", "77-100"],
      ["BEZ190", "77-190"],
    ].map(([id = "", postalCode]) =>
      fixture(id, { city: "Bezmapie", postalCode, latitude: null, longitude: null }),
    ),
    ...Array.from({ length: ZABNO_COUNT }, (_, index) =>
      fixture(`ZAB${String(index + 1).padStart(3, "0")}`, {
        city: "Żabno",
        postalCode: `33-24${index % 10}`,
        street: "Jagiellońska",
      }),
    ),
  ]);
}

async function search(query: string): Promise<ParcelPoint[]> {
  const res = await kit.app.inject({ method: "GET", url: `/api/parcel-points?${query}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as { items: ParcelPoint[] }).items;
}
const q = (text: string, extra = "") => search(`q=${encodeURIComponent(text)}${extra}`);
const ids = (points: readonly ParcelPoint[]) => points.map((point) => point.id);

describe("GET /api/parcel-points", () => {
  it("finds a locker by its id, exactly or by its start, in any case", async () => {
    const [exact, ...rest] = await q("KZY01A");
    expect(exact).toEqual({
      id: "KZY01A",
      name: "Paczkomat KZY01A",
      street: "Gajowa",
      houseNumber: "27",
      flatNumber: null,
      postalCode: "43-340",
      city: "Kozy",
      locationDescription: "obok sklepu",
      openingHours: "24/7",
      latitude: 49.84569,
      longitude: 19.17134,
    });
    expect(rest).toEqual([]);
    expect(ids(await q("kzy01a"))).toEqual(["KZY01A"]);
    const kra = await q("kra");
    expect(kra.length).toBeGreaterThanOrEqual(4);
    for (const point of kra) expect(point.id).toMatch(/^KRA/);
  });

  it("puts the exact id before ids that merely start with it", async () => {
    expect(ids(await q("waw01m"))).toEqual(["WAW01M", "WAW01MA"]);
  });

  it("answers with a short public cache", async () => {
    const res = await kit.app.inject({ method: "GET", url: "/api/parcel-points?q=Kozy" });
    expect(res.headers["cache-control"]).toMatch(/^public, max-age=\d+$/);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
  });

  it("finds lockers by postcode with or without the dash, and by its start", async () => {
    expect(ids(await q("31-128"))[0]).toBe("KRA010");
    expect(ids(await q("31128"))[0]).toBe("KRA010");
    expect(ids(await q("31 128"))[0]).toBe("KRA010");
    expect(
      ids(await q("43-340"))
        .slice(0, 2)
        .sort(),
    ).toEqual(["KZY01A", "KZY02M"]);
    const krakow31 = await q("31-");
    expect(krakow31.length).toBeGreaterThanOrEqual(2);
    for (const point of krakow31) expect(point.postalCode).toMatch(/^31-/);
    for (const point of await q("3")) expect(point.postalCode).toMatch(/^3/);
  });

  it("lists the lockers near a full postcode nearest first, even when no locker has that postcode", async () => {
    // 00-950 (a post office): no 00-9xx locker, so the best match is the closest 00-xxx one
    // (WAW23N, 00-175), then its town's lockers by distance from it (not by postcode)
    const warsaw = ["WAW23N", "WAW01M", "WAW115M", "WAW02A"];
    expect(ids(await q("00-950"))).toEqual(warsaw);
    expect(ids(await q("00950"))).toEqual(warsaw);
    // as the checkout prefills it: the recipient's postcode and city
    expect(ids(await q("00-950 Warszawa"))).toEqual(warsaw);
    // the exact postcode first, then the nearest lockers sharing its first two digits (43-300 Bielsko-Biała)
    expect(ids(await q("43-340"))).toEqual(["KZY01A", "KZY02M", "BBI04A", "BBI01M"]);
    // the other words still narrow the list
    expect(ids(await q("43-340 Kozy"))).toEqual(["KZY01A", "KZY02M"]);
    expect(ids(await q("31-128 Kraków"))[0]).toBe("KRA010");
    for (const point of await q("31-128 Kraków")) expect(point.city).toBe("Kraków");
    expect(ids(await q("31-128 karmelicka"))).toEqual(["KRA010"]);
    expect(await q("00-950 Nieistniejąca")).toEqual([]);
  });

  it("orders lockers without coordinates by how closely their postcode matches", async () => {
    expect(ids(await q("77-199"))).toEqual(["BEZ190", "BEZ100", "BEZ500"]);
    expect(ids(await q("77-499 Bezmapie"))).toEqual(["BEZ500", "BEZ190", "BEZ100"]);
  });

  it("finds lockers by city with or without Polish letters, in any case", async () => {
    const lodz = await q("Łódź");
    expect(lodz).toHaveLength(4);
    for (const point of lodz) expect(point.city).toBe("Łódź");
    expect(await q("lodz")).toEqual(lodz);
    expect(await q("LODZ")).toEqual(lodz);
    const krakow = await q("Kraków");
    expect(krakow.map((point) => point.city)).toEqual(["Kraków", "Kraków", "Kraków", "Kraków"]);
    expect(await q("krakow")).toEqual(krakow);
    // sorted by postcode within a city
    const codes = krakow.map((point) => point.postalCode);
    expect(codes).toEqual([...codes].sort());
    // a word of a two-word city, and the start of a city
    expect(new Set((await q("biala")).map((point) => point.city))).toEqual(new Set(["Bielsko-Biała"]));
    expect(new Set((await q("zielona gora")).map((point) => point.city))).toEqual(new Set(["Zielona Góra"]));
    expect(new Set((await q("wroc")).map((point) => point.city))).toEqual(new Set(["Wrocław"]));
  });

  it("needs every word: a city and a street", async () => {
    expect(ids(await q("krakow karmelicka"))).toEqual(["KRA010"]);
    expect(await q("krakow piotrkowska")).toEqual([]);
  });

  it("answers an empty list when nothing matches", async () => {
    expect(await q("Nieistniejąca Wieś")).toEqual([]);
    expect(await q("---")).toEqual([]);
  });

  it("returns 20 points by default and at most `limit`", async () => {
    expect(await q("zabno")).toHaveLength(20);
    expect(await q("Żabno", "&limit=50")).toHaveLength(ZABNO_COUNT);
    expect(await q("zabno", "&limit=3")).toHaveLength(3);
    expect(ids(await q("zabno", "&limit=1"))).toEqual(["ZAB001"]);
  });

  it("never offers a locker that is not operating", async () => {
    expect(await q("KRA99X")).toEqual([]);
    expect(ids(await q("31-128"))).not.toContain("KRA99X");
    expect(await kit.app.services.parcelPoints.get("KRA99X")).toBeNull();
  });

  it.each([
    ["", "q"],
    ["q=", "q"],
    ["q=%20%20", "q"],
    [`q=${"a".repeat(65)}`, "q"],
    ["q=krakow&limit=0", "limit"],
    ["q=krakow&limit=51", "limit"],
    ["q=krakow&limit=abc", "limit"],
    ["q=krakow&limit=2.5", "limit"],
  ])("%s → 400 on %s", async (query, field) => {
    const res = await kit.app.inject({ method: "GET", url: `/api/parcel-points?${query}` });
    expectRefusedQuery(res, field);
  });

  it("accepts a query of exactly 64 characters", async () => {
    expect(await q("a".repeat(64))).toEqual([]);
  });
});

describe("parcel points service", () => {
  it("gets one operating point by id, in any case", async () => {
    const point = await kit.app.services.parcelPoints.get("kra010");
    expect(point).toMatchObject({ id: "KRA010", city: "Kraków", street: "Karmelicka", houseNumber: "45" });
    expect(await kit.app.services.parcelPoints.get("NOPE01")).toBeNull();
  });

  it("upserts by id and retires the points a complete sync did not write", async () => {
    const service = kit.app.services.parcelPoints;
    const stamp = new Date(Date.now() + 1000);
    const written = await service.upsertMany(
      [
        fixture("ZAB001", { city: "Żabno", street: "Nowa", houseNumber: "5", flatNumber: "2" }),
        fixture("ZAB001", { city: "Żabno", street: "Nowsza", houseNumber: "6", flatNumber: "3" }),
        fixture("NEW001", { city: "Nowe Miasto" }),
      ],
      stamp,
    );
    expect(written).toBe(2);
    expect(await service.get("ZAB001")).toMatchObject({
      street: "Nowsza",
      houseNumber: "6",
      flatNumber: "3",
    });
    expect(await service.get("NEW001")).toMatchObject({ city: "Nowe Miasto" });

    const removed = await service.removeNotUpdatedSince("inpost", stamp);
    const [closed] = await kit.database.db.select().from(parcelPoints).where(eq(parcelPoints.id, "KRA99X"));
    expect(closed?.status).toBe("Removed");
    const operating = await kit.database.db
      .select()
      .from(parcelPoints)
      .where(eq(parcelPoints.status, "Operating"));
    expect(operating.map((row) => row.id).sort()).toEqual(["NEW001", "ZAB001"]);
    expect(removed).toBeGreaterThanOrEqual(60);
    expect(await q("kozy")).toEqual([]);
  });
});

describe("parcelSearchTerms", () => {
  it("normalises case, Polish letters and postcodes", () => {
    expect(parcelSearchTerms("Łódź")).toEqual(["lodz"]);
    expect(parcelSearchTerms(" 31-128 Kraków ")).toEqual(["31128", "krakow"]);
    expect(parcelSearchTerms("31 128")).toEqual(["31128"]);
    expect(parcelSearchTerms("KRA010")).toEqual(["kra010"]);
    expect(parcelSearchTerms("--")).toEqual([]);
    expect(parcelSearchTerms("a b c d e f g")).toHaveLength(5);
  });
});
