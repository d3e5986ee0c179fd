import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useT } from "../lib/i18n";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons";

/**
 * Horizontal CSS scroll-snap carousel with previous/next buttons (no library). How many
 * slides are visible is set by `slideClassName` through the grid's auto columns; touch and
 * trackpad scrolling work natively, the buttons page by one view.
 */
export function Carousel({
  label,
  slides,
  columnsClassName,
  className = "",
  buttonsClassName = "",
}: {
  /** accessible name of the carousel region */
  label: string;
  slides: { key: string | number; content: ReactNode }[];
  /** grid auto-columns classes, e.g. "auto-cols-[100%] md:auto-cols-[50%]" */
  columnsClassName: string;
  className?: string;
  buttonsClassName?: string;
}) {
  const t = useT();
  const trackRef = useRef<HTMLUListElement>(null);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(slides.length <= 1);

  const update = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    setAtStart(track.scrollLeft <= 4);
    setAtEnd(track.scrollLeft + track.clientWidth >= track.scrollWidth - 4);
  }, []);

  useEffect(() => {
    update();
    const track = trackRef.current;
    if (!track) return;
    const observer = new ResizeObserver(update);
    observer.observe(track);
    return () => observer.disconnect();
  }, [update]);

  const page = (direction: 1 | -1) => {
    const track = trackRef.current;
    if (!track) return;
    track.scrollBy({ left: direction * track.clientWidth, behavior: "smooth" });
  };

  const buttonClass =
    "absolute top-1/2 z-10 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full border border-stone-200 bg-white/95 text-stone-800 shadow-md hover:bg-white disabled:pointer-events-none disabled:opacity-0";

  return (
    <section aria-roledescription="carousel" aria-label={label} className={`relative ${className}`}>
      <ul
        ref={trackRef}
        onScroll={update}
        className={`scrollbar-none grid snap-x snap-mandatory grid-flow-col gap-4 overflow-x-auto overscroll-x-contain ${columnsClassName}`}
      >
        {slides.map((slide) => (
          <li key={slide.key} className="min-w-0 snap-start">
            {slide.content}
          </li>
        ))}
      </ul>
      {slides.length > 1 ? (
        <>
          <button
            type="button"
            onClick={() => page(-1)}
            disabled={atStart}
            aria-label={t("home.carouselPrevious")}
            className={`${buttonClass} left-1 ${buttonsClassName}`}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            onClick={() => page(1)}
            disabled={atEnd}
            aria-label={t("home.carouselNext")}
            className={`${buttonClass} right-1 ${buttonsClassName}`}
          >
            <ChevronRightIcon />
          </button>
        </>
      ) : null}
    </section>
  );
}
