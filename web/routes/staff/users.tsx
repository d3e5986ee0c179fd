import { data, Form, Link, useLoaderData, useNavigation } from "react-router";
import { formatDate } from "../../../domain/i18n";
import { parseIdFromParam } from "../../../domain/slug";
import { ERROR_CODES } from "../../../server/web-door";
import { EmailText } from "../../components/email-text";
import { ConfirmedDelete } from "../../components/staff/confirmed-delete";
import { listParams, Paging } from "../../components/staff/content/staff-ui";
import { FilterForm, FilterInput } from "../../components/staff/filter-fields";
import { PRIMARY_BUTTON } from "../../components/staff/orders/pager";
import { USERS_PATH } from "../../lib/account-paths";
import { errorMessageKey } from "../../lib/auth.server";
import { redirectWithFlash } from "../../lib/flash.server";
import { useLang, useT } from "../../lib/i18n";
import { requireStaffAdmin } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { staffAccountCustomerPath, staffEditPath } from "../../lib/staff-paths";
import type { Route } from "./+types/users";

// /konto/sklep/uzytkownicy (admins only, enforced here and by the service): every account with
// its roles and status, searched and paged in the database (?szukaj= name or e-mail, ?strona=); approve an account that has not
// confirmed its e-mail, edit one (roles, data), delete one (its orders are kept).

export function meta({ matches }: Route.MetaArgs) {
  return staffMeta(matches, "staff.segment.uzytkownicy");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const admin = requireStaffAdmin(context, request);
  const { search, page } = listParams(request);
  const result = await context.services.accounts.searchUsers(admin, { search, page });
  if (!result.ok) throw data(null, { status: ERROR_CODES[result.code].status });
  const { items: users, pages } = result.value;
  return { users, page: result.value.page, pages, selfId: admin._id, search: search.slice(0, 100) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireStaffAdmin(context, request);
  const form = await request.formData();
  const id = parseIdFromParam(String(form.get("id") ?? ""));
  const intent = form.get("intent");
  if (id === null || (intent !== "approve" && intent !== "delete")) {
    return redirectWithFlash(USERS_PATH, { type: "error", key: "errors.formContainsErrors" });
  }
  const result =
    intent === "approve"
      ? await context.services.accounts.confirmUser(admin, id)
      : await context.services.accounts.deleteUser(admin, id);
  if (!result.ok) {
    return redirectWithFlash(USERS_PATH, {
      type: "error",
      key: errorMessageKey(result.code),
      errorPrefix: true,
    });
  }
  return redirectWithFlash(USERS_PATH, {
    type: "success",
    key: intent === "approve" ? "success.userApproved" : "success.userDeleted",
  });
}

const BUTTON =
  "inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold disabled:opacity-60";

export default function StaffUsers() {
  const t = useT();
  const lang = useLang();
  const { users, page, pages, selfId, search } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <div>
      <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
        {t("staff.segment.uzytkownicy")}
      </h1>
      <FilterForm
        values={{ szukaj: search }}
        role="search"
        aria-label={t("staff.filters")}
        className="mt-4 flex flex-wrap items-end gap-2"
      >
        <FilterInput
          id="users-search"
          name="szukaj"
          type="search"
          label="staff.users.search"
          maxLength={100}
          className="min-w-0 flex-1 basis-60"
        />
        <button type="submit" className={PRIMARY_BUTTON}>
          {t("common.search")}
        </button>
      </FilterForm>
      {users.length === 0 ? (
        <p className="mt-6 text-stone-700">{t("staff.empty")}</p>
      ) : (
        <ul className="mt-6 divide-y divide-stone-200 rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
          {users.map((user) => (
            <li
              key={user._id}
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-semibold text-stone-900">{user.displayName}</p>
                <p className="text-sm wrap-anywhere text-stone-700">
                  <EmailText email={user.email} />
                </p>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-stone-600">
                  <span
                    className={`rounded-full px-2 py-0.5 font-semibold ${
                      user.approved ? "bg-emerald-100 text-emerald-800" : "bg-red-100 text-red-800"
                    }`}
                  >
                    {user.approved ? t("staff.approved") : t("staff.notApproved")}
                  </span>
                  <span>
                    {t("staff.roles")}: {user.roles.map((role) => t(`staff.role.${role}`)).join(", ")}
                  </span>
                  <span>
                    {t("account.createdAt")}: {formatDate(lang, user.createdAt)}
                  </span>
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <Link
                  to={staffAccountCustomerPath(user._id)}
                  aria-label={`${t("staff.users.ordersLink")}: ${user.email}`}
                  className={`${BUTTON} ring-1 ring-stone-300 text-stone-800 hover:bg-stone-50`}
                >
                  {t("staff.users.ordersLink")}
                </Link>
                <Link
                  to={staffEditPath("users", user._id)}
                  aria-label={`${t("staff.edit")}: ${user.email}`}
                  className={`${BUTTON} ring-1 ring-stone-300 text-stone-800 hover:bg-stone-50`}
                >
                  {t("staff.edit")}
                </Link>
                {user.approved ? null : (
                  <Form method="post">
                    <input type="hidden" name="id" value={user._id} />
                    <button
                      type="submit"
                      name="intent"
                      value="approve"
                      disabled={busy}
                      aria-label={`${t("staff.approve")}: ${user.email}`}
                      className={`${BUTTON} bg-accent-600 text-white hover:bg-accent-700`}
                    >
                      {t("staff.approve")}
                    </button>
                  </Form>
                )}
                {user._id === selfId ? null : (
                  <ConfirmedDelete
                    id={user._id}
                    question={`${t("staff.confirmDelete", { name: user.email })} ${t("staff.users.deleteNote")}`}
                    label={`${t("staff.delete")}: ${user.email}`}
                    className={`${BUTTON} text-red-800 ring-1 ring-red-300 hover:bg-red-50`}
                    disabled={busy}
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Paging page={page} pages={pages} search={search} />
    </div>
  );
}
