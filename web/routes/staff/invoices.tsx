import { Form, useLoaderData, useNavigation } from "react-router";
import { formatDate, type MessageKey } from "../../../domain/i18n";
import { KSEF_LIST_STATES, type KsefListState } from "../../../domain/ksef-state";
import { formatPrice } from "../../../domain/money";
import { parseIdFromParam } from "../../../domain/slug";
import { invoiceDocumentKindSchema, staffInvoicesQuerySchema } from "../../../domain/validation/ksef";
import { LIST, Paging, StaffHeading } from "../../components/staff/content/staff-ui";
import {
  FilterButtons,
  FilterForm,
  FilterInput,
  FilterSelect,
  TEXT_LINK,
} from "../../components/staff/filter-fields";
import { errorMessageKey } from "../../lib/auth.server";
import { redirectWithFlash } from "../../lib/flash.server";
import { useLang, useT } from "../../lib/i18n";
import { requireStaff } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS } from "../../lib/staff-paths";
import type { Route } from "./+types/invoices";

// /konto/sklep/faktury (shop staff, issue 28, docs/decisions/068): every invoice and correcting
// invoice, newest first, with its KSeF state in words ("nie dotyczy", "wysyłana", "wysłana: {numer}",
// "odrzucona: {powód}"), filtered by state (?stan=) and month (?miesiac=), paged in the database
// (?strona=); the PDF, the XML as sent and the UPO to download; "Wyślij ponownie" for a refused one;
// the month's export for the accountant (CSV, ZIP of the XML files).

export function meta({ matches }: Route.MetaArgs) {
  return staffMeta(matches, "staff.segment.faktury");
}

/** This month as "YYYY-MM" in the shop's time (the export's default). */
function thisMonth(): string {
  return new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Warsaw" }).slice(0, 7);
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request);
  const params = new URL(request.url).searchParams;
  const parsed = staffInvoicesQuerySchema.safeParse({
    state: params.get("stan") || undefined,
    month: params.get("miesiac") || undefined,
    page: params.get("strona") ?? 1,
  });
  const query = parsed.success ? parsed.data : { page: 1 };
  const list = await context.services.ksef.list(query);
  return {
    ...list,
    state: query.state ?? "",
    month: query.month ?? "",
    exportMonth: query.month ?? thisMonth(),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireStaff(context, request);
  const form = await request.formData();
  const back = String(form.get("back") ?? "");
  const to = back.startsWith(`${STAFF_SECTIONS.invoices}?`) ? back : STAFF_SECTIONS.invoices;
  const kind = invoiceDocumentKindSchema.safeParse(form.get("kind"));
  const id = parseIdFromParam(String(form.get("id") ?? ""));
  if (!kind.success || id === null) {
    return redirectWithFlash(to, { type: "error", key: "errors.formContainsErrors" });
  }
  const result = await context.services.ksef.resend(user, kind.data, id);
  if (!result.ok) {
    return redirectWithFlash(to, { type: "error", key: errorMessageKey(result.code), errorPrefix: true });
  }
  return redirectWithFlash(to, { type: "success", key: "staff.invoices.resent" });
}

type Row = Awaited<ReturnType<typeof loader>>["items"][number];

const STATE_KEYS: Readonly<Record<KsefListState, MessageKey>> = {
  none: "staff.invoices.state.none",
  waiting: "staff.invoices.state.waiting",
  sent: "staff.invoices.state.sent",
  refused: "staff.invoices.state.refused",
};

const STATE_COLOURS: Readonly<Record<KsefListState, string>> = {
  none: "bg-stone-100 text-stone-800",
  waiting: "bg-amber-100 text-amber-900",
  sent: "bg-green-100 text-green-900",
  refused: "bg-red-100 text-red-900",
};

/** The KSeF state in words: "wysłana: {numer}", "odrzucona: {powód}". */
function KsefState({ row }: { row: Row }) {
  const t = useT();
  const { state, ksefNumber, errorCode, errorMessage } = row.ksef;
  const words =
    state === "sent"
      ? t("staff.invoices.state.sentWith", { number: ksefNumber ?? "" })
      : state === "refused"
        ? t("staff.invoices.state.refusedWith", {
            reason: [errorCode, errorMessage].filter((part) => part !== null).join(" "),
          })
        : t(STATE_KEYS[state]);
  const retrying =
    state === "waiting" && errorMessage ? t("staff.invoices.retrying", { error: errorMessage }) : null;
  return (
    <>
      <span
        data-testid="ksef-state"
        className={`inline-block max-w-full break-words rounded-lg px-2 py-0.5 text-xs font-semibold ${STATE_COLOURS[state]}`}
      >
        {words}
      </span>
      {retrying ? <span className="block break-words text-xs text-stone-600">{retrying}</span> : null}
    </>
  );
}

function pdfPath(row: Row): string {
  return row.kind === "invoice"
    ? `/api/orders/${encodeURIComponent(row.orderNumber)}/invoice`
    : `/api/after-sale/corrections/${row._id}/pdf`;
}

function Downloads({ row }: { row: Row }) {
  const t = useT();
  const base = `/api/staff/invoices/${row.kind}/${row._id}`;
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1">
      <a href={pdfPath(row)} className={TEXT_LINK} aria-label={`PDF ${row.number}`}>
        PDF
      </a>
      {row.ksef.hasXml ? (
        <a href={`${base}/xml`} className={TEXT_LINK} aria-label={`XML ${row.number}`} download>
          XML
        </a>
      ) : null}
      {row.ksef.hasUpo ? (
        <a href={`${base}/upo`} className={TEXT_LINK} aria-label={`UPO ${row.number}`} download>
          {t("staff.invoices.upo")}
        </a>
      ) : null}
    </p>
  );
}

function InvoiceRow({ row, back, busy }: { row: Row; back: string; busy: boolean }) {
  const t = useT();
  const lang = useLang();
  return (
    <li className="flex flex-col gap-2 p-4 lg:flex-row lg:items-center lg:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-semibold text-stone-900">
          {row.number}{" "}
          <span className="font-normal text-stone-600">
            {t(row.kind === "invoice" ? "staff.invoices.kind.invoice" : "staff.invoices.kind.correcting")} ·{" "}
            {formatDate(lang, row.issuedAt)}
          </span>
        </p>
        <p className="break-words text-sm text-stone-700">
          {row.buyer}
          {row.nip ? ` · NIP ${row.nip}` : ""} · <strong>{formatPrice(row.grossGrosze)}</strong>
        </p>
        <KsefState row={row} />
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-3">
        <Downloads row={row} />
        {row.ksef.state === "refused" ? (
          <Form method="post">
            <input type="hidden" name="kind" value={row.kind} />
            <input type="hidden" name="id" value={row._id} />
            <input type="hidden" name="back" value={back} />
            <button
              type="submit"
              disabled={busy}
              aria-label={`${t("staff.invoices.resend")}: ${row.number}`}
              className="inline-flex min-h-10 items-center rounded-full bg-accent-600 px-4 text-sm font-semibold text-white hover:bg-accent-700 disabled:opacity-60"
            >
              {t("staff.invoices.resend")}
            </button>
          </Form>
        ) : null}
      </div>
    </li>
  );
}

export default function StaffInvoices() {
  const t = useT();
  const { items, page, pages, total, state, month, exportMonth } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  const filters = { ...(state ? { stan: state } : {}), ...(month ? { miesiac: month } : {}) };
  const back = `${STAFF_SECTIONS.invoices}?${new URLSearchParams({ ...filters, strona: String(page) })}`;
  return (
    <div>
      <StaffHeading title={t("staff.segment.faktury")} />
      <p className="mt-2 text-sm text-stone-700">{t("staff.invoices.intro")}</p>
      <FilterForm
        values={{ stan: state, miesiac: month }}
        className="mt-4 flex flex-wrap items-end gap-3"
        aria-label={t("staff.invoices.filters")}
      >
        <FilterSelect
          id="invoices-state"
          name="stan"
          label="staff.invoices.stateLabel"
          all="staff.invoices.allStates"
          options={KSEF_LIST_STATES.map((value) => [value, STATE_KEYS[value]] as const)}
        />
        <FilterInput id="invoices-month" name="miesiac" type="month" label="staff.invoices.month" />
        <FilterButtons clearTo={STAFF_SECTIONS.invoices} />
      </FilterForm>
      <section
        aria-labelledby="invoices-export"
        className="mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
      >
        <h2 id="invoices-export" className="font-semibold text-stone-900">
          {t("staff.invoices.exportTitle", { month: exportMonth })}
        </h2>
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
          <a href={`/api/staff/invoices/export/${exportMonth}/csv`} className={TEXT_LINK} download>
            {t("staff.invoices.exportCsv")}
          </a>
          <a href={`/api/staff/invoices/export/${exportMonth}/zip`} className={TEXT_LINK} download>
            {t("staff.invoices.exportZip")}
          </a>
        </p>
      </section>
      <p className="mt-4 text-sm text-stone-700">{t("staff.invoices.count", { total })}</p>
      {items.length === 0 ? (
        <p className="mt-6 text-stone-700">{t("staff.invoices.empty")}</p>
      ) : (
        <ul className={LIST}>
          {items.map((row) => (
            <InvoiceRow key={`${row.kind}-${row._id}`} row={row} back={back} busy={busy} />
          ))}
        </ul>
      )}
      <Paging page={page} pages={pages} search="" filters={filters} />
    </div>
  );
}
