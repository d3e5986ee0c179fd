import { data } from "react-router";
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
// else a real 404 "Szukana strona nie istnieje". Throwing from the loader (rather than matching no
// route) lets the root loader run, so the error page has the shop's shell and language.

export async function loader({ params, context }: Route.LoaderArgs) {
  const link = (params["*"] ?? "").replace(/\/+$/, "");
  const page = link ? await context.services.content.getPageByLink(link) : null;
  if (!page) throw data(null, { status: 404 });
  return { page, moderator: isShopModerator(context.user) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = rootFromMatches(matches);
  if (!loaderData) {
    return [
      { title: pageTitle(translate(root.lang, "page.notFound")) },
      { name: "robots", content: "noindex" },
    ];
  }
  const { page } = loaderData;
  return seoMeta({
    root,
    title: page.title,
    description: page.content,
    path: `/${page.link}`,
    image: page.image,
  });
}

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  const { page, moderator } = loaderData;
  return (
    <div className={`${CONTAINER} py-8`}>
      <article className="mx-auto max-w-3xl">
        <PageHeader page={page} moderator={moderator} />
        <HtmlContent html={page.content} className="mt-6" />
      </article>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorView notFoundKey="page.notFound" />;
}
