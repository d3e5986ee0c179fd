import { useLoaderData } from "react-router";
import { formatDate } from "../../../domain/i18n";
import { listParams, RecordActions, StaffList } from "../../components/staff/content/staff-ui";
import { useLang, useT } from "../../lib/i18n";
import { deleteFromList, requireStaff } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS, staffAddPath } from "../../lib/staff-paths";
import type { Route } from "./+types/pages";

// /konto/sklep/strony: the static pages (search, paging), with edit, "dodaj podobny" and delete —
// neither of the last two for a protected page.

export function meta({ matches: routeMatches }: Route.MetaArgs) {
  return staffMeta(routeMatches, "staff.segment.strony");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request);
  const query = listParams(request);
  return { ...(await context.services.pageAdmin.search(query)), search: query.search };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireStaff(context, request);
  return deleteFromList(
    await request.formData(),
    STAFF_SECTIONS.pages,
    (id) => context.services.pageAdmin.remove(user, id),
    { type: "success", key: "success.pageRemoved" },
  );
}

export default function StaffPages() {
  const t = useT();
  const lang = useLang();
  const { items, page, pages, search } = useLoaderData<typeof loader>();
  return (
    <StaffList
      title={t("staff.segment.strony")}
      add={{ to: staffAddPath("pages"), label: t("staff.content.addPage") }}
      searchLabel={t("staff.content.searchPages")}
      search={search}
      items={items}
      page={page}
      pages={pages}
      row={(item) => (
        <>
          <div className="min-w-0">
            <p className="font-semibold text-stone-900">
              {item.title}
              {item.protected ? (
                <span className="ml-2 rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-700">
                  {t("staff.content.protected")}
                </span>
              ) : null}
            </p>
            <p className="text-sm break-all text-stone-700">
              <a href={`/${item.link}`} className="underline hover:text-accent-700">
                /{item.link}
              </a>{" "}
              · {t("page.updated")} {formatDate(lang, item.updatedAt)}
            </p>
          </div>
          <RecordActions
            section="pages"
            id={item._id}
            name={item.title}
            copyLabel={item.protected ? undefined : "page.addSimilar"}
            deletable={!item.protected}
          />
        </>
      )}
    />
  );
}
