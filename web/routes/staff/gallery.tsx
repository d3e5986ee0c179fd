import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { isMessageKey, type MessageKey, translate } from "../../../domain/i18n";
import type { FieldError } from "../../../domain/validation/errors";
import { galleryFolderFormSchema, MAX_FILES_PER_UPLOAD } from "../../../domain/validation/gallery";
import type { ImageUsage, UploadFile, UploadOutcome } from "../../../server/web-door";
import { ERROR_CODES } from "../../../server/web-door";
import { TextField } from "../../components/form-field";
import { FolderTree } from "../../components/staff/gallery/folder-tree";
import { ImageCard } from "../../components/staff/gallery/image-card";
import { UploadForm } from "../../components/staff/gallery/upload-form";
import { UploadProgressList } from "../../components/staff/gallery/upload-progress";
import { redirectWithFlash } from "../../lib/flash.server";
import { useT } from "../../lib/i18n";
import { requireStaff } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS } from "../../lib/staff-paths";
import type { UploadItem } from "../../lib/upload";
import { useFormValidation } from "../../lib/use-form-validation";
import type { Route } from "./+types/gallery";

// /konto/sklep/galeria: the media gallery. Folder tree (alphabetical, nested by '/'), "new folder"
// (a name to upload into: the folder exists once it holds an image), upload of several images at
// once (progress per file with JavaScript; a plain multipart form without), the image grid with
// copy URL and delete (refused with the places that use the image). Every read and write goes
// through context.services.gallery, the same service as /api/gallery.

export function meta({ matches }: Route.MetaArgs) {
  return staffMeta(matches, "staff.segment.galeria");
}

function galleryUrl(params: { folder?: string | null; q?: string; page?: number }): string {
  const search = new URLSearchParams();
  if (params.folder) search.set("folder", params.folder);
  if (params.q) search.set("q", params.q);
  if (params.page && params.page > 1) search.set("strona", String(params.page));
  const query = search.toString();
  return query ? `${STAFF_SECTIONS.gallery}?${query}` : STAFF_SECTIONS.gallery;
}

function megabytes(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request);
  const url = new URL(request.url);
  const folderInput = (url.searchParams.get("folder") ?? "").trim();
  const q = (url.searchParams.get("q") ?? "").trim();
  const page = Math.max(Number.parseInt(url.searchParams.get("strona") ?? "1", 10) || 1, 1);
  const { gallery, config } = context.services;
  let folderError: FieldError | undefined;
  let result = await gallery.list({ folder: folderInput || undefined, q: q || undefined, page });
  if (!result.ok) {
    folderError = result.fields?.folder ?? { key: "validation.invalid" };
    result = await gallery.list({ q: q || undefined, page });
  }
  if (!result.ok) throw data(null, { status: 500 });
  const folder = folderError ? null : folderInput.normalize("NFC") || null;
  return {
    ...result.value,
    folder,
    folderInput,
    folderError,
    q,
    maxMb: megabytes(config.media.maxUploadBytes),
  };
}

type ActionAnswer =
  | { errors: Record<string, FieldError>; folder: string }
  | { results: UploadOutcome[]; error?: { key: string; params?: Record<string, string | number> } };

function flashKey(key: string): MessageKey {
  return isMessageKey(key) ? key : "errors.generic";
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireStaff(context, request);
  const { gallery, config } = context.services;
  const here = new URL(request.url);
  const back = `${here.pathname}${here.search}`;
  const maxMb = megabytes(config.media.maxUploadBytes);
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > config.media.maxUploadBytes * MAX_FILES_PER_UPLOAD + 1024 * 1024) {
    return redirectWithFlash(back, {
      type: "error",
      key: "errors.gallery/too-large",
      params: { max: maxMb },
    });
  }
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "delete") {
    const result = await gallery.remove(user, { image: String(form.get("id") ?? "") });
    if (result.ok) return redirectWithFlash(back, { type: "success", key: "success.imageRemoved" });
    if (result.code === "gallery/in-use") {
      const usedIn = (result.details?.usedIn ?? []) as ImageUsage[];
      const where = usedIn
        .map((use) => translate(context.lang, `staff.gallery.usedBy.${use.kind}`, { title: use.title }))
        .join(", ");
      return redirectWithFlash(back, { type: "error", key: "errors.gallery/in-use", params: { where } });
    }
    return redirectWithFlash(back, {
      type: "error",
      key: flashKey(ERROR_CODES[result.code].key),
      errorPrefix: true,
    });
  }

  if (intent === "upload") {
    const folder = String(form.get("folder") ?? "");
    const files: UploadFile[] = [];
    for (const entry of form.getAll("files").slice(0, MAX_FILES_PER_UPLOAD)) {
      if (!(entry instanceof File) || (entry.size === 0 && entry.name === "")) continue;
      files.push({ filename: entry.name, data: Buffer.from(await entry.arrayBuffer()) });
    }
    const result = await gallery.upload(user, { folder, files });
    if (!result.ok) {
      if (result.code === "validation") {
        return data<ActionAnswer>({ errors: result.fields ?? {}, folder }, { status: 400 });
      }
      if (result.code === "gallery/no-files") {
        return data<ActionAnswer>(
          { errors: { files: { key: "validation.required" } }, folder },
          { status: 400 },
        );
      }
      const params = result.details?.params as Record<string, string | number> | undefined;
      return data<ActionAnswer>(
        {
          results: (result.details?.results ?? []) as UploadOutcome[],
          error: { key: ERROR_CODES[result.code].key, ...(params ? { params } : {}) },
        },
        { status: ERROR_CODES[result.code].status },
      );
    }
    const target = galleryUrl({ folder: folder.trim().normalize("NFC") });
    if (result.value.results.every((outcome) => outcome.ok)) {
      return redirectWithFlash(target, { type: "success", key: "success.imageUploaded" });
    }
    return data<ActionAnswer>({ results: result.value.results });
  }

  return redirectWithFlash(back, { type: "error", key: "errors.formContainsErrors" });
}

/** Upload outcomes of the no-JavaScript form as the progress list's rows. */
function outcomeItems(results: readonly UploadOutcome[]): UploadItem[] {
  return results.map((outcome, index) =>
    outcome.ok
      ? { id: String(index), name: outcome.name, progress: 1, status: "done", image: outcome.image }
      : {
          id: String(index),
          name: outcome.name,
          progress: 0,
          status: "error",
          error: {
            key: ERROR_CODES[outcome.code].key,
            ...(outcome.params ? { params: outcome.params } : {}),
          },
        },
  );
}

function NewFolderForm({ defaultValue, serverError }: { defaultValue: string; serverError?: FieldError }) {
  const t = useT();
  const { errors, onSubmit, onChange } = useFormValidation(galleryFolderFormSchema, {
    serverErrors: serverError ? { folder: serverError } : undefined,
  });
  return (
    <Form method="get" noValidate onSubmit={onSubmit} onChange={onChange} className="mt-4 space-y-2">
      <h2 className="text-sm font-semibold text-stone-900">{t("staff.gallery.newFolder")}</h2>
      <TextField
        name="folder"
        label={t("staff.gallery.folderName")}
        hint={t("staff.gallery.newFolderHint")}
        defaultValue={defaultValue}
        error={errors.folder}
      />
      <button
        type="submit"
        className="inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold ring-1 ring-stone-300 hover:bg-stone-50"
      >
        {t("staff.gallery.openFolder")}
      </button>
    </Form>
  );
}

export default function StaffGallery() {
  const t = useT();
  const { images, total, page, pageSize, folders, folder, folderInput, folderError, q, maxMb } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionAnswer | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const pages = Math.max(Math.ceil(total / pageSize), 1);
  const uploadErrors = answer && "errors" in answer ? answer.errors : undefined;
  const uploadFolder = answer && "errors" in answer ? answer.folder : (folder ?? "");

  return (
    <div>
      <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
        {t("staff.segment.galeria")}
      </h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside className="self-start rounded-2xl bg-white p-3 shadow-sm ring-1 ring-stone-200">
          <h2 className="px-3 pb-2 text-sm font-semibold text-stone-900">{t("staff.gallery.folders")}</h2>
          <FolderTree folders={folders} current={folder} hrefOf={(f) => galleryUrl({ folder: f })} />
          <NewFolderForm defaultValue={folderError ? folderInput : ""} serverError={folderError} />
        </aside>

        <div className="min-w-0 space-y-6">
          <UploadForm folder={uploadFolder} maxMb={maxMb} errors={uploadErrors} pending={busy} />
          {answer && "results" in answer ? (
            <div>
              {answer.error ? (
                <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
                  {t(answer.error.key, answer.error.params)}
                </p>
              ) : null}
              <UploadProgressList items={outcomeItems(answer.results)} />
            </div>
          ) : null}

          <section aria-labelledby="gallery-images-title">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <div>
                <h2 id="gallery-images-title" className="text-lg font-semibold text-stone-900">
                  {folder ? t("staff.gallery.folderTitle", { folder }) : t("staff.gallery.allImages")}
                </h2>
                <p className="text-sm text-stone-600">{t("staff.gallery.count", { count: total })}</p>
              </div>
              <Form
                method="get"
                role="search"
                aria-label={t("staff.filters")}
                className="flex items-end gap-2"
              >
                {folder ? <input type="hidden" name="folder" value={folder} /> : null}
                <TextField
                  key={q}
                  name="q"
                  type="search"
                  label={t("staff.gallery.search")}
                  defaultValue={q}
                />
                <button
                  type="submit"
                  className="inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ring-1 ring-stone-300 hover:bg-stone-50"
                >
                  {t("common.search")}
                </button>
              </Form>
            </div>
            {images.length === 0 ? (
              <p className="mt-6 text-stone-700">{t("staff.empty")}</p>
            ) : (
              <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
                {images.map((image) => (
                  <ImageCard key={image._id} image={image} busy={busy} />
                ))}
              </ul>
            )}
            {pages > 1 ? (
              <nav
                aria-label={t("staff.gallery.page", { page, pages })}
                className="mt-4 flex items-center gap-3"
              >
                {page > 1 ? (
                  <Link
                    to={galleryUrl({ folder, q, page: page - 1 })}
                    className="inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold ring-1 ring-stone-300"
                  >
                    {t("common.previous")}
                  </Link>
                ) : null}
                <span className="text-sm text-stone-700">{t("staff.gallery.page", { page, pages })}</span>
                {page < pages ? (
                  <Link
                    to={galleryUrl({ folder, q, page: page + 1 })}
                    className="inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold ring-1 ring-stone-300"
                  >
                    {t("common.next")}
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </section>
        </div>
      </div>
    </div>
  );
}
