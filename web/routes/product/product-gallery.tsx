import { useState } from "react";
import { GALLERY_THUMBNAILS } from "../../../domain/constants";
import type { ImageRef } from "../../../domain/types";
import { ResponsiveImage } from "../../components/responsive-image";
import { useT } from "../../lib/i18n";
import { Lightbox, useSwipe } from "./lightbox";
import "../../lib/product-texts";
import { ThumbImage } from "./thumb-image";

/** The left half of the page from 1024 px (gap 3rem), else the container's width. */
const MAIN_SIZES =
  "(min-width: 1340px) 622px, (min-width: 1024px) calc(50vw - 48px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)";
/** 5 thumbnails a row, 7 from 640 px. */
const THUMB_SIZES = "(min-width: 1024px) 88px, (min-width: 640px) 14vw, 20vw";

/**
 * The product's pictures (SPEC §2 Product screen): the chosen one large (a button that opens the
 * full-screen gallery), thumbnails below to pick another, swipe on touch screens.
 */
export function ProductGallery({ images, title }: { images: readonly ImageRef[]; title: string }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const count = images.length;
  const swipe = useSwipe((direction) => setIndex((current) => (current + direction + count) % count));
  const current = images[index];

  if (!current) {
    return (
      <div
        aria-hidden="true"
        className="flex aspect-square items-center justify-center rounded-2xl bg-stone-100 text-7xl text-stone-300"
      >
        ✂
      </div>
    );
  }

  const alt = (n: number) =>
    count > 1 ? `${title} – ${t("product.imageOf", { index: n + 1, total: count })}` : title;

  return (
    <div>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`${t("product.openGallery")}: ${alt(index)}`}
        aria-haspopup="dialog"
        className="group relative block aspect-square w-full touch-pan-y overflow-hidden rounded-2xl bg-stone-100 cursor-zoom-in"
        {...(count > 1 ? swipe : {})}
      >
        <ResponsiveImage
          src={current.url}
          sizes={MAIN_SIZES}
          alt={alt(index)}
          width={1200}
          height={1200}
          // the product page's LCP picture
          priority
          draggable={false}
          className="size-full object-cover transition-transform duration-300 select-none group-hover:scale-[1.02]"
        />
      </button>
      {count > 1 ? (
        <ul aria-label={t("product.thumbnails")} className="mt-3 grid grid-cols-5 gap-2 sm:grid-cols-7">
          {images.map((image, n) => (
            <li key={image.url}>
              <button
                type="button"
                onClick={() => setIndex(n)}
                aria-label={t("product.showImage", { index: n + 1 })}
                aria-current={n === index ? "true" : undefined}
                className={`block aspect-square w-full overflow-hidden rounded-lg border-2 ${
                  n === index ? "border-accent-600" : "border-transparent hover:border-stone-300"
                }`}
              >
                <ThumbImage src={image.thumb_url || image.url} sizes={THUMB_SIZES} size={120} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Lightbox
        images={images.map((image, n) => ({
          src: image.url,
          thumb: image.thumb_url || image.url,
          alt: alt(n),
        }))}
        index={index}
        open={open}
        label={t("product.gallery")}
        maxThumbnails={GALLERY_THUMBNAILS}
        onIndexChange={setIndex}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}
