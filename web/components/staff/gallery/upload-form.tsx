import { type FormEvent, useId, useState } from "react";
import { useRevalidator } from "react-router";
import type { FieldError } from "../../../../domain/validation/errors";
import { galleryFolderSchema } from "../../../../domain/validation/gallery";
import { useT } from "../../../lib/i18n";
import { type UploadItem, uploadToGallery } from "../../../lib/upload";
import { FieldErrorText, SubmitButton, TextField } from "../../form-field";
import { ValidatedForm } from "../../validated-form";
import { UploadProgressList } from "./upload-progress";

// The gallery screen's upload form. Without JavaScript it is a plain multipart form posted to the
// route action (which calls the same gallery service). With JavaScript each file goes to
// POST /api/gallery/upload on its own request with a progress bar, then the list reloads.

export function UploadForm({
  folder,
  maxMb,
  errors,
  pending,
}: {
  folder: string;
  maxMb: number;
  errors?: Record<string, FieldError> | undefined;
  pending: boolean;
}) {
  const t = useT();
  const fileId = useId();
  const revalidator = useRevalidator();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [clientErrors, setClientErrors] = useState<Record<string, FieldError> | null>(null);
  const [uploading, setUploading] = useState(false);
  const shown = clientErrors ?? errors ?? {};

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const found: Record<string, FieldError> = {};
    const target = galleryFolderSchema.safeParse(data.get("folder") ?? "");
    if (!target.success) {
      const issue = target.error.issues[0];
      found.folder = { key: (issue?.message ?? "validation.invalid") as FieldError["key"] };
    }
    const files = data.getAll("files").filter((file): file is File => file instanceof File && file.size > 0);
    if (files.length === 0) found.files = { key: "validation.required" };
    setClientErrors(found);
    if (Object.keys(found).length > 0 || !target.success) return;
    setUploading(true);
    try {
      await uploadToGallery(files, target.data, setItems);
      form.reset();
      const input = form.elements.namedItem("folder");
      if (input instanceof HTMLInputElement) input.value = target.data;
      revalidator.revalidate();
    } finally {
      setUploading(false);
    }
  }

  return (
    <section
      aria-labelledby={`${fileId}-title`}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
    >
      <h2 id={`${fileId}-title`} className="text-lg font-semibold text-stone-900">
        {t("staff.gallery.uploadTitle")}
      </h2>
      <ValidatedForm encType="multipart/form-data" onSubmit={onSubmit} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="upload" />
        <TextField
          key={folder}
          name="folder"
          label={t("staff.gallery.uploadTo")}
          defaultValue={folder}
          error={shown.folder}
          required
        />
        <div>
          <label htmlFor={fileId} className="mb-1.5 block text-sm font-medium text-stone-800">
            {t("staff.gallery.files")}
          </label>
          <p id={`${fileId}-hint`} className="mb-1.5 text-sm text-stone-600">
            {t("staff.gallery.filesHint", { max: maxMb })}
          </p>
          <input
            id={fileId}
            name="files"
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp,image/avif,image/gif,image/tiff"
            aria-describedby={`${fileId}-hint${shown.files ? ` ${fileId}-error` : ""}`}
            aria-invalid={shown.files ? true : undefined}
            className="block w-full text-sm text-stone-800 file:mr-3 file:min-h-10 file:rounded-full file:border-0 file:bg-stone-100 file:px-4 file:font-semibold file:text-stone-800 hover:file:bg-stone-200"
          />
          <FieldErrorText id={`${fileId}-error`} error={shown.files} />
        </div>
        <SubmitButton pending={pending || uploading}>{t("staff.gallery.uploadSubmit")}</SubmitButton>
      </ValidatedForm>
      <UploadProgressList items={items} />
    </section>
  );
}
