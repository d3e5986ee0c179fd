import { useState } from "react";
import { type Lang, LOCALES } from "../../../../domain/i18n";
import type { GalleryImage } from "../../../../server/web-door";
import { useLang, useT } from "../../../lib/i18n";
import { ConfirmedDelete } from "../confirmed-delete";

// One image of the gallery screen: thumbnail (a link to the full image), name, size, dimensions,
// "copy URL" and delete (after a confirmation; the server refuses an image in use, naming where).

export function formatBytes(lang: Lang, bytes: number | null): string {
  if (bytes === null) return "—";
  const number = new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 1 });
  return bytes >= 1024 * 1024
    ? `${number.format(bytes / 1024 / 1024)} MB`
    : `${number.format(bytes / 1024)} KB`;
}

const BUTTON =
  "inline-flex min-h-10 items-center justify-center rounded-full px-3 text-sm font-semibold disabled:opacity-60";

export function ImageCard({ image, busy }: { image: GalleryImage; busy: boolean }) {
  const t = useT();
  const lang = useLang();
  const [copied, setCopied] = useState(false);

  async function copyUrl() {
    const absolute = new URL(image.url, window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(absolute);
    } catch {
      window.prompt(t("staff.gallery.copyUrl"), absolute);
    }
    setCopied(true);
    window.setTimeout(() => setCopied(false), 2500);
  }

  return (
    <li className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
      <a href={image.url} target="_blank" rel="noreferrer" className="block aspect-square bg-stone-100">
        <img
          src={image.thumb_url}
          alt={image.name}
          loading="lazy"
          width={300}
          height={300}
          className="size-full object-contain"
        />
      </a>
      <div className="flex flex-1 flex-col gap-1 p-3 text-xs text-stone-700">
        <p className="break-all text-sm font-semibold text-stone-900">{image.name}</p>
        <p>
          {t("staff.gallery.size")}: {formatBytes(lang, image.sizeBytes)}
        </p>
        <p>
          {t("staff.gallery.dimensions")}:{" "}
          {image.width && image.height ? `${image.width} × ${image.height} px` : "—"}
        </p>
        <p className="truncate text-stone-500">{image.folder}</p>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <button
            type="button"
            onClick={copyUrl}
            aria-label={t("staff.gallery.copyUrlOf", { name: image.name })}
            className={`${BUTTON} ring-1 ring-stone-300 hover:bg-stone-50`}
          >
            {t("staff.gallery.copyUrl")}
          </button>
          <ConfirmedDelete
            id={image._id}
            question={t("staff.confirmDelete", { name: image.name })}
            label={t("staff.gallery.deleteOf", { name: image.name })}
            className={`${BUTTON} text-red-800 ring-1 ring-red-300 hover:bg-red-50`}
            disabled={busy}
          />
        </div>
        <p aria-live="polite" className="min-h-4 text-emerald-700">
          {copied ? t("staff.gallery.copied") : ""}
        </p>
      </div>
    </li>
  );
}
