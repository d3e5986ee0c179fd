import type { MessageKey, Params } from "../../domain/i18n";
import type { GalleryImage } from "../../server/web-door";

// Uploads to the gallery from the browser with a progress bar per file: one XMLHttpRequest per
// file (fetch has no upload progress) to POST /api/gallery/upload, two at a time. The session
// cookie authenticates the request (same origin). Used by the gallery screen and the ImagePicker.

export const GALLERY_UPLOAD_URL = "/api/gallery/upload";

export interface UploadItem {
  /** stable key for lists */
  id: string;
  name: string;
  /** 0…1 of the bytes sent */
  progress: number;
  status: "waiting" | "uploading" | "done" | "error";
  image?: GalleryImage;
  error?: { key: MessageKey | string; params?: Params };
}

interface ServerAnswer {
  status: number;
  body: unknown;
}

/** POSTs a form with XHR, reporting the fraction of bytes sent. Resolves with any HTTP answer. */
export function postWithProgress(
  url: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<ServerAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener("load", () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    });
    xhr.addEventListener("error", () => reject(new Error("network")));
    xhr.addEventListener("abort", () => reject(new Error("aborted")));
    xhr.send(form);
  });
}

/** The translated-message key (and placeholders) of a refused upload answer. */
function errorOf(answer: ServerAnswer): NonNullable<UploadItem["error"]> {
  const body = (answer.body ?? {}) as {
    messageKey?: string;
    fields?: Record<string, { key: string; params?: Params }>;
    details?: { params?: Params };
  };
  const field = body.fields?.folder;
  if (field) return { key: field.key, ...(field.params ? { params: field.params } : {}) };
  return {
    key: body.messageKey ?? "errors.generic",
    ...(body.details?.params ? { params: body.details.params } : {}),
  };
}

/**
 * Uploads each file to `folder`, calling `onChange` with the whole list whenever a file progresses
 * or finishes. Resolves with the final list (each file done with its image, or with its error).
 */
export async function uploadToGallery(
  files: readonly File[],
  folder: string,
  onChange: (items: UploadItem[]) => void,
): Promise<UploadItem[]> {
  let items: UploadItem[] = files.map((file, index) => ({
    id: `${Date.now()}-${index}-${file.name}`,
    name: file.name,
    progress: 0,
    status: "waiting",
  }));
  const update = (index: number, change: Partial<UploadItem>) => {
    items = items.map((item, i) => (i === index ? { ...item, ...change } : item));
    onChange(items);
  };
  onChange(items);

  let next = 0;
  async function worker() {
    while (next < files.length) {
      const index = next++;
      const file = files[index] as File;
      const form = new FormData();
      form.append("folder", folder);
      form.append("files", file, file.name);
      update(index, { status: "uploading" });
      try {
        const answer = await postWithProgress(GALLERY_UPLOAD_URL, form, (progress) =>
          update(index, { progress }),
        );
        const result = (answer.body as { results?: { ok: boolean; image?: GalleryImage }[] } | null)
          ?.results?.[0];
        if (answer.status < 300 && result?.ok && result.image) {
          update(index, { status: "done", progress: 1, image: result.image });
        } else {
          update(index, { status: "error", error: errorOf(answer) });
        }
      } catch {
        update(index, { status: "error", error: { key: "errors.network" } });
      }
    }
  }
  await Promise.all([worker(), worker()]);
  return items;
}
