import { type ComponentProps, type ComponentType, lazy, Suspense, useEffect, useRef, useState } from "react";
import type { DeliveryPoint, ParcelPoint } from "../../../domain/types";
import type { PublicSettings } from "../../../server/web-door";
import { Spinner } from "../../components/spinner";
import { useT } from "../../lib/i18n";
import { lazyAfterHydration } from "../../lib/lazy-in-browser";
import {
  type ChosenPointDetails,
  mapPosition,
  nearbySearchQuery,
  parcelPickerMode,
  parcelSearchUrl,
  pointDisplayName,
  pointMapToken,
  postcodeLine,
  streetLine,
} from "../../lib/parcel-widgets";
import { AfterHydration } from "../../lib/use-hydrated";
import type { GeowidgetDialog as GeowidgetDialogComponent } from "./parcel-map-widgets";
import type { ParcelSearchDialog as ParcelSearchDialogComponent } from "./parcel-search-dialog";
import "../../lib/orders-texts";
import "../../lib/checkout-texts";

// The content of the checkout's "Punkt odbioru" block (SPEC §2 Checkout): the chosen point (id,
// name, street with house and flat number, postcode, city) with a "zmień" link-button, or the
// button "Zaznacz paczkomat". The button opens a picker limited to one carrier (InPost):
//   - Apaczka's map when settings.apaczkaAppId is set,
//   - else InPost's Geowidget (in our dialog) when settings.inpostGeowidgetToken is set,
//   - else, and whenever a widget's script cannot load, our own search dialog over
//     GET /api/parcel-points (the demo lockers or the synced InPost list).
// The component keeps no point of its own: `value` comes from and `onSelect` goes to the page.
// The built-in search starts from `nearQuery()` (the recipient's postcode and city as typed so
// far), or from the chosen point's city. Under the chosen point: its opening hours ("Godziny
// otwarcia"), from the result the shopper chose (the built-in search's or the Geowidget's) or,
// after a reload or Apaczka's choice, from GET /api/parcel-points (none for a point we do not
// know). With a Geowidget token, under them a small map of the point (parcel-point-map.tsx,
// docs/decisions/041), loaded in the browser only then.

export interface ParcelPointPickerProps {
  value: DeliveryPoint | null;
  onSelect: (point: DeliveryPoint) => void;
  settings: PublicSettings["parcelLockers"];
  /** the built-in search's first query when no point is chosen yet (read when the picker opens) */
  nearQuery?: () => { postCode: string; city: string };
}

type OpenDialog = null | "builtin" | "geowidget";

// The dialogs and the map widgets' code load once the picker is shown (the pickup-point delivery
// is chosen), not with the checkout page (docs/decisions/021-bundle-budgets.md): nothing of them
// is in the server's HTML, which has its own no-JavaScript search (pickup-point-section.tsx).
const loadSearchDialog = () => import("./parcel-search-dialog");
const loadMapWidgets = () => import("./parcel-map-widgets");
/** a dialog whose chunk failed to load renders nothing (the no-JavaScript search stays) */
const notLoaded = (error: unknown) => {
  console.error("parcel picker not loaded", error);
  return { default: () => null };
};
const ParcelSearchDialog = lazy<ComponentType<ComponentProps<typeof ParcelSearchDialogComponent>>>(() =>
  loadSearchDialog().then((m) => ({ default: m.ParcelSearchDialog }), notLoaded),
);
const GeowidgetDialog = lazy<ComponentType<ComponentProps<typeof GeowidgetDialogComponent>>>(() =>
  loadMapWidgets().then((m) => ({ default: m.GeowidgetDialog }), notLoaded),
);
const ParcelPointMap = lazyAfterHydration(
  () => import("./parcel-point-map"),
  (m) => m.ParcelPointMap,
);

const LINK_BUTTON =
  "rounded text-sm font-semibold text-accent-700 underline underline-offset-4 hover:text-accent-800";
const BUTTON =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-stone-300 bg-white px-5 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-50 disabled:cursor-wait disabled:opacity-80";

/** The chosen point's hours and location: kept from the picker's result, else looked up by its id. */
function useChosenPointDetails(
  id: string | null,
  known: ChosenPointDetails | null,
): ChosenPointDetails | null {
  const [found, setFound] = useState<{ id: string; point: ParcelPoint | null } | null>(null);
  const knownHere = known && known.id === id ? known : null;
  useEffect(() => {
    if (!id || knownHere || found?.id === id) return;
    const controller = new AbortController();
    fetch(parcelSearchUrl(id, 1), { signal: controller.signal, headers: { accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<{ items: ParcelPoint[] }>) : null))
      .then((body) => {
        const point = body?.items.find((item) => item.id.toUpperCase() === id.toUpperCase());
        setFound({ id, point: point ?? null });
      })
      .catch(() => {}); // only a detail: nothing is shown
    return () => controller.abort();
  }, [id, knownHere, found?.id]);
  if (knownHere) return knownHere;
  return found?.id === id ? found.point : null;
}

export function ParcelPointPicker({ value, onSelect, settings, nearQuery }: ParcelPointPickerProps) {
  const t = useT();
  const mode = parcelPickerMode(settings);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  /** a widget failed to load: the built-in dialog says so */
  const [widgetFailed, setWidgetFailed] = useState(false);
  const [loadingMap, setLoadingMap] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  /** the first search of the built-in dialog, read from the form when it opens */
  const [firstQuery, setFirstQuery] = useState("");
  /** the result the shopper chose in the built-in search or the Geowidget (its hours and location) */
  const [chosenResult, setChosenResult] = useState<ChosenPointDetails | null>(null);
  const details = useChosenPointDetails(value?.foreign_access_point_id ?? null, chosenResult);
  const openingHours = details?.openingHours ?? null;
  const mapToken = pointMapToken(settings);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const restoreFocus = useRef(false);

  // start loading the picker's dialogs as soon as it is shown, so they are there by the first click
  useEffect(() => {
    loadSearchDialog().catch(() => {});
    if (mode !== "builtin") loadMapWidgets().catch(() => {});
  }, [mode]);

  // Back to the button that opened the picker (after a choice it is the "zmień" button).
  // biome-ignore lint/correctness/useExhaustiveDependencies: also after `value` swaps the button
  useEffect(() => {
    if (dialog === null && !loadingMap && restoreFocus.current) {
      restoreFocus.current = false;
      triggerRef.current?.focus();
    }
  }, [dialog, loadingMap, value]);

  function close() {
    restoreFocus.current = true;
    setDialog(null);
  }

  function choose(point: DeliveryPoint, result: ChosenPointDetails | null = null) {
    setChosenResult(result);
    onSelect(point);
    setAnnouncement(t("parcelPicker.chosen", { id: point.foreign_access_point_id }));
    close();
  }

  function fallBack() {
    setWidgetFailed(true);
    setDialog("builtin");
  }

  async function open() {
    setAnnouncement("");
    const near = nearQuery?.();
    setFirstQuery(value?.city || (near ? nearbySearchQuery(near.postCode, near.city) : ""));
    if (mode === "builtin" || widgetFailed) {
      setDialog("builtin");
    } else if (mode === "geowidget") {
      setDialog("geowidget");
    } else if (settings.apaczkaAppId) {
      setLoadingMap(true);
      try {
        // the map is Apaczka's own modal; it calls back with the record, or null when closed
        const { openApaczkaMap } = await loadMapWidgets();
        await openApaczkaMap(settings.apaczkaAppId, (point) => {
          if (point) choose(point);
          else triggerRef.current?.focus();
        });
      } catch {
        fallBack();
      } finally {
        setLoadingMap(false);
      }
    }
  }

  const name = value ? pointDisplayName(value) : null;

  return (
    <div className="text-sm text-stone-800">
      {value ? (
        <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2">
          <address className="not-italic leading-6" data-testid="parcel-point-chosen">
            {name ? <p className="font-semibold text-stone-900">{name}</p> : null}
            <p>
              {t("order.pickupPointId")}:{" "}
              <span className="font-semibold text-stone-900">{value.foreign_access_point_id}</span>
            </p>
            {streetLine(value) ? <p>{streetLine(value)}</p> : null}
            {postcodeLine(value) ? <p>{postcodeLine(value)}</p> : null}
            {openingHours ? (
              <p>
                {t("parcelPicker.chosenOpeningHours")}:{" "}
                <span className="font-semibold text-stone-900">{openingHours}</span>
              </p>
            ) : null}
          </address>
          <button
            ref={triggerRef}
            type="button"
            onClick={open}
            disabled={loadingMap}
            aria-haspopup="dialog"
            aria-label={t("parcelPicker.changeLabel")}
            className={`${LINK_BUTTON} inline-flex min-h-11 items-center gap-2 px-1`}
          >
            {loadingMap ? <Spinner /> : null}
            {t("checkout.changePickupPoint")}
          </button>
        </div>
      ) : (
        <button
          ref={triggerRef}
          type="button"
          onClick={open}
          disabled={loadingMap}
          aria-haspopup="dialog"
          aria-busy={loadingMap || undefined}
          className={BUTTON}
        >
          {loadingMap ? <Spinner /> : null}
          {t("checkout.markParcelLocker")}
        </button>
      )}
      {value && mapToken ? (
        <AfterHydration>
          <Suspense fallback={null}>
            <ParcelPointMap
              token={mapToken}
              pointId={value.foreign_access_point_id}
              position={mapPosition(details)}
            />
          </Suspense>
        </AfterHydration>
      ) : null}
      {loadingMap ? <p className="mt-2 text-stone-600">{t("parcelPicker.loadingMap")}</p> : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <Suspense fallback={null}>
        {dialog === "builtin" ? (
          <ParcelSearchDialog
            current={value}
            initialQuery={firstQuery}
            notice={widgetFailed && mode !== "builtin" ? t("parcelPicker.mapUnavailable") : null}
            onChoose={choose}
            onClose={close}
          />
        ) : null}
        {dialog === "geowidget" && settings.inpostGeowidgetToken ? (
          <GeowidgetDialog
            token={settings.inpostGeowidgetToken}
            onChoose={choose}
            onClose={close}
            onFail={fallBack}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
