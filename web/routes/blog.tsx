import { Link } from "react-router";
import { formatDate, translate } from "../../domain/i18n";
import type { BlogArticle } from "../../domain/types";
import { blogCardImage } from "../components/content/blog-image";
import { useLang, useT } from "../lib/i18n";
import { blogArticlePath } from "../lib/paths";
import { rootFromMatches, seoMeta } from "../lib/seo";
import { CONTAINER } from "../lib/site";
import type { Route } from "./+types/blog";

// /blog (SPEC §2 Blog): heading, intro, one card per article (picture, date, title link).

export async function loader({ context }: Route.LoaderArgs) {
  const articles: BlogArticle[] = await context.services.content.listBlogArticles();
  // the list needs no article bodies
  return {
    articles: articles.map(({ _id, slug, title, createdAt, image }) => ({
      _id,
      slug,
      title,
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
  const lang = useLang();
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
              <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white transition-shadow hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:-outline-offset-2 has-[a:focus-visible]:outline-accent-600">
                <div className="aspect-[3/2] overflow-hidden bg-stone-100">
                  <img
                    src={blogCardImage(article.image)}
                    alt=""
                    width={600}
                    height={400}
                    loading={index < 3 ? "eager" : "lazy"}
                    decoding="async"
                    className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
                  />
                </div>
                <div className="flex flex-1 flex-col gap-2 p-4">
                  <time dateTime={article.createdAt} className="text-sm text-stone-600">
                    {formatDate(lang, article.createdAt)}
                  </time>
                  <h2 className="font-serif text-xl font-semibold text-stone-900">
                    <Link
                      to={blogArticlePath(article)}
                      className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
                    >
                      {article.title}
                    </Link>
                  </h2>
                  <span
                    aria-hidden="true"
                    className="mt-auto text-sm font-medium text-accent-700 group-hover:underline"
                  >
                    {t("blog.readMore")}
                  </span>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
