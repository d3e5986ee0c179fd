import { Form, useLoaderData, useNavigation } from "react-router";
import { formatDateTime } from "../../../domain/i18n";
import { parseIdFromParam } from "../../../domain/slug";
import { listParams, Paging } from "../../components/staff/content/staff-ui";
import { errorMessageKey } from "../../lib/auth.server";
import { redirectWithFlash } from "../../lib/flash.server";
import { useLang, useT } from "../../lib/i18n";
import { requireStaffAdmin } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS } from "../../lib/staff-paths";
import type { Route } from "./+types/jobs";

// /konto/sklep/zadania (admins): the background jobs (docs/decisions/050). First the dead letter —
// jobs that failed every attempt (an e-mail the mail server kept refusing, …) — each with its last
// error and "Ponów", which queues it again with fresh attempts, 20 a page (?strona=, paged in the
// database like the other staff lists); then the latest 50 other jobs.

/** how many of the latest other jobs the page shows (done jobs are pruned after a while) */
const RECENT_JOBS = 50;

export function meta({ matches }: Route.MetaArgs) {
  return staffMeta(matches, "staff.segment.zadania");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaffAdmin(context, request);
  const { jobs } = context.services;
  const [failed, recent] = await Promise.all([
    jobs.failedPage(listParams(request).page),
    jobs.recent(RECENT_JOBS),
  ]);
  return { failed: failed.items, page: failed.page, pages: failed.pages, total: failed.total, recent };
}

export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireStaffAdmin(context, request);
  const form = await request.formData();
  const id = parseIdFromParam(String(form.get("id") ?? ""));
  if (id === null)
    return redirectWithFlash(STAFF_SECTIONS.jobs, { type: "error", key: "errors.formContainsErrors" });
  const result = await context.services.jobs.retry(admin, id);
  if (!result.ok)
    return redirectWithFlash(STAFF_SECTIONS.jobs, {
      type: "error",
      key: errorMessageKey(result.code),
      errorPrefix: true,
    });
  return redirectWithFlash(STAFF_SECTIONS.jobs, { type: "success", key: "staff.jobs.retried" });
}

type Job = Awaited<ReturnType<typeof loader>>["failed"][number];

const KNOWN_KINDS = new Set([
  "mail.deliver",
  "orders.expire-unpaid",
  "gallery.backfill-variants",
  "jobs.prune-done",
  "refunds.send",
  "refunds.poll",
  "shipments.track",
  "shipments.sync-statuses",
  "ksef.prepare",
  "ksef.send",
  "ksef.poll",
  "ksef.upo",
  "ksef.invoice-email",
  "trash.purge-expired",
  "catalog.back-in-stock",
  "catalog.back-in-stock-sweep",
]);

function JobFacts({ job }: { job: Job }) {
  const t = useT();
  const lang = useLang();
  return (
    <div className="min-w-0">
      <p className="font-semibold text-stone-900">
        {KNOWN_KINDS.has(job.kind) ? t(`staff.jobs.kind.${job.kind}`) : job.kind}{" "}
        <span className="font-normal text-stone-600">#{job._id}</span>
      </p>
      <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-stone-600">
        <span className="rounded-full bg-stone-100 px-2 py-0.5 font-semibold text-stone-800">
          {t(`staff.jobs.status.${job.status}`)}
        </span>
        <span>{t("staff.jobs.attempts", { attempts: job.attempts, max: job.maxAttempts })}</span>
        <span>
          {t("staff.jobs.updatedAt")}: {formatDateTime(lang, job.updatedAt)}
        </span>
        {job.status === "queued" ? (
          <span>
            {t("staff.jobs.runAt")}: {formatDateTime(lang, job.runAt)}
          </span>
        ) : null}
      </p>
      {job.lastError ? (
        <p className="mt-1 break-words text-sm text-red-900">
          {t("staff.jobs.lastError")}: <code className="font-mono text-xs">{job.lastError}</code>
        </p>
      ) : null}
    </div>
  );
}

export default function StaffJobs() {
  const t = useT();
  const { failed, page, pages, total, recent } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <div>
      <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
        {t("staff.segment.zadania")}
      </h1>
      <p className="mt-2 text-sm text-stone-700">{t("staff.jobs.intro")}</p>
      <section aria-labelledby="jobs-failed" className="mt-6">
        <h2 id="jobs-failed" className="text-lg font-semibold text-stone-900">
          {t("staff.jobs.failedTitle")} ({total})
        </h2>
        {failed.length === 0 ? (
          <p className="mt-3 rounded-2xl bg-white p-6 text-center text-stone-700 shadow-sm ring-1 ring-stone-200">
            {t("staff.jobs.noFailed")}
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-red-200 rounded-2xl bg-red-50 shadow-sm ring-1 ring-red-300">
            {failed.map((job) => (
              <li
                key={job._id}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <JobFacts job={job} />
                <Form method="post" className="shrink-0">
                  <input type="hidden" name="id" value={job._id} />
                  <button
                    type="submit"
                    disabled={busy}
                    aria-label={`${t("staff.jobs.retry")}: ${
                      KNOWN_KINDS.has(job.kind) ? t(`staff.jobs.kind.${job.kind}`) : job.kind
                    } #${job._id}`}
                    className="inline-flex min-h-10 items-center rounded-full bg-accent-600 px-4 text-sm font-semibold text-white hover:bg-accent-700 disabled:opacity-60"
                  >
                    {t("staff.jobs.retry")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Paging page={page} pages={pages} search="" />
      </section>
      <section aria-labelledby="jobs-recent" className="mt-8">
        <h2 id="jobs-recent" className="text-lg font-semibold text-stone-900">
          {t("staff.jobs.recentTitle")}
        </h2>
        {recent.length === 0 ? (
          <p className="mt-3 text-stone-700">{t("staff.empty")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-stone-200 rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
            {recent.map((job) => (
              <li key={job._id} className="p-4">
                <JobFacts job={job} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
