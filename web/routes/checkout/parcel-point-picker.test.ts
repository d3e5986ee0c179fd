import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { KRAKOW_POINT } from "../../test/delivery-point";
import { renderInRouter } from "../../test/render-in-router";
import { ParcelPointPicker, type ParcelPointPickerProps } from "./parcel-point-picker";

// The picker as the server renders it (inside a router, in the language of its LangProvider):
// the "Zaznacz paczkomat" button, or the chosen point with its "zmień" button. The dialogs are
// client-only (they open on a click).

const POINT = KRAKOW_POINT;

const NO_WIDGETS = { apaczkaAppId: null, inpostGeowidgetToken: null };

function render(props: Partial<ParcelPointPickerProps>, lang: "pl" | "en" = "pl"): Promise<string> {
  const element = createElement(ParcelPointPicker, {
    value: null,
    onSelect: () => {},
    settings: NO_WIDGETS,
    ...props,
  });
  return renderInRouter(element, lang);
}

function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

describe("ParcelPointPicker (server render)", () => {
  it("offers the button Zaznacz paczkomat when no point is chosen", async () => {
    const html = await render({});
    expect(html).toMatch(/<button type="button" aria-haspopup="dialog"[^>]*>Zaznacz paczkomat<\/button>/);
    expect(text(html)).not.toContain("zmień");
    expect(html).not.toContain("<dialog");
  });

  it("shows the chosen point's id, name, street with house/flat number, postcode, city and zmień", async () => {
    const html = await render({ value: POINT });
    const shown = text(html);
    expect(shown).toContain("Paczkomat KRA010");
    expect(shown).toContain("Kod paczkomatu: KRA010");
    expect(shown).toContain("Karmelicka 45/3");
    expect(shown).toContain("31-128 Kraków");
    expect(html).toMatch(/<button type="button"[^>]*aria-label="zmień punkt odbioru"[^>]*>zmień<\/button>/);
    expect(shown).not.toContain("Zaznacz paczkomat");
  });

  it("leaves out what the point does not have", async () => {
    const shown = text(
      await render({ value: { ...POINT, name: "KRA010", house_number: null, flat_number: null } }),
    );
    expect(shown).toContain("Kod paczkomatu: KRA010 Karmelicka 31-128 Kraków");
    expect(shown).not.toContain("Paczkomat KRA010");
  });

  it("is translated", async () => {
    expect(text(await render({}, "en"))).toContain("Select a parcel locker");
    const html = await render({ value: POINT }, "en");
    expect(html).toMatch(/aria-label="change the pick-up point"[^>]*>change<\/button>/);
    expect(text(html)).not.toContain("Kod paczkomatu");
  });

  it("renders the same with a map widget configured (the widget loads on click)", async () => {
    const html = await render({ settings: { apaczkaAppId: "app", inpostGeowidgetToken: null } });
    expect(text(html)).toContain("Zaznacz paczkomat");
    expect(html).not.toContain("apaczka.map.js");
  });

  it("leaves the chosen point's small map to the browser (its code and the Geowidget load there)", async () => {
    const settings = { apaczkaAppId: null, inpostGeowidgetToken: "jwt" };
    const html = await render({ value: POINT, settings });
    expect(text(html)).toContain("Kod paczkomatu: KRA010");
    expect(html).not.toContain("parcel-point-map");
    expect(html).not.toContain("inpost-geowidget");
    expect(html).not.toContain("jwt");
  });
});
