import { Form, useLoaderData, useNavigation } from "react-router";
import { formatDateTime } from "../../../domain/i18n";
import { parseIdFromParam } from "../../../domain/slug";
import { ConfirmedPostForm } from "../../components/staff/confirmed-delete";
import { errorMessageKey } from "../../lib/auth.server";
import { redirectWithFlash } from "../../lib/flash.server";
import { useLang, useT } from "../../lib/i18n";
import { requireStaff } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS } from "../../lib/staff-paths";
import type { Route } from "./+types/trash";

// /konto/sklep/kosz: the trash (docs/decisions/076). Deleted products, pages and blog articles,
// newest first, each with the day it goes for good, "Przywróć" (back where it was; a page whose
// link another page took meanwhile is refused with a message) and "Usuń na zawsze" (confirmed).
// Plain forms: works without JavaScript (the confirmation is then skipped, as on the other lists).

const KINDS = ["product", "page", "blog"] as const;
type Kind = (typeof KINDS)[number];

export function meta({ matches }: Route.MetaArgs) {
  return staffMeta(matches, "staff.segment.kosz");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request);
  return { entries: await context.services.trash.list() };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireStaff(context, request);
  const form = await request.formData();
  const id = parseIdFromParam(String(form.get("id") ?? ""));
  const kind = KINDS.find((known) => known === form.get("kind"));
  const intent = form.get("intent");
  if (id === null || kind === undefined || (intent !== "restore" && intent !== "purge"))
    return redirectWithFlash(STAFF_SECTIONS.trash, { type: "error", key: "errors.formContainsErrors" });
  const { trash } = context.services;
  const result =
    intent === "restore" ? await trash.restore(user, kind, id) : await trash.purge(user, kind, id);
  if (!result.ok)
    return redirectWithFlash(STAFF_SECTIONS.trash, {
      type: "error",
      key: errorMessageKey(result.code),
      params: result.details?.params as Record<string, string> | undefined,
    });
  return redirectWithFlash(STAFF_SECTIONS.trash, {
    type: "success",
    key: intent === "restore" ? "staff.trash.restored" : "staff.trash.purged",
  });
}

const KIND_KEYS = {
  product: "staff.trash.kind.product",
  page: "staff.trash.kind.page",
  blog: "staff.trash.kind.blog",
} as const satisfies Record<Kind, string>;

const BUTTON =
  "inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-accent-600 disabled:opacity-60";

export default function StaffTrash() {
  const t = useT();
  const lang = useLang();
  const { entries } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <div>
      <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
        {t("staff.segment.kosz")}
      </h1>
      <p className="mt-2 text-sm text-stone-700">{t("staff.trash.intro")}</p>
      {entries.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-6 text-center text-stone-700 shadow-sm ring-1 ring-stone-200">
          {t("staff.trash.empty")}
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-stone-200 rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
          {entries.map((entry) => {
            const name = `${t(KIND_KEYS[entry.kind])} „${entry.title}”`;
            const fields = (
              <>
                <input type="hidden" name="kind" value={entry.kind} />
                <input type="hidden" name="id" value={entry._id} />
              </>
            );
            return (
              <li
                key={`${entry.kind}-${entry._id}`}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="break-words font-semibold text-stone-900">
                    <span className="mr-2 rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-800">
                      {t(KIND_KEYS[entry.kind])}
                    </span>
                    {entry.title}
                  </p>
                  <p className="mt-1 break-words text-xs text-stone-600">
                    /{entry.label} · {t("staff.trash.deletedAt")}: {formatDateTime(lang, entry.deletedAt)} ·{" "}
                    {t("staff.trash.purgeAt")}: {formatDateTime(lang, entry.purgeAt)}
                  </p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  <Form method="post">
                    {fields}
                    <button
                      type="submit"
                      name="intent"
                      value="restore"
                      disabled={busy}
                      aria-label={`${t("staff.trash.restore")}: ${name}`}
                      className={`${BUTTON} bg-accent-600 text-white hover:bg-accent-700`}
                    >
                      {t("staff.trash.restore")}
                    </button>
                  </Form>
                  <ConfirmedPostForm question={t("staff.trash.purgeQuestion", { title: entry.title })}>
                    {fields}
                    <button
                      type="submit"
                      name="intent"
                      value="purge"
                      disabled={busy}
                      aria-label={`${t("staff.trash.purge")}: ${name}`}
                      className={`${BUTTON} bg-white text-red-800 ring-1 ring-red-300 hover:bg-red-50`}
                    >
                      {t("staff.trash.purge")}
                    </button>
                  </ConfirmedPostForm>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
