import type { CasePhoto } from "../../../server/web-door";
import { useT } from "../../lib/i18n";
import "../../lib/after-sale-texts";

// The photos a complaint came with, on the returns desk's case page (issue 27): thumbnails, each a
// link to the full picture. Both are served by GET /api/after-sale/cases/{id}/photos/{photoId}, which
// only staff and the case's own customer may read (the files are private, never under /media).

export function CasePhotos({ photos }: { photos: readonly CasePhoto[] }) {
  const t = useT();
  return (
    <ul className="flex flex-wrap gap-3">
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <a
            href={photo.url}
            target="_blank"
            rel="noopener noreferrer"
            className="block overflow-hidden rounded-lg ring-1 ring-stone-200 hover:ring-accent-600 focus-visible:ring-2 focus-visible:ring-accent-600"
          >
            <img
              src={photo.thumbUrl}
              alt={t("afterSale.desk.photo", { number: index + 1 })}
              loading="lazy"
              className="size-32 object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
