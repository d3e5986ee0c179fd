import { useEffect, useRef } from "react";
import type { DeliveryPoint, ParcelPoint } from "../../../domain/types";
import type { FieldError } from "../../../domain/validation/errors";
import type { PublicSettings } from "../../../server/web-door";
import { FieldErrorText } from "../../components/form-field";
import { useT } from "../../lib/i18n";
import { CheckoutCard } from "./checkout-card";
import { ParcelPointPicker } from "./parcel-point-picker";
import "../../lib/orders-texts";
import "../../lib/checkout-texts";

// Punkt odbioru (parcel locker only): the picker shows the chosen point with "zmień", or
// "Zaznacz paczkomat". The point travels with the form as JSON in a hidden input; the action
// validates it with the shared deliveryPointSchema ("Wybierz paczkomat" when missing).
// Without JavaScript (the picker is a dialog) a search field and a list of lockers posted with the
// form do the same: "search-points" lists the lockers, a locker's button chooses it.

const ERROR_ID = "checkout-pickup-point-error";

export function PickupPointSection({
  point,
  onSelect,
  settings,
  error,
  search,
  nearQuery,
}: {
  point: DeliveryPoint | null;
  onSelect: (point: DeliveryPoint) => void;
  settings: PublicSettings["parcelLockers"];
  error: FieldError | undefined;
  /** the no-JavaScript search's query and lockers, after a "search-points" post */
  search?: { query: string; results: ParcelPoint[] };
  /** the picker's first search: the recipient's postcode and city as typed in the form */
  nearQuery?: () => { postCode: string; city: string };
}) {
  const t = useT();
  const picker = useRef<HTMLDivElement>(null);
  // "Wybierz paczkomat" belongs to the picker's button: read with it (aria-describedby), and the
  // button is where a refused checkout puts the focus (data-invalid; the picker is its own component)
  useEffect(() => {
    const button = picker.current?.querySelector("button");
    if (!button) return;
    if (error) {
      button.setAttribute("aria-describedby", ERROR_ID);
      button.setAttribute("data-invalid", "true");
    } else {
      button.removeAttribute("aria-describedby");
      button.removeAttribute("data-invalid");
    }
  });
  return (
    <CheckoutCard headingId="checkout-pickup-point" title={t("checkout.pickupPoint")}>
      <input type="hidden" name="deliveryPoint" value={point ? JSON.stringify(point) : ""} />
      <div className="mt-3" ref={picker}>
        <ParcelPointPicker value={point} onSelect={onSelect} settings={settings} nearQuery={nearQuery} />
      </div>
      <noscript>
        <div className="mt-4 flex flex-wrap items-end gap-2">
          <label className="flex grow flex-col gap-1 text-sm font-medium text-stone-800">
            {t("parcelPicker.searchLabel")}
            <input
              type="search"
              name="pointQuery"
              defaultValue={search?.query ?? ""}
              placeholder={t("parcelPicker.searchPlaceholder")}
              className="min-h-11 rounded-lg border border-stone-300 px-3"
            />
          </label>
          <button
            type="submit"
            name="intent"
            value="search-points"
            formNoValidate
            className="min-h-11 rounded-full border border-stone-800 px-5 font-semibold"
          >
            {t("common.search")}
          </button>
        </div>
      </noscript>
      {search ? (
        <div className="mt-3">
          <p className="text-sm text-stone-600">
            {search.results.length > 0
              ? t("parcelPicker.resultsCount", { count: search.results.length })
              : t("parcelPicker.noResults", { query: search.query })}
          </p>
          <ul className="mt-2 divide-y divide-stone-200">
            {search.results.map((result) => (
              <li key={result.id}>
                <button
                  type="submit"
                  name="choosePoint"
                  value={result.id}
                  formNoValidate
                  className="w-full py-2 text-left hover:bg-accent-50 focus-visible:bg-accent-50"
                >
                  <span className="font-semibold">{result.id}</span>{" "}
                  <span>
                    {result.street} {result.houseNumber ?? ""}, {result.postalCode} {result.city}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {error ? (
        <div className="mt-2">
          <FieldErrorText id={ERROR_ID} error={error} />
        </div>
      ) : null}
    </CheckoutCard>
  );
}
