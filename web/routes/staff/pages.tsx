import { useLoaderData } from "react-router";
import { formatDate } from "../../../domain/i18n";
import { CONTENT_LISTS } from "../../components/staff/content/content-lists";
import { StaffList } from "../../components/staff/content/staff-ui";
import { useLang, useT } from "../../lib/i18n";
import { staffMeta } from "../../lib/staff-meta";
import type { Route } from "./+types/pages";
import { deleteListedAction, searchedListLoader } from "./list-route.server";

// /konto/sklep/strony: the static pages (search, paging), with edit, "dodaj podobny" and delete —
// neither of the last two for a protected page.

export function meta({ matches }: Route.MetaArgs) {
  return staffMeta(matches, CONTENT_LISTS.pages.title);
}

export const loader = searchedListLoader((services, query) => services.pageAdmin.search(query));

export const action = deleteListedAction("pages", (services, user, id) =>
  services.pageAdmin.remove(user, id),
);

export default function StaffPages() {
  const t = useT();
  const lang = useLang();
  return (
    <StaffList
      section="pages"
      list={useLoaderData<typeof loader>()}
      name={(page) => page.title}
      actions={(page) => ({
        copyLabel: page.protected ? undefined : "page.addSimilar",
        deletable: !page.protected,
      })}
      details={(page) => (
        <>
          <p className="font-semibold text-stone-900">
            {page.title}
            {page.protected ? (
              <span className="ml-2 rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-700">
                {t("staff.content.protected")}
              </span>
            ) : null}
          </p>
          <p className="text-sm break-all text-stone-700">
            <a href={`/${page.link}`} className="underline hover:text-accent-700">
              /{page.link}
            </a>{" "}
            · {t("page.updated")} {formatDate(lang, page.updatedAt)}
          </p>
        </>
      )}
    />
  );
}
