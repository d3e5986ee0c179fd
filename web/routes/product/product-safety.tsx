import { Fragment } from "react";
import { contactHref, type SafetyInfo, type SafetyParty } from "../../../domain/gpsr";
import { useLang, useT } from "../../lib/i18n";
import "../../lib/product-texts";

// "Bezpieczeństwo produktu" (GPSR, Regulation (EU) 2023/988 art. 19; docs/decisions/073): the
// manufacturer, the responsible person in the EU, the identifier, the warnings and the care
// instructions, before the add-to-cart button. A <details>: closed, one line; open, it needs no
// script, so the server renders it and its code loads after the page's first load
// (web/lib/lazy-in-browser.ts).

const BOX = "rounded-2xl border border-stone-200 bg-white text-sm sm:text-base";
const SUMMARY =
  "min-h-11 cursor-pointer rounded-2xl px-4 py-2.5 font-semibold text-stone-900 focus-visible:outline-2 focus-visible:outline-accent-600";
const TERM = "mt-3 text-xs font-semibold uppercase tracking-wide text-stone-500 first:mt-0";

/** The name and postal address as lines, then the electronic address (a link when it is one). */
function Party({ party }: { party: SafetyParty }) {
  const href = contactHref(party.contact);
  const lines = [party.name, party.address].filter(Boolean).join("\n");
  return (
    <>
      {lines}
      {party.contact ? "\n" : null}
      {href ? (
        <a href={href} className="break-words text-accent-700 underline underline-offset-2">
          {party.contact}
        </a>
      ) : (
        party.contact
      )}
    </>
  );
}

export function ProductSafety({ info }: { info: SafetyInfo }) {
  const t = useT();
  // the warnings are written in Polish: marked so in another interface language only
  const warningsLang = useLang() === "pl" ? undefined : "pl";
  const rows = [
    { label: t("product.safetyManufacturer"), value: <Party party={info.manufacturer} /> },
    info.euResponsible
      ? { label: t("product.safetyEuResponsible"), value: <Party party={info.euResponsible} /> }
      : null,
    info.identifier ? { label: t("product.safetyIdentifier"), value: info.identifier } : null,
    info.warnings
      ? {
          label: t("product.safetyWarnings"),
          value: <span lang={warningsLang}>{info.warnings}</span>,
        }
      : null,
    info.care ? { label: t("product.safetyCare"), value: info.care } : null,
  ].filter((row) => row !== null);
  return (
    <details id="product-safety" className={BOX}>
      <summary className={SUMMARY}>{t("product.safety")}</summary>
      <dl className="px-4 pb-4 text-stone-700">
        {rows.map((row) => (
          <Fragment key={row.label}>
            <dt className={TERM}>{row.label}</dt>
            <dd className="mt-0.5 whitespace-pre-line">{row.value}</dd>
          </Fragment>
        ))}
      </dl>
    </details>
  );
}
