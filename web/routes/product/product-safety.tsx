import { contactHref, type SafetyInfo, type SafetyParty } from "../../../domain/gpsr";
import { useT } from "../../lib/i18n";
import "../../lib/product-texts";

// "Bezpieczeństwo produktu" (GPSR, Regulation (EU) 2023/988 art. 19; docs/decisions/073): the
// manufacturer, the responsible person in the EU, the identifier, the warnings and the care
// instructions, before the add-to-cart button. A <details>: closed, one line; open, it needs no
// script, so the server renders it and its code loads after the page's first load
// (web/lib/lazy-in-browser.ts).

function Party({ party }: { party: SafetyParty }) {
  const href = contactHref(party.contact);
  return (
    <>
      <span className="block font-medium text-stone-900">{party.name}</span>
      {party.address ? <span className="block whitespace-pre-line">{party.address}</span> : null}
      {party.contact ? (
        <span className="block break-words">
          {href ? (
            <a href={href} className="text-accent-700 underline underline-offset-2">
              {party.contact}
            </a>
          ) : (
            party.contact
          )}
        </span>
      ) : null}
    </>
  );
}

export function ProductSafety({ info }: { info: SafetyInfo }) {
  const t = useT();
  const rows = [
    { label: t("product.safetyManufacturer"), value: <Party party={info.manufacturer} /> },
    info.euResponsible
      ? { label: t("product.safetyEuResponsible"), value: <Party party={info.euResponsible} /> }
      : null,
    info.identifier ? { label: t("product.safetyIdentifier"), value: info.identifier } : null,
    info.warnings
      ? {
          label: t("product.safetyWarnings"),
          value: (
            <span lang="pl" className="whitespace-pre-line">
              {info.warnings}
            </span>
          ),
        }
      : null,
    info.care
      ? { label: t("product.safetyCare"), value: <span className="whitespace-pre-line">{info.care}</span> }
      : null,
  ].filter((row) => row !== null);
  return (
    <details
      id="product-safety"
      className="group rounded-2xl border border-stone-200 bg-white text-sm sm:text-base"
    >
      <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-2xl px-4 py-2.5 font-semibold text-stone-900 focus-visible:outline-2 focus-visible:outline-accent-600">
        {t("product.safety")}
        <span aria-hidden="true" className="text-stone-500 transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <dl className="grid gap-3 px-4 pb-4 text-stone-700">
        {rows.map((row) => (
          <div key={row.label}>
            <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">{row.label}</dt>
            <dd className="mt-0.5">{row.value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
