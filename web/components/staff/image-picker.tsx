// STUB (being replaced by the gallery picker): the contract every staff form uses.
//
// Lets staff choose images from the gallery (browse folders, search) or upload new ones into a
// folder, and order them (multiple). The chosen images are posted as JSON in a hidden input named
// `name`: an array of { url, thumb_url, name, isNew } (ImageRef, domain/types.ts) — one element at
// most when `multiple` is false. Without JavaScript a textarea with that JSON is shown.

import type { ImageRef } from "../../../domain/types";

export interface ImagePickerProps {
  /** form field name the JSON array is posted under */
  name: string;
  /** visible label (the picker is a fieldset with this legend) */
  label: string;
  defaultValue: ImageRef[];
  /** several images in an order staff can change; false = one image */
  multiple?: boolean;
  /** gallery folder new uploads go to by default, e.g. "produkty" */
  uploadFolder?: string;
  error?: string;
}

export function ImagePicker({ name, label, defaultValue, error }: ImagePickerProps) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold text-stone-800">{label}</legend>
      <textarea
        name={name}
        defaultValue={JSON.stringify(defaultValue)}
        rows={3}
        className="w-full rounded-xl border border-stone-300 p-3 font-mono text-xs"
      />
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}
