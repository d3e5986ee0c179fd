import { Link } from "react-router";
import { textLang } from "../../../domain/content-language";
import { formatDate } from "../../../domain/i18n";
import type { BlogArticle } from "../../../domain/types";
import { ResponsiveImage } from "../../components/responsive-image";
import { useLang, useT } from "../../lib/i18n";
import { blogArticlePath } from "../../lib/paths";
import { blogCardImage } from "./blog-image";

export type BlogCardData = Pick<BlogArticle, "_id" | "slug" | "title" | "polish" | "createdAt" | "image">;

/**
 * The card's width on /blog (2 columns from 640 px, 3 from 1024 px) and on the home page (3 from
 * 768 px; the wider /blog figure is kept there), in the 1340 px container.
 */
const BLOG_CARD_SIZES =
  "(min-width: 1340px) 415px, (min-width: 1024px) calc((100vw - 96px) / 3), (min-width: 640px) calc((100vw - 72px) / 2), calc(100vw - 32px)";

/**
 * One blog entry as a card (SPEC §2 Blog list): picture (the default one when none, the
 * thumbnail when the image isNew), date, title linking to the article; the whole card is the link.
 */
export function BlogCard({
  article,
  headingLevel,
  eager = false,
}: {
  article: BlogCardData;
  headingLevel: "h2" | "h3";
  eager?: boolean;
}) {
  const t = useT();
  const lang = useLang();
  const Heading = headingLevel;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white transition-shadow hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:-outline-offset-2 has-[a:focus-visible]:outline-accent-600">
      <div className="aspect-[3/2] overflow-hidden bg-stone-100">
        <ResponsiveImage
          src={blogCardImage(article.image)}
          sizes={BLOG_CARD_SIZES}
          alt=""
          width={600}
          height={400}
          eager={eager}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <time dateTime={article.createdAt} className="text-sm text-stone-600">
          {formatDate(lang, article.createdAt)}
        </time>
        <Heading
          className={`font-serif font-semibold text-stone-900 ${headingLevel === "h2" ? "text-xl" : "text-lg"}`}
        >
          <Link
            lang={textLang(article, "title")}
            to={blogArticlePath(article)}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {article.title}
          </Link>
        </Heading>
        <span
          aria-hidden="true"
          className="mt-auto text-sm font-medium text-accent-700 group-hover:underline"
        >
          {t("blog.readMore")}
        </span>
      </div>
    </article>
  );
}
