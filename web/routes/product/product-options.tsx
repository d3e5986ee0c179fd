import { useState } from "react";
import { OPTION_GALLERY_THUMBNAILS } from "../../../domain/constants";
import { textLang } from "../../../domain/content-language";
import type { Id, ProductField } from "../../../domain/types";
import type { Selection } from "../../../domain/variants";
import { useT } from "../../lib/i18n";
import { Lightbox } from "./lightbox";
import { optionParam } from "./product-view";
import "../../lib/product-texts";
import { ThumbImage } from "./thumb-image";

/**
 * One radio group per product field (SPEC §2 Product screen): each option with its title,
 * description and picture. The groups sit in a GET form, so without JavaScript the "apply" button
 * reloads the page with the choice in the address; with JavaScript `onSelect` applies it at once.
 */
export function ProductOptions({
  fields,
  selection,
  onSelect,
  inStock,
  keepParams,
}: {
  fields: readonly ProductField[];
  selection: Selection;
  onSelect: (fieldId: Id, optionId: Id) => void;
  /** false for an option that, with the rest of the choice, cannot be bought (marked "brak") */
  inStock: (field: ProductField, optionId: Id) => boolean;
  /** address parameters the GET form must carry along (e.g. kategoria) */
  keepParams: Readonly<Record<string, string>>;
}) {
  const t = useT();
  if (fields.length === 0) return null;
  return (
    <form method="get" className="space-y-5" onSubmit={(event) => event.preventDefault()}>
      {Object.entries(keepParams).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {fields.map((field) => (
        <OptionGroup
          key={field._id}
          field={field}
          selected={selection[String(field._id)]}
          onSelect={(optionId) => onSelect(field._id, optionId)}
          inStock={(optionId) => inStock(field, optionId)}
        />
      ))}
      <noscript>
        <button
          type="submit"
          className="rounded-full border border-stone-300 bg-white px-5 py-2 font-medium hover:bg-stone-50"
        >
          {t("product.applyOptions")}
        </button>
      </noscript>
    </form>
  );
}

function OptionGroup({
  field,
  selected,
  onSelect,
  inStock,
}: {
  field: ProductField;
  selected: Id | undefined;
  onSelect: (optionId: Id) => void;
  inStock: (optionId: Id) => boolean;
}) {
  const t = useT();
  const [galleryIndex, setGalleryIndex] = useState<number | null>(null);
  const withImages = field.options.filter((option) => option.image);
  const descriptionId = field.description ? `field-${field._id}-description` : undefined;

  return (
    <fieldset aria-describedby={descriptionId}>
      <legend lang={textLang(field, "title")} className="font-semibold text-stone-900">
        {field.title}
      </legend>
      {field.description ? (
        <p id={descriptionId} lang={textLang(field, "description")} className="mt-0.5 text-sm text-stone-600">
          {field.description}
        </p>
      ) : null}
      <div className="mt-2 grid gap-2 min-[480px]:grid-cols-2">
        {field.options.map((option) => {
          const inputId = `option-${field._id}-${option._id}`;
          const checked = option._id === selected;
          const imageIndex = withImages.findIndex((candidate) => candidate._id === option._id);
          const soldOut = !inStock(option._id);
          // the option's name stays the radio's name; its description and "brak" describe it
          const describedBy =
            [option.description ? `${inputId}-description` : "", soldOut ? `${inputId}-sold-out` : ""]
              .join(" ")
              .trim() || undefined;
          return (
            <div
              key={option._id}
              className={`relative flex items-start gap-3 rounded-xl border bg-white p-3 transition-colors has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-accent-600 ${
                checked
                  ? "border-accent-600 ring-1 ring-accent-600"
                  : "border-stone-200 hover:border-stone-400"
              }`}
            >
              <input
                id={inputId}
                type="radio"
                name={optionParam(field._id)}
                value={option._id}
                checked={checked}
                onChange={() => onSelect(option._id)}
                aria-describedby={describedBy}
                className="relative z-10 mt-1 size-4 shrink-0 accent-accent-600 focus-visible:outline-none"
              />
              <div className="min-w-0 flex-1">
                {/* the label covers the whole card, so a click anywhere on it chooses the option */}
                <label
                  htmlFor={inputId}
                  lang={textLang(option, "title")}
                  className="block cursor-pointer font-medium text-stone-900 after:absolute after:inset-0"
                >
                  {option.title}
                </label>
                {soldOut ? (
                  <p id={`${inputId}-sold-out`} className="text-sm font-medium text-accent-800">
                    {t("product.optionSoldOut")}
                  </p>
                ) : null}
                {option.description ? (
                  <p
                    id={`${inputId}-description`}
                    lang={textLang(option, "description")}
                    className="mt-0.5 text-sm text-stone-600"
                  >
                    {option.description}
                  </p>
                ) : null}
              </div>
              {option.image ? (
                <button
                  type="button"
                  onClick={() => setGalleryIndex(imageIndex)}
                  aria-label={t("product.showOptionImage", { option: option.title })}
                  aria-haspopup="dialog"
                  className="relative z-10 size-12 shrink-0 overflow-hidden rounded-lg border border-stone-200 cursor-zoom-in"
                >
                  <ThumbImage src={option.image} sizes="48px" size={48} />
                </button>
              ) : null}
            </div>
          );
        })}
      </div>
      {withImages.length > 0 ? (
        <Lightbox
          images={withImages.map((option) => ({
            src: option.image ?? "",
            thumb: option.image ?? "",
            alt: `${field.title}: ${option.title}`,
          }))}
          index={galleryIndex ?? 0}
          open={galleryIndex !== null}
          label={`${t("product.gallery")}: ${field.title}`}
          maxThumbnails={OPTION_GALLERY_THUMBNAILS}
          onIndexChange={setGalleryIndex}
          onClose={() => setGalleryIndex(null)}
        />
      ) : null}
    </fieldset>
  );
}
