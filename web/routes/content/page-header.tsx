import { textLang } from "../../../domain/content-language";
import { formatDate } from "../../../domain/i18n";
import type { Page } from "../../../domain/types";
import { ModeratorLinks } from "../../components/moderator-links";
import { ResponsiveImage } from "../../components/responsive-image";
import { useLang, useT } from "../../lib/i18n";
import "../../lib/content-texts";

/**
 * Title, "Zaktualizowano" date, moderator links (edytuj; dodaj podobny only for pages that are not
 * protected) and picture of a static page (SPEC §2), on the catch-all pages and on /kontakt.
 */
export function PageHeader({ page, moderator }: { page: Page; moderator: boolean }) {
  const t = useT();
  const lang = useLang();
  const links = [
    { to: `/konto/sklep/strony/edytuj/${page._id}`, label: t("page.edit") },
    ...(page.protected
      ? []
      : [{ to: `/konto/sklep/strony/dodaj?kopiuj=${page._id}`, label: t("page.addSimilar") }]),
  ];
  return (
    <header>
      {moderator ? (
        <div className="mb-4">
          <ModeratorLinks links={links} />
        </div>
      ) : null}
      <h1
        lang={textLang(page, "title")}
        className="font-serif text-3xl font-semibold text-stone-900 sm:text-4xl"
      >
        {page.title}
      </h1>
      <p className="mt-2 text-sm text-stone-600">
        {t("page.updated")} <time dateTime={page.updatedAt}>{formatDate(lang, page.updatedAt)}</time>
      </p>
      {page.image ? (
        <ResponsiveImage
          src={page.image}
          // the max-w-3xl article (/kontakt: the wider column, close to it)
          sizes="(min-width: 816px) 768px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)"
          alt=""
          width={1200}
          height={675}
          // the page's main picture, under its title
          priority
          className="mt-6 aspect-video w-full rounded-2xl object-cover"
        />
      ) : null}
    </header>
  );
}
