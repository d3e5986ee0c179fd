import { useLoaderData } from "react-router";
import { formatDate } from "../../../domain/i18n";
import { blogPath } from "../../../domain/slug";
import { listParams, RecordActions, StaffList } from "../../components/staff/content/staff-ui";
import { useLang, useT } from "../../lib/i18n";
import { deleteFromList, requireStaff } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS, staffAddPath } from "../../lib/staff-paths";
import type { Route } from "./+types/blog";

// /konto/sklep/blog: the articles, newest first (search by title or tag, paging), with edit,
// "dodaj podobny" and delete.

export function meta({ matches: routeMatches }: Route.MetaArgs) {
  return staffMeta(routeMatches, "staff.segment.blog");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request);
  const query = listParams(request);
  return { ...(await context.services.blogAdmin.search(query)), search: query.search };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireStaff(context, request);
  return deleteFromList(
    await request.formData(),
    STAFF_SECTIONS.blog,
    (id) => context.services.blogAdmin.remove(user, id),
    { type: "success", key: "success.blogRemoved" },
  );
}

export default function StaffBlog() {
  const t = useT();
  const lang = useLang();
  const { items, page, pages, search } = useLoaderData<typeof loader>();
  return (
    <StaffList
      title={t("staff.segment.blog")}
      add={{ to: staffAddPath("blog"), label: t("staff.content.addArticle") }}
      searchLabel={t("staff.content.searchArticles")}
      search={search}
      items={items}
      page={page}
      pages={pages}
      row={(item) => (
        <>
          <div className="min-w-0">
            <p className="font-semibold text-stone-900">
              <a href={blogPath(item._id, item.title)} className="hover:text-accent-700 hover:underline">
                {item.title}
              </a>
            </p>
            <p className="text-sm text-stone-700">
              {formatDate(lang, item.createdAt)}
              {item.tags.length > 0 ? ` · ${item.tags.map((tag) => `#${tag}`).join(" ")}` : ""}
            </p>
          </div>
          <RecordActions section="blog" id={item._id} name={item.title} copyLabel="blog.addSimilar" />
        </>
      )}
    />
  );
}
