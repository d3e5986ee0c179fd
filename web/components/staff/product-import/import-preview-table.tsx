import type { MessageKey } from "../../../../domain/i18n";
import type { ImportLine, ImportPreview } from "../../../../server/web-door";
import { useT } from "../../../lib/i18n";
import { ScrollTable } from "../scroll-table";

// The dry run of a product import: the counts, then the lines that would create, change or are in
// error (the first ones; unchanged lines only counted). A line's errors name its column (the file's
// header name) and the form's message.

const SHOWN_LINES = 300;
const COLUMNS = [
  "staff.productImport.line",
  "staff.productImport.product",
  "staff.productImport.what",
] as const satisfies readonly MessageKey[];

function LineDetail({ line }: { line: ImportLine }) {
  const t = useT();
  if (line.action === "change")
    return <>{t("staff.productImport.changedColumns", { columns: line.changed.join(", ") })}</>;
  if (line.action !== "error") return null;
  return (
    <ul className="list-disc pl-4">
      {line.errors.map((problem) => (
        <li key={`${problem.column}-${problem.error.key}`}>
          {problem.column ? <span className="font-mono">{problem.column}</span> : null}
          {problem.column ? ": " : null}
          {t(problem.error.key, problem.error.params)}
        </li>
      ))}
    </ul>
  );
}

export function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  const t = useT();
  const shown = preview.lines.filter((line) => line.action !== "unchanged").slice(0, SHOWN_LINES);
  return (
    <div className="mt-4">
      <p role="status" className="text-sm text-stone-800">
        {t("staff.productImport.counts", preview.counts)}
      </p>
      {preview.counts.error > 0 ? (
        <p className="mt-1 text-sm text-red-800">{t("staff.productImport.hasErrors")}</p>
      ) : null}
      {shown.length > 0 ? (
        <ScrollTable columns={COLUMNS} height="max-h-[32rem]">
          {shown.map((line) => (
            <tr key={line.line} className={line.action === "error" ? "bg-red-50" : undefined}>
              <td className="p-2 tabular-nums">{line.line}</td>
              <th scope="row" className="p-2 font-medium">
                <span className="block break-words">{line.title || "—"}</span>
                <span className="block font-mono text-xs text-stone-600">{line.sku || "—"}</span>
              </th>
              <td className="p-2">
                <span className="font-semibold">{t(`staff.productImport.action.${line.action}`)}</span>
                <div className="mt-1 text-stone-700">
                  <LineDetail line={line} />
                </div>
              </td>
            </tr>
          ))}
        </ScrollTable>
      ) : null}
    </div>
  );
}
