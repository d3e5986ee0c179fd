import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import type { ImportApplied, ImportPreview } from "../../../server/web-door";
import { ImportPreviewTable } from "../../components/staff/product-import/import-preview-table";
import { LabelledField } from "../../components/staff/staff-fields";
import { useT } from "../../lib/i18n";
import { requireStaff } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS } from "../../lib/staff-paths";
import type { Route } from "./+types/products-import";

// /konto/sklep/produkty/import: the product file (docs/decisions/077) — the export as CSV or XLSX,
// the upload of an edited file, its dry run (per line: created, changed with its columns, unchanged,
// or its errors) and "Zastosuj", which sends the same file with the preview's fingerprint: all
// products or none. The browser calls the API (/api/staff/products/…) with the session cookie.

export function meta({ matches }: Route.MetaArgs) {
  return staffMeta(matches, "staff.segment.import");
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request);
  return null;
}

type Answer<T> = { ok: true; value: T } | { ok: false; messageKey: string };

async function send<T>(step: "preview" | "apply", file: File, fingerprint?: string): Promise<Answer<T>> {
  const body = new FormData();
  if (fingerprint) body.append("fingerprint", fingerprint);
  body.append("file", file);
  try {
    const response = await fetch(`/api/staff/products/import/${step}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { accept: "application/json" },
      body,
    });
    const json = await response.json().catch(() => null);
    if (response.ok) return { ok: true, value: json as T };
    return {
      ok: false,
      messageKey: (json as { messageKey?: string } | null)?.messageKey ?? "errors.generic",
    };
  } catch {
    return { ok: false, messageKey: "errors.generic" };
  }
}

const BUTTON =
  "inline-flex min-h-11 items-center rounded-full px-5 font-semibold ring-1 ring-stone-300 hover:bg-stone-50";
const PRIMARY =
  "inline-flex min-h-11 items-center rounded-full bg-stone-800 px-5 font-semibold text-white disabled:opacity-60";

function Section({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function StaffProductsImport() {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [applied, setApplied] = useState<ImportApplied | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run<T>(step: "preview" | "apply", done: (value: T) => void) {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    const answer = await send<T>(step, file, step === "apply" ? preview?.fingerprint : undefined);
    setBusy(false);
    if (answer.ok) done(answer.value);
    else setFailure(answer.messageKey);
  }

  const canApply =
    preview !== null && preview.counts.error === 0 && preview.counts.create + preview.counts.change > 0;
  return (
    <div>
      <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
        {t("staff.productImport.title")}
      </h1>
      <p className="mt-2 max-w-prose text-sm text-stone-600">{t("staff.productImport.hint")}</p>
      <p className="mt-2">
        <Link to={STAFF_SECTIONS.products} className="text-sm font-medium underline underline-offset-2">
          {t("staff.productImport.back")}
        </Link>
      </p>

      <Section id="products-export" title={t("staff.productImport.export")} className="mt-6">
        <div className="mt-3 flex flex-wrap gap-3">
          <a href="/api/staff/products/export.csv" download className={BUTTON}>
            {t("staff.productImport.exportCsv")}
          </a>
          <a href="/api/staff/products/export.xlsx" download className={BUTTON}>
            {t("staff.productImport.exportXlsx")}
          </a>
        </div>
      </Section>

      <Section id="products-import" title={t("staff.productImport.import")} className="mt-8">
        <form
          className="mt-3 flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            setApplied(null);
            void run<ImportPreview>("preview", setPreview);
          }}
        >
          <LabelledField id="products-import-file" label={t("staff.productImport.file")}>
            <input
              id="products-import-file"
              name="file"
              type="file"
              required
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="block max-w-full text-sm"
              onChange={(event) => {
                setFile(event.currentTarget.files?.[0] ?? null);
                setPreview(null);
                setApplied(null);
              }}
            />
          </LabelledField>
          <button type="submit" disabled={busy || !file} className={PRIMARY}>
            {t("staff.productImport.preview")}
          </button>
        </form>

        {failure ? (
          <p
            role="alert"
            className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
          >
            {t(failure as Parameters<typeof t>[0])}
          </p>
        ) : null}
        {applied ? (
          <p role="status" className="mt-4 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm">
            {t("staff.productImport.applied", { created: applied.created, changed: applied.changed })}
          </p>
        ) : null}
        {preview && !applied ? (
          <>
            <ImportPreviewTable preview={preview} />
            <button
              type="button"
              disabled={busy || !canApply}
              className={`${PRIMARY} mt-4`}
              onClick={() => void run<ImportApplied>("apply", setApplied)}
            >
              {t("staff.productImport.apply")}
            </button>
          </>
        ) : null}
      </Section>
    </div>
  );
}
