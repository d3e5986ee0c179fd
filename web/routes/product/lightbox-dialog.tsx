import { type KeyboardEvent, useEffect, useRef } from "react";
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from "../../components/icons";
import { useT } from "../../lib/i18n";
import { responsiveSource } from "../../lib/responsive-image";
import { type LightboxProps, thumbnailWindow, useSwipe } from "./lightbox";
import "../../lib/product-texts";
import { ThumbImage } from "./thumb-image";

// The lightbox itself, in its own chunk: lightbox.tsx loads it on the first open, so the product
// page's first load does not carry it (docs/decisions/021-bundle-budgets.md).

/** The full-screen picture: the width that fills the screen (a phone takes the 600 px file, not 1200). */
function fullScreen(src: string) {
  const source = responsiveSource(src);
  return source.srcSet ? { ...source, sizes: "100vw" } : source;
}

const FOCUSABLE = 'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/**
 * Full-screen picture viewer: a modal <dialog> (the rest of the page is inert), previous/next
 * buttons, a strip of at most `maxThumbnails` thumbnails, ←/→ to move, Escape or the close button
 * to leave (focus returns to the opener), Tab kept inside, swipe on touch screens.
 */
export default function LightboxDialog({
  images,
  index,
  open,
  label,
  maxThumbnails,
  onIndexChange,
  onClose,
}: LightboxProps) {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<Element | null>(null);
  const count = images.length;
  const current = images[Math.min(Math.max(0, index), count - 1)];
  const go = (direction: 1 | -1) => onIndexChange((index + direction + count) % count);
  const swipe = useSwipe(go);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement;
      dialog.showModal();
      closeRef.current?.focus();
      const overflow = document.documentElement.style.overflow;
      document.documentElement.style.overflow = "hidden";
      return () => {
        document.documentElement.style.overflow = overflow;
      };
    }
    if (!open && dialog.open) {
      dialog.close();
      if (openerRef.current instanceof HTMLElement) openerRef.current.focus();
    }
    return undefined;
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "ArrowRight" && count > 1) {
      event.preventDefault();
      go(1);
    } else if (event.key === "ArrowLeft" && count > 1) {
      event.preventDefault();
      go(-1);
    } else if (event.key === "Tab") {
      const focusable = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  const navButton =
    "absolute top-1/2 z-10 inline-flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-black/55 text-white hover:bg-black/75";

  return (
    <dialog
      ref={dialogRef}
      aria-label={label}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape: let React state close it, so the opener gets focus back
        event.preventDefault();
        onClose();
      }}
      className="fixed inset-0 m-0 h-dvh max-h-none w-screen max-w-none bg-stone-950 p-0 text-white backdrop:bg-stone-950"
    >
      {open && current ? (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-4 px-4 py-3">
            <p className="text-sm text-stone-200" aria-live="polite">
              {t("product.imageOf", { index: index + 1, total: count })}
            </p>
            <button
              ref={closeRef}
              type="button"
              onClick={onClose}
              aria-label={t("product.closeGallery")}
              className="inline-flex size-11 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
            >
              <CloseIcon className="size-6" />
            </button>
          </div>
          <div
            className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2"
            {...swipe}
          >
            {/* no width/height: the box follows the picture's own aspect; sizes keeps its rendered size */}
            <img
              {...fullScreen(current.src)}
              alt={current.alt}
              className="max-h-full max-w-full object-contain select-none"
              draggable={false}
            />
            {count > 1 ? (
              <>
                <button
                  type="button"
                  onClick={() => go(-1)}
                  aria-label={t("product.previousImage")}
                  className={`${navButton} left-2 sm:left-4`}
                >
                  <ChevronLeftIcon className="size-7" />
                </button>
                <button
                  type="button"
                  onClick={() => go(1)}
                  aria-label={t("product.nextImage")}
                  className={`${navButton} right-2 sm:right-4`}
                >
                  <ChevronRightIcon className="size-7" />
                </button>
              </>
            ) : null}
          </div>
          {count > 1 ? (
            <ul
              aria-label={t("product.thumbnails")}
              className="flex justify-center gap-2 overflow-x-auto px-4 py-3"
            >
              {thumbnailWindow(count, index, maxThumbnails).map((n) => {
                const image = images[n];
                if (!image) return null;
                return (
                  <li key={n} className="shrink-0">
                    <button
                      type="button"
                      onClick={() => onIndexChange(n)}
                      aria-label={t("product.showImage", { index: n + 1 })}
                      aria-current={n === index ? "true" : undefined}
                      className={`block size-14 overflow-hidden rounded-md border-2 sm:size-16 ${
                        n === index ? "border-white" : "border-transparent opacity-70 hover:opacity-100"
                      }`}
                    >
                      <ThumbImage src={image.thumb} sizes="64px" size={64} />
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
