import { useLoaderData } from "react-router";
import { formatDateTime, type MessageKey } from "../../../domain/i18n";
import { pageNumberSchema } from "../../../domain/validation/pagination";
import { EmailText } from "../../components/email-text";
import { FilterButtons, FilterForm, FilterSelect } from "../../components/staff/filter-fields";
import { HeaderCells } from "../../components/staff/header-cells";
import { Pager } from "../../components/staff/orders/pager";
import { useLang, useT } from "../../lib/i18n";
import { requireStaffAdmin } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS } from "../../lib/staff-paths";
import type { Route } from "./+types/audit";

// /konto/sklep/dziennik (admins): the staff audit log, newest first: when, who, what, which record
// and a compact before → after of the changed keys. Filters by user and by entity (the values that
// occur in the log) live in the URL (?kto=&obiekt=&strona=).

const PAGE_SIZE = 50;

/** The log table's columns. */
const COLUMNS: readonly MessageKey[] = [
  "staff.audit.when",
  "staff.audit.who",
  "staff.audit.action",
  "staff.audit.entity",
  "staff.audit.changes",
];

export function meta({ matches }: Route.MetaArgs) {
  return staffMeta(matches, "staff.segment.dziennik");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaffAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const actor = params.get("kto") ?? "";
  const entity = (params.get("obiekt") ?? "").slice(0, 40);
  const actorId = /^\d{1,9}$/.test(actor) ? Number(actor) : undefined;
  const [log, facets] = await Promise.all([
    context.services.audit.list({
      actorId,
      entity: entity || undefined,
      page: pageNumberSchema.parse(params.get("strona") ?? undefined),
      pageSize: PAGE_SIZE,
    }),
    context.services.audit.facets(),
  ]);
  return { log, facets, values: { kto: actorId ? String(actorId) : "", obiekt: entity } };
}

type Json = unknown;

function show(value: Json): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/** The keys whose values differ between before and after (every key for a create or delete). */
export function changedEntries(before: Json, after: Json): { key: string; before: string; after: string }[] {
  const asObject = (value: Json): Record<string, Json> | null =>
    value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, Json>) : null;
  const b = asObject(before);
  const a = asObject(after);
  if (!b && !a) return before === after ? [] : [{ key: "", before: show(before), after: show(after) }];
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return keys
    .filter((key) => JSON.stringify(b?.[key]) !== JSON.stringify(a?.[key]))
    .map((key) => ({ key, before: b ? show(b[key]) : "", after: a ? show(a[key]) : "" }));
}

function Changes({ before, after }: { before: Json; after: Json }) {
  const t = useT();
  const entries = changedEntries(before, after);
  return (
    <ul className="space-y-0.5">
      {entries.map((entry) => (
        <li key={entry.key} className="break-words">
          {entry.key ? <span className="font-medium text-stone-900">{entry.key}: </span> : null}
          {before === null ? (
            <span className="text-emerald-800">
              {entry.after} <span className="text-stone-500">({t("staff.audit.created")})</span>
            </span>
          ) : after === null ? (
            <span className="text-red-800 line-through">{entry.before}</span>
          ) : (
            <>
              <span className="text-red-800">{entry.before}</span> →{" "}
              <span className="text-emerald-800">{entry.after}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

export default function StaffAudit() {
  const t = useT();
  const lang = useLang();
  const { log, facets, values } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
        {t("staff.segment.dziennik")}
      </h1>
      <FilterForm
        values={values}
        className="mt-4 grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <FilterSelect id="audit-actor" name="kto" label="staff.audit.user" all="staff.audit.allUsers">
          {facets.actors
            .filter((actor) => actor.actorId !== null)
            .map((actor) => (
              <option key={`${actor.actorId}-${actor.actorEmail}`} value={String(actor.actorId)}>
                {actor.actorEmail}
              </option>
            ))}
        </FilterSelect>
        <FilterSelect
          id="audit-entity"
          name="obiekt"
          label="staff.audit.entity"
          all="staff.audit.allEntities"
        >
          {facets.entities.map((entity) => (
            <option key={entity} value={entity}>
              {entity}
            </option>
          ))}
        </FilterSelect>
        <FilterButtons clearTo={STAFF_SECTIONS.audit} />
      </FilterForm>
      <p className="mt-4 text-sm text-stone-600">{t("staff.shell.results", { count: log.total })}</p>
      {log.items.length === 0 ? (
        <p className="mt-3 rounded-2xl bg-white p-6 text-center text-stone-700 shadow-sm ring-1 ring-stone-200">
          {t("staff.empty")}
        </p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead>
              <tr className="border-b border-stone-200 text-stone-600">
                <HeaderCells columns={COLUMNS} className="p-3 font-medium" />
              </tr>
            </thead>
            <tbody>
              {log.items.map((item) => (
                <tr key={item._id} className="border-b border-stone-100 align-top">
                  <td className="p-3 whitespace-nowrap">
                    <time dateTime={item.createdAt}>{formatDateTime(lang, item.createdAt)}</time>
                  </td>
                  <td className="p-3 wrap-anywhere">
                    <EmailText email={item.actorEmail} />
                  </td>
                  <td className="p-3 font-mono text-xs">{item.action}</td>
                  <td className="p-3 whitespace-nowrap">
                    {item.entity}
                    {item.entityId ? ` #${item.entityId}` : ""}
                  </td>
                  <td className="p-3">
                    <Changes before={item.before} after={item.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={log.page} pageSize={log.pageSize} total={log.total} />
    </div>
  );
}
