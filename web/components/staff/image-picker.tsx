import { type DragEvent, useEffect, useId, useState } from "react";
import type { ImageRef } from "../../../domain/types";
import { useT } from "../../lib/i18n";
import { PickerDialog } from "./gallery/picker-dialog";

// The image picker every staff form uses (products, blog, pages, slides, categories, field options).
//
// Lets staff choose images from the gallery (browse folders) or upload new ones into a folder, and
// order them (multiple: up/down buttons and drag). The chosen images are posted as JSON in a hidden
// input named `name`: an array of { url, thumb_url, name, isNew } (ImageRef, domain/types.ts) — one
// element at most when `multiple` is false. Without JavaScript a textarea with that JSON is shown.

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

const SMALL_BUTTON =
  "inline-flex size-9 items-center justify-center rounded-full bg-white text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50 disabled:opacity-40";

function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

export function ImagePicker({
  name,
  label,
  defaultValue,
  multiple = false,
  uploadFolder = "",
  error,
}: ImagePickerProps) {
  const t = useT();
  const id = useId();
  const errorId = `${id}-error`;
  const [hydrated, setHydrated] = useState(false);
  const [value, setValue] = useState<ImageRef[]>(() => defaultValue.slice(0, multiple ? undefined : 1));
  const [open, setOpen] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);

  useEffect(() => setHydrated(true), []);

  if (!hydrated) {
    return (
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className="mb-1 text-sm font-semibold text-stone-800">{label}</legend>
        <label htmlFor={`${id}-json`} className="mb-1 block text-xs text-stone-600">
          {t("staff.picker.jsonHint")}
        </label>
        <textarea
          id={`${id}-json`}
          name={name}
          defaultValue={JSON.stringify(defaultValue)}
          rows={3}
          className="w-full rounded-xl border border-stone-300 p-3 font-mono text-xs"
        />
        {error ? (
          <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </fieldset>
    );
  }

  function onDrop(event: DragEvent, index: number) {
    event.preventDefault();
    if (dragged !== null) setValue((current) => move(current, dragged, index));
    setDragged(null);
  }

  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-semibold text-stone-800">{label}</legend>
      <input type="hidden" name={name} value={JSON.stringify(value)} />
      {value.length === 0 ? (
        <p className="text-sm text-stone-600">{t("staff.picker.none")}</p>
      ) : (
        <ol className="flex flex-wrap gap-3">
          {value.map((image, index) => (
            <li
              key={image.url}
              draggable={multiple}
              onDragStart={() => setDragged(index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => onDrop(event, index)}
              onDragEnd={() => setDragged(null)}
              className={`w-32 rounded-xl bg-white p-2 shadow-sm ring-1 ring-stone-200 ${multiple ? "cursor-grab" : ""} ${dragged === index ? "opacity-50" : ""}`}
            >
              <img
                src={image.thumb_url || image.url}
                alt={image.name}
                className="aspect-square w-full rounded-lg bg-stone-100 object-contain"
              />
              <p className="mt-1 truncate text-xs text-stone-700" title={image.name}>
                {image.name}
              </p>
              <div className="mt-1 flex justify-between gap-1">
                {multiple ? (
                  <>
                    <button
                      type="button"
                      disabled={index === 0}
                      onClick={() => setValue((current) => move(current, index, index - 1))}
                      aria-label={t("staff.picker.moveUp", { name: image.name })}
                      className={SMALL_BUTTON}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      disabled={index === value.length - 1}
                      onClick={() => setValue((current) => move(current, index, index + 1))}
                      aria-label={t("staff.picker.moveDown", { name: image.name })}
                      className={SMALL_BUTTON}
                    >
                      ↓
                    </button>
                  </>
                ) : null}
                <button
                  type="button"
                  onClick={() => setValue((current) => current.filter((_, i) => i !== index))}
                  aria-label={t("staff.picker.remove", { name: image.name })}
                  className={`${SMALL_BUTTON} text-red-800 ring-red-300`}
                >
                  ×
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-3 inline-flex min-h-11 items-center rounded-full px-5 text-sm font-semibold ring-1 ring-stone-300 hover:bg-stone-50"
      >
        {t("staff.picker.choose")}
      </button>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <PickerDialog
        open={open}
        multiple={multiple}
        initial={value}
        uploadFolder={uploadFolder}
        onClose={() => setOpen(false)}
        onDone={(chosen) => {
          setValue(multiple ? chosen : chosen.slice(0, 1));
          setOpen(false);
        }}
      />
    </fieldset>
  );
}
