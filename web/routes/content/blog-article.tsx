import { data, redirect } from "react-router";
import { pathInLanguage, textLang } from "../../../domain/content-language";
import { formatDate, translate } from "../../../domain/i18n";
import { isShopModerator } from "../../../domain/roles";
import { htmlToText } from "../../../domain/seo";
import { parseIdFromParam } from "../../../domain/slug";
import { HtmlContent } from "../../components/html-content";
import { ModeratorLinks } from "../../components/moderator-links";
import { RouteErrorView } from "../../components/not-found";
import { loadRelatedProducts } from "../../components/related.server";
import { ResponsiveImage } from "../../components/responsive-image";
import { useContentLang, useLang, useT } from "../../lib/i18n";
import { lazyInBrowser } from "../../lib/lazy-in-browser";
import { pageTitle } from "../../lib/meta";
import { blogArticlePath } from "../../lib/paths";
import { absoluteUrl, type JsonLd, rootFromMatches, seoMeta } from "../../lib/seo";
import { CONTAINER, SHOP_NAME } from "../../lib/site";
import type { Route } from "./+types/blog-article";
import "../../lib/content-texts";

// the related products' carousel is below the content: its code loads while the rest hydrates
// (the server renders it in place, web/lib/lazy-in-browser.ts)
const RelatedProducts = lazyInBrowser(
  () => import("../../components/related-products"),
  (m) => m.RelatedProducts,
);

// /blog/{id}-{slug} (SPEC §2 Blog): the id is the part before the first dash; any other slug answers
// 301 with the canonical address; a missing article is a 404 "Dany artykuł nie istnieje".

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseIdFromParam(params.idSlug);
  if (id === null) throw data(null, { status: 404 });
  const { content, catalog } = context.services;
  const shown = await content.showBlogArticle(id, context.lang);
  if (!shown) throw data(null, { status: 404 });
  const { article, slugs } = shown;
  // either language's slug is the article's address (as a product's, docs/decisions/078)
  if (params.idSlug !== `${article._id}-${slugs.pl}` && params.idSlug !== `${article._id}-${slugs.en}`) {
    throw redirect(`${blogArticlePath(article)}${new URL(request.url).search}`, 301);
  }
  const related = article.hasSlides ? await loadRelatedProducts(catalog, article.slides, context.lang) : [];
  return { article, slugs, related, moderator: isShopModerator(context.user) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = rootFromMatches(matches);
  if (!loaderData) {
    return [
      { title: pageTitle(translate(root.lang, "blog.notFound")) },
      { name: "robots", content: "noindex" },
    ];
  }
  const { article, slugs } = loaderData;
  const path = blogArticlePath(article);
  const url = absoluteUrl(root.publicUrl, pathInLanguage(path, root.lang));
  const organization = { "@type": "Organization", name: SHOP_NAME, url: absoluteUrl(root.publicUrl, "/") };
  const posting: JsonLd = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: article.title,
    datePublished: article.createdAt,
    url,
    mainEntityOfPage: url,
    description: htmlToText(article.content).slice(0, 300),
    ...(article.image ? { image: absoluteUrl(root.publicUrl, article.image.url) } : {}),
    ...(article.tags.length > 0 ? { keywords: article.tags.join(", ") } : {}),
    author: organization,
    publisher: organization,
    inLanguage: textLang(article, "content") ?? root.lang,
  };
  return seoMeta({
    root,
    title: article.title,
    description: article.content,
    path,
    alternates: {
      pl: blogArticlePath({ _id: article._id, slug: slugs.pl }),
      en: blogArticlePath({ _id: article._id, slug: slugs.en }),
    },
    image: article.image?.url ?? null,
    type: "article",
    jsonLd: [posting],
  });
}

export default function BlogArticleScreen({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const contentLang = useContentLang();
  const lang = useLang();
  const { article, related, moderator } = loaderData;
  return (
    <div className={`${CONTAINER} py-8`}>
      <article className="mx-auto max-w-3xl">
        <header>
          {moderator ? (
            <div className="mb-4">
              <ModeratorLinks
                links={[
                  { to: `/konto/sklep/blog/dodaj?kopiuj=${article._id}`, label: t("blog.addSimilar") },
                  { to: `/konto/sklep/blog/edytuj/${article._id}`, label: t("blog.edit") },
                ]}
              />
            </div>
          ) : null}
          <h1
            lang={textLang(article, "title")}
            className="font-serif text-3xl font-semibold text-stone-900 sm:text-4xl"
          >
            {article.title}
          </h1>
          <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-stone-600">
            <time dateTime={article.createdAt}>{formatDate(lang, article.createdAt)}</time>
            {article.tags.length > 0 ? (
              <ul aria-label={t("blog.tags")} className="flex flex-wrap gap-2">
                {article.tags.map((tag) => (
                  <li
                    key={tag}
                    lang={contentLang}
                    className="rounded-full bg-stone-100 px-2.5 py-0.5 text-stone-700"
                  >
                    #{tag}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </header>
        <hr className="my-6 border-stone-200" />
        {article.image ? (
          <ResponsiveImage
            src={article.image.url}
            // the max-w-3xl article
            sizes="(min-width: 816px) 768px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)"
            alt=""
            width={1200}
            height={675}
            // the post's LCP picture
            priority
            className="mb-8 aspect-video w-full rounded-2xl object-cover"
          />
        ) : null}
        <HtmlContent html={article.content} lang={textLang(article, "content")} className="text-lg" />
      </article>
      {article.hasSlides ? (
        <RelatedProducts
          title={article.slidesTitle || t("blog.relatedProducts")}
          contentTitle={article.slidesTitle !== ""}
          description={article.slidesDescription}
          products={related}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorView notFoundKey="blog.notFound" />;
}
