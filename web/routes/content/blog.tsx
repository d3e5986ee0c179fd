import { translate } from "../../../domain/i18n";
import type { BlogArticle } from "../../../domain/types";
import { useLang, useT } from "../../lib/i18n";
import { rootFromMatches, seoMeta } from "../../lib/seo";
import { CONTAINER } from "../../lib/site";
import type { Route } from "./+types/blog";
import { BlogCard } from "./blog-card";
import "../../lib/content-texts";

// /blog (SPEC §2 Blog): heading, intro, one card per article (picture, date, title link).

export async function loader({ context }: Route.LoaderArgs) {
  const articles: BlogArticle[] = await context.services.content.listBlogArticles({ lang: context.lang });
  // the list needs no article bodies
  return {
    articles: articles.map(({ _id, slug, title, polish, createdAt, image }) => ({
      _id,
      slug,
      title,
      ...(polish && { polish }),
      createdAt,
      image,
    })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const root = rootFromMatches(matches);
  return seoMeta({
    root,
    title: translate(root.lang, "blog.title"),
    description: translate(root.lang, "blog.intro"),
    path: "/blog",
  });
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const _lang = useLang();
  const { articles } = loaderData;
  return (
    <div className={`${CONTAINER} py-8`}>
      <h1 className="font-serif text-3xl font-semibold text-stone-900 sm:text-4xl">{t("blog.title")}</h1>
      <p className="mt-3 max-w-3xl text-lg text-stone-700">{t("blog.intro")}</p>
      {articles.length === 0 ? (
        <p className="mt-10 rounded-xl border border-dashed border-stone-300 p-10 text-center text-stone-600">
          {t("blog.empty")}
        </p>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {articles.map((article, index) => (
            <li key={article._id}>
              <BlogCard article={article} headingLevel="h2" eager={index < 3} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
