import { useLoaderData } from "react-router";
import { formatDate } from "../../../domain/i18n";
import { blogPath } from "../../../domain/slug";
import { CONTENT_LISTS } from "../../components/staff/content/content-lists";
import { StaffList } from "../../components/staff/content/staff-ui";
import { useLang } from "../../lib/i18n";
import { staffMeta } from "../../lib/staff-meta";
import type { Route } from "./+types/blog";
import { deleteListedAction, searchedListLoader } from "./list-route.server";

// /konto/sklep/blog: the articles, newest first (search by title or tag, paging), with edit,
// "dodaj podobny" and delete.

export function meta({ matches }: Route.MetaArgs) {
  return staffMeta(matches, CONTENT_LISTS.blog.title);
}

export const loader = searchedListLoader((services, query) => services.blogAdmin.search(query));

export const action = deleteListedAction("blog", (services, user, id) => services.blogAdmin.remove(user, id));

export default function StaffBlog() {
  const lang = useLang();
  return (
    <StaffList
      section="blog"
      list={useLoaderData<typeof loader>()}
      name={(article) => article.title}
      actions={() => ({ copyLabel: "blog.addSimilar" })}
      details={(article) => (
        <>
          <p className="font-semibold text-stone-900">
            <a href={blogPath(article._id, article.title)} className="hover:text-accent-700 hover:underline">
              {article.title}
            </a>
          </p>
          <p className="text-sm text-stone-700">
            {formatDate(lang, article.createdAt)}
            {article.tags.length > 0 ? ` · ${article.tags.map((tag) => `#${tag}`).join(" ")}` : ""}
          </p>
        </>
      )}
    />
  );
}
