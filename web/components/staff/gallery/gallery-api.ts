import type { ImageRef } from "../../../../domain/types";
import type { GalleryImage, GalleryListing } from "../../../../server/web-door";

// The browser's read of the gallery for the ImagePicker: GET /api/gallery with the session cookie.

export async function fetchGallery(params: {
  folder: string | null;
  page?: number;
}): Promise<GalleryListing> {
  const search = new URLSearchParams({ pageSize: "60" });
  if (params.folder) search.set("folder", params.folder);
  if (params.page) search.set("page", String(params.page));
  const response = await fetch(`/api/gallery?${search}`, {
    credentials: "same-origin",
    headers: { accept: "application/json" },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { messageKey?: string } | null;
    throw new Error(body?.messageKey ?? "errors.generic");
  }
  return (await response.json()) as GalleryListing;
}

/** What a form stores of a gallery image. */
export function imageRefOf(image: GalleryImage): ImageRef {
  return { url: image.url, thumb_url: image.thumb_url, name: image.name, isNew: true };
}
