import { useEffect, useRef, useState } from "react";
import type { DeliveryPoint } from "../../../domain/types";
import { Spinner } from "../../components/spinner";
import { useLang, useT } from "../../lib/i18n";
import {
  APACZKA_MAP_SCRIPT,
  APACZKA_SUPPLIER,
  apaczkaMapOptions,
  apaczkaRecordToDeliveryPoint,
  type ChosenPointDetails,
  GEOWIDGET_CONFIG,
  GEOWIDGET_SCRIPT,
  GEOWIDGET_STYLESHEET,
  geowidgetPointDetails,
  geowidgetPointToDeliveryPoint,
  type MapPosition,
} from "../../lib/parcel-widgets";
import { ParcelDialog } from "./parcel-dialog";
import "../../lib/orders-texts";

// The carriers' map widgets (../shared/INTEGRATIONS.md §3, §4), loaded from their hosts only
// when the user opens the picker or a chosen point's small map shows (parcel-point-map.tsx), once
// per page. A script that fails or takes too long rejects, and the picker falls back to the
// built-in search (the small map is left out).

const SCRIPT_TIMEOUT_MS = 15_000;

interface ApaczkaMapInstance {
  show(options?: object): void;
  setFilterSupplierAllowed?(suppliers: string[], selected: string[]): void;
  setSupplier?(supplier: string): void;
}

/** The Geowidget's api (INTEGRATIONS.md §3): what the picker and the small map call. */
export interface GeowidgetApi {
  addPointSelectedCallback(callback: (point: unknown) => void): void;
  changePosition(position: MapPosition, zoom?: number): void;
  selectPoint(name: string): void;
}

declare global {
  interface Window {
    ApaczkaMap?: new (
      options: ReturnType<typeof apaczkaMapOptions> & { onChange: (record: unknown) => void },
    ) => ApaczkaMapInstance;
  }
}

const scripts = new Map<string, Promise<void>>();

/** Adds `<script src>` once; resolves when it has run, rejects on an error or after a timeout. */
export function loadScript(src: string, timeoutMs = SCRIPT_TIMEOUT_MS): Promise<void> {
  const known = scripts.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    const timer = setTimeout(() => fail(new Error(`Timed out loading ${src}`)), timeoutMs);
    function fail(error: Error) {
      clearTimeout(timer);
      script.remove();
      scripts.delete(src); // a later attempt may succeed (back online)
      reject(error);
    }
    script.onload = () => {
      clearTimeout(timer);
      resolve();
    };
    script.onerror = () => fail(new Error(`Cannot load ${src}`));
    document.head.append(script);
  });
  scripts.set(src, promise);
  return promise;
}

/** Adds `<link rel=stylesheet>` once (no waiting: the widget works while it loads). */
function loadStylesheet(href: string): void {
  if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  document.head.append(link);
}

// One Apaczka map per page; its onChange calls whoever opened it last.
let apaczkaMap: { appId: string; map: ApaczkaMapInstance } | null = null;
let apaczkaHandler: (point: DeliveryPoint | null) => void = () => {};

/**
 * Opens Apaczka's map (its own modal) limited to InPost pick-up points that receive parcels.
 * `onChange` gets the chosen point, or null when the user closes the map. Rejects when the
 * script cannot load.
 */
export async function openApaczkaMap(
  appId: string,
  onChange: (point: DeliveryPoint | null) => void,
): Promise<void> {
  apaczkaHandler = onChange;
  if (apaczkaMap?.appId !== appId) {
    await loadScript(APACZKA_MAP_SCRIPT);
    const ApaczkaMap = window.ApaczkaMap;
    if (!ApaczkaMap) throw new Error("ApaczkaMap is missing after its script loaded");
    const map = new ApaczkaMap({
      ...apaczkaMapOptions(appId),
      onChange: (record: unknown) => apaczkaHandler(record ? apaczkaRecordToDeliveryPoint(record) : null),
    });
    map.setFilterSupplierAllowed?.([APACZKA_SUPPLIER], [APACZKA_SUPPLIER]);
    map.setSupplier?.(APACZKA_SUPPLIER);
    apaczkaMap = { appId, map };
  }
  apaczkaMap.map.show({});
}

/**
 * Loads the Geowidget (script and stylesheet, once per page), then puts an <inpost-geowidget token
 * language config="parcelCollect"> into `container`: `onReady` once it is there, `onInit` with its
 * api (the `inpost.geowidget.init` event), `onFail` when the script cannot load. Returns what
 * removes it (also while it loads), for an effect's cleanup.
 */
export function mountGeowidget(
  container: HTMLElement,
  options: {
    token: string;
    lang: string;
    onInit: (api: GeowidgetApi) => void;
    onReady?: () => void;
    onFail: () => void;
  },
): () => void {
  let cancelled = false;
  let widget: HTMLElement | null = null;
  loadStylesheet(GEOWIDGET_STYLESHEET);
  loadScript(GEOWIDGET_SCRIPT).then(
    () => {
      if (cancelled) return;
      widget = document.createElement("inpost-geowidget");
      widget.setAttribute("token", options.token);
      widget.setAttribute("language", options.lang);
      widget.setAttribute("config", GEOWIDGET_CONFIG);
      widget.className = "block h-full w-full";
      widget.addEventListener("inpost.geowidget.init", (event) => {
        const api = (event as CustomEvent<{ api?: GeowidgetApi }>).detail?.api;
        if (api) options.onInit(api);
      });
      container.append(widget);
      options.onReady?.();
    },
    () => {
      if (!cancelled) options.onFail();
    },
  );
  return () => {
    cancelled = true;
    widget?.remove();
  };
}

/**
 * InPost's Geowidget v5 in our dialog: <inpost-geowidget token language config="parcelCollect">,
 * its selection through the `inpost.geowidget.init` event's api.addPointSelectedCallback.
 */
export function GeowidgetDialog({
  token,
  onChoose,
  onClose,
  onFail,
}: {
  token: string;
  /** the chosen point, with its hours and location from the widget */
  onChoose: (point: DeliveryPoint, details: ChosenPointDetails | null) => void;
  onClose: () => void;
  /** the script could not load: the picker switches to the built-in search */
  onFail: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const containerRef = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const callbacks = useRef({ onChoose, onFail });
  callbacks.current = { onChoose, onFail };

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    return mountGeowidget(container, {
      token,
      lang,
      onInit: (api) =>
        api.addPointSelectedCallback((point) => {
          const chosen = geowidgetPointToDeliveryPoint(point);
          if (chosen) callbacks.current.onChoose(chosen, geowidgetPointDetails(point));
        }),
      onReady: () => setReady(true),
      onFail: () => callbacks.current.onFail(),
    });
  }, [token, lang]);

  return (
    <ParcelDialog title={t("checkout.mapTitle")} onClose={onClose}>
      <div className="relative min-h-0 flex-1">
        {ready ? null : (
          <p role="status" className="flex items-center gap-2 px-4 py-4 text-sm text-stone-700 sm:px-6">
            <Spinner />
            {t("parcelPicker.loadingMap")}
          </p>
        )}
        <div ref={containerRef} className="absolute inset-0" />
      </div>
    </ParcelDialog>
  );
}
