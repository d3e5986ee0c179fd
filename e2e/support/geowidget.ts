import type { Page } from "@playwright/test";

// A stand-in for InPost's Geowidget v5 (../shared/INTEGRATIONS.md §3), served for its host with
// page.route, so no test reaches InPost. It defines <inpost-geowidget>, which draws a grey "map" with
// one button per point below (the real widget's list: the shopper chooses there), fires
// `inpost.geowidget.init` with an api, and records what the shop calls on the api. Its points are
// InPost's shape (name, address_details, location, opening_hours), two demo lockers in Kozy.

export const GEOWIDGET_HOST = "https://geowidget.inpost.pl/";

export const GEOWIDGET_POINTS = [
  {
    name: "KZY01A",
    address: { line1: "Gajowa 27", line2: "43-340 Kozy" },
    address_details: { city: "Kozy", post_code: "43-340", street: "Gajowa", building_number: "27" },
    location: { latitude: 49.84569, longitude: 19.17134 },
    opening_hours: "24/7",
  },
  {
    name: "KZY02M",
    address: { line1: "Krakowska 2", line2: "43-340 Kozy" },
    address_details: { city: "Kozy", post_code: "43-340", street: "Krakowska", building_number: "2" },
    location: { latitude: 49.8471, longitude: 19.1468 },
    opening_hours: "pn-pt 8-20",
  },
];

/** One call of the api: which widget (the small map or the picker's dialog), the method, its arguments. */
export interface GeowidgetCall {
  widget: "map" | "dialog";
  method: string;
  args: unknown[];
}

function fakeGeowidget(points: unknown[]): string {
  return `(() => {
  const points = ${JSON.stringify(points)};
  window.__geowidgetCalls = [];
  class FakeGeowidget extends HTMLElement {
    connectedCallback() {
      const widget = this.closest("[data-testid=parcel-point-map]") ? "map" : "dialog";
      const record = (method, args) => window.__geowidgetCalls.push({ widget, method, args });
      const callbacks = [];
      const map = document.createElement("div");
      map.style.cssText = "height:100%;min-height:8rem;display:grid;place-items:center;color:#44403c;" +
        "background:repeating-linear-gradient(45deg,#e7e5e4 0 12px,#f5f5f4 12px 24px)";
      map.textContent = "mapa (atrapa)";
      this.append(map);
      for (const point of points) {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = "Wybierz " + point.name;
        button.addEventListener("click", () => callbacks.forEach((callback) => callback(point)));
        this.append(button);
      }
      const api = {
        addPointSelectedCallback: (callback) => callbacks.push(callback),
        changePosition: (...args) => record("changePosition", args),
        selectPoint: (...args) => {
          record("selectPoint", args);
          map.textContent = "mapa (atrapa): " + args[0];
        },
        showPoint: (...args) => record("showPoint", args),
      };
      setTimeout(() => this.dispatchEvent(new CustomEvent("inpost.geowidget.init", { detail: { api } })));
    }
  }
  customElements.define("inpost-geowidget", FakeGeowidget);
})();`;
}

/** Serves the stand-in for the Geowidget's host; returns the live list of URLs asked of it. */
export async function stubGeowidget(page: Page): Promise<string[]> {
  const urls: string[] = [];
  await page.route(`${GEOWIDGET_HOST}**`, async (route) => {
    const url = route.request().url();
    urls.push(url);
    if (url.endsWith(".css")) await route.fulfill({ contentType: "text/css", body: "" });
    else await route.fulfill({ contentType: "text/javascript", body: fakeGeowidget(GEOWIDGET_POINTS) });
  });
  return urls;
}

/** The api calls recorded so far. */
export async function geowidgetCalls(page: Page): Promise<GeowidgetCall[]> {
  return page.evaluate(
    () => (window as unknown as { __geowidgetCalls?: GeowidgetCall[] }).__geowidgetCalls ?? [],
  );
}
