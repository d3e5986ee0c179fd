import { useT } from "../../../lib/i18n";
import type { UploadItem } from "../../../lib/upload";

// One row per uploading file: a progress bar while it is sent, then "Przesłano" or its error.
// The list is a polite live region, so screen readers hear each outcome.

export function UploadProgressList({ items }: { items: readonly UploadItem[] }) {
  const t = useT();
  if (items.length === 0) return null;
  const done = items.filter((item) => item.status === "done").length;
  const finished = items.every((item) => item.status === "done" || item.status === "error");
  return (
    <div className="mt-3" aria-live="polite">
      <ul className="space-y-2">
        {items.map((item) => (
          <li key={item.id} className="rounded-lg bg-stone-50 p-2 text-sm ring-1 ring-stone-200">
            <div className="flex items-center justify-between gap-2">
              <span className="min-w-0 truncate font-medium text-stone-900">{item.name}</span>
              <span
                className={`shrink-0 ${item.status === "error" ? "text-red-700" : item.status === "done" ? "text-emerald-700" : "text-stone-600"}`}
              >
                {item.status === "done"
                  ? t("success.imageUploaded")
                  : item.status === "error"
                    ? ""
                    : `${Math.round(item.progress * 100)}%`}
              </span>
            </div>
            {item.status === "error" && item.error ? (
              <p role="alert" className="mt-1 font-medium text-red-700">
                {t(item.error.key, item.error.params)}
              </p>
            ) : (
              <progress
                max={100}
                value={Math.round(item.progress * 100)}
                aria-label={t("staff.gallery.uploadProgress", { name: item.name })}
                className="mt-1 h-2 w-full overflow-hidden rounded-full accent-accent-600"
              />
            )}
          </li>
        ))}
      </ul>
      {finished ? (
        <p className="mt-2 text-sm font-medium text-stone-800">
          {t("staff.gallery.uploadFinished", { count: done, total: items.length })}
        </p>
      ) : null}
    </div>
  );
}
