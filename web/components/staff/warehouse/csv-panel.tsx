import { Form } from "react-router";
import type { StockCsvError } from "../../../../domain/warehouse";
import { useT } from "../../../lib/i18n";
import { STAFF_SECTIONS } from "../../../lib/staff-paths";
import { FormAlert } from "../../form-field";
import { LabelledField } from "../staff-fields";

// Stock CSV: the export link (a resource route, a plain download) and the import form (a file
// upload; every line is checked, a refused file lists its bad lines and changes nothing).

export function CsvPanel({
  errors,
  missingFile,
  submitting,
}: {
  errors?: StockCsvError[];
  missingFile?: boolean;
  submitting: boolean;
}) {
  const t = useT();
  return (
    <section
      aria-labelledby="warehouse-csv"
      className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <h2 id="warehouse-csv" className="text-lg font-semibold text-stone-900">
        {t("staff.warehouse.csvSection")}
      </h2>
      <p id="warehouse-csv-hint" className="mt-1 text-sm text-stone-600">
        {t("staff.warehouse.csvHint")}
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-4">
        <a
          href={`${STAFF_SECTIONS.warehouse}/csv`}
          download
          className="inline-flex min-h-11 items-center rounded-full px-5 font-semibold ring-1 ring-stone-300 hover:bg-stone-50"
        >
          {t("staff.warehouse.exportCsv")}
        </a>
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
          <LabelledField id="warehouse-csv-file" label={t("staff.warehouse.csv")}>
            <input
              id="warehouse-csv-file"
              name="csv"
              type="file"
              accept=".csv,text/csv"
              aria-describedby="warehouse-csv-hint"
              aria-invalid={missingFile || undefined}
              className="block max-w-full text-sm"
            />
          </LabelledField>
          <button
            type="submit"
            name="intent"
            value="import"
            disabled={submitting}
            className="inline-flex min-h-11 items-center rounded-full bg-stone-800 px-5 font-semibold text-white disabled:opacity-60"
          >
            {t("staff.warehouse.importCsv")}
          </button>
        </Form>
      </div>
      {missingFile ? (
        <div className="mt-4">
          <FormAlert message={t("staff.warehouse.csvMissing")} />
        </div>
      ) : null}
      {errors && errors.length > 0 ? (
        <div
          role="alert"
          className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          <p className="font-semibold">{t("staff.warehouse.csvRefused")}</p>
          <ul className="mt-2 list-disc pl-5">
            {errors.map((error) => (
              <li key={`${error.line}-${error.problem}`}>
                {t("staff.warehouse.csvLine", {
                  line: error.line,
                  problem: t(`staff.warehouse.csvProblem.${error.problem}`),
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
