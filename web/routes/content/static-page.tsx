import { data } from "react-router";
import { textLang } from "../../../domain/content-language";
import { translate } from "../../../domain/i18n";
import { isShopModerator } from "../../../domain/roles";
import { HtmlContent } from "../../components/html-content";
import { RouteErrorView } from "../../components/not-found";
import { pageTitle } from "../../lib/meta";
import { rootFromMatches, seoMeta } from "../../lib/seo";
import { CONTAINER } from "../../lib/site";
import type { Route } from "./+types/static-page";
import { PageHeader } from "./page-header";
import "../../lib/content-texts";

// Every other address (SPEC §2 catch-all /{link}): the static page whose link equals the path
// (/o-nas, /regulamin, /polityka-prywatnosci, /wysylka-i-platnosci, /dev-info, /dev-info-en, …),
// or whose English link it is (docs/decisions/078), else a real 404 "Szukana strona nie istnieje". Throwing from the loader (rather than matching no
// route) lets the root loader run, so the error page has the shop's shell and language.

export async function loader({ params, context }: Route.LoaderArgs) {
  const link = (params["*"] ?? "").replace(/\/+$/, "");
  const shown = link ? await context.services.content.showPage(link, context.lang) : null;
  if (!shown) throw data(null, { status: 404 });
  return { page: shown.page, links: shown.links, moderator: isShopModerator(context.user) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = rootFromMatches(matches);
  if (!loaderData) {
    return [
      { title: pageTitle(translate(root.lang, "page.notFound")) },
      { name: "robots", content: "noindex" },
    ];
  }
  const { page, links } = loaderData;
  return seoMeta({
    root,
    title: page.title,
    description: page.content,
    path: `/${page.link}`,
    alternates: { pl: `/${links.pl}`, en: `/${links.en}` },
    image: page.image,
  });
}

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  const { page, moderator } = loaderData;
  return (
    <div className={`${CONTAINER} py-8`}>
      <article className="mx-auto max-w-3xl">
        <PageHeader page={page} moderator={moderator} />
        <HtmlContent html={page.content} lang={textLang(page, "content")} className="mt-6" />
      </article>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorView notFoundKey="page.notFound" />;
}
