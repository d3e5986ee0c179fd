import { useEffect, useId, useRef, useState } from "react";
import type { ImageRef } from "../../../../domain/types";
import type { GalleryListing } from "../../../../server/web-door";
import { useT } from "../../../lib/i18n";
import { type UploadItem, uploadToGallery } from "../../../lib/upload";
import { CloseButton } from "../../close-button";
import { Spinner } from "../../form-field";
import { FolderTree } from "./folder-tree";
import { fetchGallery, imageRefOf } from "./gallery-api";
import { UploadProgressList } from "./upload-progress";

// The ImagePicker's dialog: a native <dialog> (modal, full screen on a phone) to browse gallery
// folders and tick images (one or several), or upload new ones into the shown folder (else the
// picker's upload folder) — uploaded images are ticked at once. "Gotowe" hands the choice back.
// Nothing inside has a `name`: the dialog sits inside the staff form and must post nothing itself.

export function PickerDialog({
  open,
  multiple,
  initial,
  uploadFolder,
  onDone,
  onClose,
}: {
  open: boolean;
  multiple: boolean;
  initial: readonly ImageRef[];
  uploadFolder: string;
  onDone: (chosen: ImageRef[]) => void;
  onClose: () => void;
}) {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const uploadId = useId();
  const [folder, setFolder] = useState<string | null>(uploadFolder || null);
  const [listing, setListing] = useState<GalleryListing | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<ImageRef[]>([...initial]);
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const [reload, setReload] = useState(0);

  // open/close the native dialog; a fresh choice each time it opens
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setChosen([...initial]);
      setUploads([]);
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, initial]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` asks for a fresh listing after an upload
  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    setLoadError(null);
    fetchGallery({ folder })
      .then((value) => live && setListing(value))
      .catch((error: Error) => live && setLoadError(error.message))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, folder, reload]);

  function toggle(ref: ImageRef, on: boolean) {
    if (!multiple) {
      setChosen(on ? [ref] : []);
      return;
    }
    setChosen((current) =>
      on ? [...current.filter((c) => c.url !== ref.url), ref] : current.filter((c) => c.url !== ref.url),
    );
  }

  const target = folder ?? uploadFolder;

  async function onFiles(files: File[]) {
    if (files.length === 0 || !target) return;
    const done = await uploadToGallery(multiple ? files : files.slice(0, 1), target, setUploads);
    const refs = done.flatMap((item) => (item.image ? [imageRefOf(item.image)] : []));
    if (refs.length > 0) setChosen((current) => (multiple ? [...current, ...refs] : refs.slice(0, 1)));
    if (folder !== target) setFolder(target);
    else setReload((n) => n + 1);
  }

  const isChosen = (url: string) => chosen.some((c) => c.url === url);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-white p-0 text-stone-800 backdrop:bg-stone-900/50 sm:m-auto sm:h-[min(90dvh,52rem)] sm:w-[min(64rem,calc(100vw-2rem))] sm:rounded-2xl sm:shadow-2xl"
    >
      {open ? (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-3 border-b border-stone-200 px-4 py-3">
            <h2 id={titleId} className="text-lg font-semibold text-stone-900">
              {t("staff.picker.dialogTitle")}
            </h2>
            <CloseButton label={t("common.close")} onClick={onClose} />
          </div>
          <div className="grid min-h-0 flex-1 gap-3 overflow-y-auto p-4 md:grid-cols-[14rem_minmax(0,1fr)]">
            <div className="md:overflow-y-auto">
              <FolderTree folders={listing?.folders ?? []} current={folder} onSelect={setFolder} />
            </div>
            <div className="min-w-0">
              {target ? (
                <div className="rounded-xl bg-stone-50 p-3 ring-1 ring-stone-200">
                  <label htmlFor={uploadId} className="block text-sm font-medium text-stone-800">
                    {t("staff.picker.uploadHere", { folder: target })}
                  </label>
                  <input
                    id={uploadId}
                    type="file"
                    multiple={multiple}
                    accept="image/jpeg,image/png,image/webp,image/avif,image/gif,image/tiff"
                    onChange={(event) => {
                      const files = Array.from(event.currentTarget.files ?? []);
                      event.currentTarget.value = "";
                      void onFiles(files);
                    }}
                    className="mt-1 block w-full text-sm file:mr-3 file:min-h-10 file:rounded-full file:border-0 file:bg-white file:px-4 file:font-semibold file:ring-1 file:ring-stone-300"
                  />
                  <UploadProgressList items={uploads} />
                </div>
              ) : null}
              {loadError ? (
                <p role="alert" className="mt-3 text-sm font-medium text-red-700">
                  {t(loadError)}
                </p>
              ) : null}
              {loading && !listing ? (
                <p className="mt-3 flex items-center gap-2 text-sm text-stone-600">
                  <Spinner /> {t("common.loading")}
                </p>
              ) : null}
              {listing && listing.images.length === 0 ? (
                <p className="mt-3 text-sm text-stone-700">{t("staff.empty")}</p>
              ) : null}
              <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4" aria-busy={loading}>
                {(listing?.images ?? []).map((image) => {
                  const ref = imageRefOf(image);
                  const checked = isChosen(image.url);
                  return (
                    <li key={image._id}>
                      <label
                        className={`flex h-full cursor-pointer flex-col rounded-lg bg-white p-1.5 ring-1 ${checked ? "ring-2 ring-accent-600" : "ring-stone-200"}`}
                      >
                        <img
                          src={image.thumb_url}
                          alt=""
                          loading="lazy"
                          className="aspect-square w-full rounded object-contain"
                        />
                        <span className="mt-1 flex items-start gap-1.5 text-xs">
                          <input
                            type="checkbox"
                            checked={checked}
                            onChange={(event) => toggle(ref, event.currentTarget.checked)}
                            aria-label={t("staff.picker.select", { name: image.name })}
                            className="mt-0.5 size-4 shrink-0 accent-accent-600"
                          />
                          <span className="break-all">{image.name}</span>
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </div>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 px-4 py-3">
            <p className="text-sm text-stone-700" aria-live="polite">
              {t("staff.picker.selected", { count: chosen.length })}
            </p>
            <div className="flex gap-2">
              <button
                type="button"
                onClick={onClose}
                className="inline-flex min-h-11 items-center rounded-full px-5 text-sm font-semibold ring-1 ring-stone-300 hover:bg-stone-50"
              >
                {t("common.cancel")}
              </button>
              <button
                type="button"
                onClick={() => onDone(chosen)}
                className="inline-flex min-h-11 items-center rounded-full bg-accent-600 px-5 text-sm font-semibold text-white hover:bg-accent-700"
              >
                {t("staff.picker.done")}
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
