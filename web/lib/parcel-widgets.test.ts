import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ParcelPoint } from "../../domain/types";
import { deliveryPointSchema } from "../../domain/validation/order";
import { KRAKOW_POINT } from "../test/delivery-point";
import {
  apaczkaMapOptions,
  apaczkaRecordToDeliveryPoint,
  geowidgetPointDetails,
  geowidgetPointToDeliveryPoint,
  mapPosition,
  nearbySearchQuery,
  parcelPickerMode,
  parcelPointToDeliveryPoint,
  parcelSearchUrl,
  pointDisplayName,
  pointMapToken,
  postcodeLine,
  streetLine,
} from "./parcel-widgets";

// The picker's pure parts: which picker runs and how each source's point becomes the order's
// deliveryPoint (every result must pass the shared deliveryPointSchema the checkout validates with).

const sample = JSON.parse(
  fs.readFileSync(path.resolve("../shared/reference/inpost_points_sample.json"), "utf8"),
) as { items: Record<string, unknown>[] };
const geowidgetPoint = sample.items[0];

describe("parcelPickerMode", () => {
  it("prefers Apaczka, then the Geowidget, else the built-in picker", () => {
    expect(parcelPickerMode({ apaczkaAppId: "123_abc", inpostGeowidgetToken: "jwt" })).toBe("apaczka");
    expect(parcelPickerMode({ apaczkaAppId: null, inpostGeowidgetToken: "jwt" })).toBe("geowidget");
    expect(parcelPickerMode({ apaczkaAppId: " ", inpostGeowidgetToken: null })).toBe("builtin");
    expect(parcelPickerMode({ apaczkaAppId: null, inpostGeowidgetToken: null })).toBe("builtin");
    expect(parcelPickerMode(undefined)).toBe("builtin");
  });
});

describe("pointMapToken", () => {
  it("is the Geowidget's token (the small map), whichever picker runs; null without it", () => {
    expect(pointMapToken({ apaczkaAppId: null, inpostGeowidgetToken: "jwt" })).toBe("jwt");
    expect(pointMapToken({ apaczkaAppId: "123_abc", inpostGeowidgetToken: "jwt" })).toBe("jwt");
    expect(pointMapToken({ apaczkaAppId: "123_abc", inpostGeowidgetToken: null })).toBeNull();
    expect(pointMapToken({ apaczkaAppId: null, inpostGeowidgetToken: "  " })).toBeNull();
    expect(pointMapToken(undefined)).toBeNull();
  });
});

describe("parcelPointToDeliveryPoint", () => {
  it("maps our API's point", () => {
    const point: ParcelPoint = {
      id: "KRA010",
      name: "Paczkomat KRA010",
      street: "Karmelicka",
      houseNumber: "45",
      flatNumber: null,
      postalCode: "31-128",
      city: "Kraków",
      locationDescription: "w bramie",
      openingHours: "24/7",
      latitude: 50.07,
      longitude: 19.93,
    };
    const delivery = parcelPointToDeliveryPoint(point);
    expect(delivery).toEqual({
      foreign_access_point_id: "KRA010",
      name: "Paczkomat KRA010",
      street: "Karmelicka",
      house_number: "45",
      flat_number: null,
      postal_code: "31-128",
      city: "Kraków",
    });
    expect(deliveryPointSchema.parse(delivery)).toEqual(delivery);
  });
});

describe("apaczkaRecordToDeliveryPoint", () => {
  it("maps the map's record, house and flat number null when missing", () => {
    const delivery = apaczkaRecordToDeliveryPoint({
      foreign_access_point_id: "WAW53AP",
      supplier: "INPOST",
      name: "Paczkomat WAW53AP",
      street: "Marszałkowska 104",
      postal_code: "00-017",
      city: "Warszawa",
      country_code: "PL",
    });
    expect(delivery).toEqual({
      foreign_access_point_id: "WAW53AP",
      name: "Paczkomat WAW53AP",
      street: "Marszałkowska 104",
      house_number: null,
      flat_number: null,
      postal_code: "00-017",
      city: "Warszawa",
    });
    expect(deliveryPointSchema.parse(delivery)).toEqual(delivery);
  });

  it("keeps house and flat numbers when present (numbers as text)", () => {
    expect(
      apaczkaRecordToDeliveryPoint({
        foreign_access_point_id: " KRA010 ",
        street: "Karmelicka",
        house_number: 45,
        flat_number: "3",
        postal_code: "31-128",
        city: "Kraków",
      }),
    ).toMatchObject({
      foreign_access_point_id: "KRA010",
      name: "KRA010",
      house_number: "45",
      flat_number: "3",
    });
  });

  it("answers null for a cancel or a record without a point id", () => {
    expect(apaczkaRecordToDeliveryPoint(null)).toBeNull();
    expect(apaczkaRecordToDeliveryPoint({ name: "x" })).toBeNull();
    expect(apaczkaRecordToDeliveryPoint({ foreign_access_point_id: "  " })).toBeNull();
    expect(apaczkaRecordToDeliveryPoint("WAW53AP")).toBeNull();
  });
});

describe("geowidgetPointToDeliveryPoint", () => {
  it("maps the InPost point (name and address_details)", () => {
    const delivery = geowidgetPointToDeliveryPoint(geowidgetPoint);
    expect(delivery).toEqual({
      foreign_access_point_id: "KZY01A",
      name: "KZY01A",
      street: "Gajowa",
      house_number: "27",
      flat_number: null,
      postal_code: "43-340",
      city: "Kozy",
    });
    expect(deliveryPointSchema.parse(delivery)).toEqual(delivery);
  });

  it("falls back to the address lines without address_details", () => {
    expect(
      geowidgetPointToDeliveryPoint({
        name: "KZY01A",
        address: { line1: "Gajowa 27", line2: "43-340 Kozy" },
      }),
    ).toEqual({
      foreign_access_point_id: "KZY01A",
      name: "KZY01A",
      street: "Gajowa 27",
      house_number: null,
      flat_number: null,
      postal_code: "43-340",
      city: "Kozy",
    });
  });

  it("answers null without a point name", () => {
    expect(geowidgetPointToDeliveryPoint({ address_details: { city: "Kozy" } })).toBeNull();
    expect(geowidgetPointToDeliveryPoint(undefined)).toBeNull();
  });
});

describe("the chosen point's details and the small map's position", () => {
  it("takes the Geowidget point's opening hours and location", () => {
    expect(geowidgetPointDetails(geowidgetPoint)).toEqual({
      id: "KZY01A",
      openingHours: "24/7",
      latitude: 49.84569,
      longitude: 19.17134,
    });
    expect(geowidgetPointDetails({ name: "KZY01A", location: { latitude: "49.8", longitude: "x" } })).toEqual(
      {
        id: "KZY01A",
        openingHours: null,
        latitude: 49.8,
        longitude: null,
      },
    );
    expect(geowidgetPointDetails({ location: { latitude: 49.8, longitude: 19.1 } })).toBeNull();
    expect(geowidgetPointDetails(null)).toBeNull();
  });

  it("centres on coordinates only when both are there and on the Earth", () => {
    expect(mapPosition({ latitude: 49.84569, longitude: 19.17134 })).toEqual({
      latitude: 49.84569,
      longitude: 19.17134,
    });
    expect(mapPosition({ latitude: 49.8, longitude: null })).toBeNull();
    expect(mapPosition({ latitude: null, longitude: 19.1 })).toBeNull();
    expect(mapPosition({ latitude: 91, longitude: 19.1 })).toBeNull();
    expect(mapPosition({ latitude: 49.8, longitude: Number.NaN })).toBeNull();
    expect(mapPosition(null)).toBeNull();
  });
});

describe("display helpers", () => {
  const point = KRAKOW_POINT;

  it("writes the street with house and flat number, and the postcode line", () => {
    expect(streetLine(point)).toBe("Karmelicka 45/3");
    expect(streetLine({ ...point, flat_number: null })).toBe("Karmelicka 45");
    expect(streetLine({ ...point, house_number: null, flat_number: null })).toBe("Karmelicka");
    expect(postcodeLine(point)).toBe("31-128 Kraków");
  });

  it("shows the name only when it is not just the id", () => {
    expect(pointDisplayName(point)).toBe("Paczkomat KRA010");
    expect(pointDisplayName({ ...point, name: "KRA010" })).toBeNull();
    expect(pointDisplayName({ ...point, name: " " })).toBeNull();
  });

  it("builds the search request and the Apaczka options", () => {
    expect(parcelSearchUrl(" 31-128 Kraków ", 20)).toBe("/api/parcel-points?q=31-128+Krak%C3%B3w&limit=20");
    expect(apaczkaMapOptions("app_1")).toEqual({
      app_id: "app_1",
      criteria: [{ field: "services_receiver", operator: "eq", value: true }],
    });
  });
});

describe("nearbySearchQuery", () => {
  it("is the recipient's postcode (when it is one) and city, as the picker's first search", () => {
    expect(nearbySearchQuery("00-950", "Warszawa")).toBe("00-950 Warszawa");
    expect(nearbySearchQuery(" 00950 ", "  Nowe   Miasto ")).toBe("00-950 Nowe Miasto");
    expect(nearbySearchQuery("00 - 950", "")).toBe("00-950");
    expect(nearbySearchQuery("0095", "Warszawa")).toBe("Warszawa");
    expect(nearbySearchQuery("", "")).toBe("");
    expect(nearbySearchQuery("00-950", "x".repeat(80))).toHaveLength(64);
  });
});
