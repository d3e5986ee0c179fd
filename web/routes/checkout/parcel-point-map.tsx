import { useEffect, useRef, useState } from "react";
import { useLang } from "../../lib/i18n";
import { type MapPosition, POINT_MAP_ZOOM } from "../../lib/parcel-widgets";
import { type GeowidgetApi, mountGeowidget } from "./parcel-map-widgets";

// The chosen point's small map (docs/decisions/041): InPost's Geowidget in a small frame under the
// point's address, centred on the point (api.changePosition with its coordinates, when known) with
// the point selected (api.selectPoint by its id). It only illustrates the address and opening hours
// written above it, so it is inert (no Tab stop inside it, no click that would choose another point
// unseen) and hidden from screen readers; "zmień" opens the full map. Its code and the widget load
// only when it shows (a Geowidget token and a chosen point); when the widget cannot load, the frame
// goes away and the text stays.

export function ParcelPointMap({
  token,
  pointId,
  position,
}: {
  token: string;
  /** the chosen point's id (the Geowidget's point name, e.g. KZY01A) */
  pointId: string;
  /** the point's coordinates, when known */
  position: MapPosition | null;
}) {
  const lang = useLang();
  const containerRef = useRef<HTMLDivElement>(null);
  const [api, setApi] = useState<GeowidgetApi | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const unmount = mountGeowidget(container, {
      token,
      lang,
      onInit: (found) => setApi(() => found),
      onFail: () => setFailed(true),
    });
    return () => {
      unmount();
      setApi(null);
    };
  }, [token, lang]);

  const latitude = position?.latitude;
  const longitude = position?.longitude;
  useEffect(() => {
    if (!api) return;
    if (latitude !== undefined && longitude !== undefined) {
      api.changePosition({ latitude, longitude }, POINT_MAP_ZOOM);
    }
    api.selectPoint(pointId);
  }, [api, pointId, latitude, longitude]);

  if (failed) return null;
  return (
    <div
      ref={containerRef}
      inert
      aria-hidden="true"
      data-testid="parcel-point-map"
      className="mt-4 h-44 w-full max-w-md overflow-hidden rounded-xl bg-stone-100 ring-1 ring-stone-200"
    />
  );
}
