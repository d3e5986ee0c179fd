import { type FocusEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useT } from "../lib/i18n";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons";

export interface CarouselSlide {
  key: string | number;
  content: ReactNode;
}

const prefersReducedMotion = () =>
  typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * Horizontal CSS scroll-snap carousel (no library). How many slides are visible is set by
 * `columnsClassName` through the grid's auto columns; touch and trackpad scrolling work natively.
 * The previous/next buttons page by one view and wrap around at the ends (so a focused button
 * never disappears under the keyboard); they show only when the slides do not all fit.
 * Every slide is a labelled group ("2 z 5"); links inside off-screen slides scroll into view
 * when focused.
 *
 * With `autoplayMs` (the banner): the next view comes every `autoplayMs`, pausing while the
 * pointer is over it or focus is inside, for good with the pause button, and never starting
 * when the visitor prefers reduced motion. Dots (`dots`) jump to a slide.
 */
export function Carousel({
  label,
  slides,
  columnsClassName,
  className = "",
  buttonsClassName = "",
  autoplayMs,
  dots = false,
}: {
  /** accessible name of the carousel region */
  label: string;
  slides: readonly CarouselSlide[];
  /** grid auto-columns classes, e.g. "auto-cols-[100%] md:auto-cols-[50%]" */
  columnsClassName: string;
  className?: string;
  buttonsClassName?: string;
  autoplayMs?: number;
  dots?: boolean;
}) {
  const t = useT();
  const trackRef = useRef<HTMLUListElement>(null);
  const [overflows, setOverflows] = useState(slides.length > 1);
  const [current, setCurrent] = useState(0);
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);

  // where the track is heading: a smooth scroll takes a moment, and a second press meanwhile
  // must continue from the target, not from wherever the animation is
  const targetRef = useRef<number | null>(null);

  const update = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    // arrived (browsers without the scrollend event)
    if (targetRef.current !== null && Math.abs(track.scrollLeft - targetRef.current) < 2)
      targetRef.current = null;
    setOverflows(track.scrollWidth > track.clientWidth + 4);
    // the slide whose start is nearest the visible start
    let nearest = 0;
    let best = Number.POSITIVE_INFINITY;
    Array.from(track.children).forEach((child, index) => {
      const distance = Math.abs((child as HTMLElement).offsetLeft - track.offsetLeft - track.scrollLeft);
      if (distance < best) {
        best = distance;
        nearest = index;
      }
    });
    setCurrent(nearest);
  }, []);

  useEffect(() => {
    update();
    const track = trackRef.current;
    if (!track) return;
    const observer = new ResizeObserver(update);
    observer.observe(track);
    return () => observer.disconnect();
  }, [update]);

  useEffect(() => {
    setReducedMotion(prefersReducedMotion());
  }, []);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const settle = () => {
      targetRef.current = null;
    };
    track.addEventListener("scrollend", settle);
    return () => track.removeEventListener("scrollend", settle);
  }, []);

  const scrollTo = useCallback((left: number) => {
    const track = trackRef.current;
    if (!track) return;
    const max = Math.max(0, track.scrollWidth - track.clientWidth);
    const target = Math.min(Math.max(0, left), max);
    const instant = prefersReducedMotion() || Math.abs(target - track.scrollLeft) < 1;
    targetRef.current = instant ? null : target;
    track.scrollTo({ left: target, behavior: instant ? "auto" : "smooth" });
  }, []);

  /** One view on (or back); past the last view comes the first, before the first the last. */
  const page = useCallback(
    (direction: 1 | -1) => {
      const track = trackRef.current;
      if (!track) return;
      const position = targetRef.current ?? track.scrollLeft;
      const max = Math.max(0, track.scrollWidth - track.clientWidth);
      if (direction === 1 && position >= max - 4) return scrollTo(0);
      if (direction === -1 && position <= 4) return scrollTo(max);
      const offsets = Array.from(
        track.children,
        (child) => (child as HTMLElement).offsetLeft - track.offsetLeft,
      );
      const widths = Array.from(track.children, (child) => (child as HTMLElement).offsetWidth);
      // the first slide of the view and how many slides one view holds
      let first = 0;
      offsets.forEach((offset, index) => {
        if (Math.abs(offset - position) < Math.abs((offsets[first] ?? 0) - position)) first = index;
      });
      const perView = Math.max(
        1,
        offsets.filter(
          (offset, index) =>
            offset >= position - 2 && offset + (widths[index] ?? 0) <= position + track.clientWidth + 2,
        ).length,
      );
      const next = Math.min(Math.max(0, first + direction * perView), offsets.length - 1);
      scrollTo(offsets[next] ?? 0);
    },
    [scrollTo],
  );

  const goTo = (index: number) => {
    const track = trackRef.current;
    const slide = track?.children[index] as HTMLElement | undefined;
    if (!track || !slide) return;
    scrollTo(slide.offsetLeft - track.offsetLeft);
  };

  const autoplay = autoplayMs !== undefined && slides.length > 1;
  const playing = autoplay && overflows && !userPaused && !reducedMotion;
  const moving = playing && !hovered && !focusInside;

  useEffect(() => {
    if (!moving || autoplayMs === undefined) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") page(1);
    }, autoplayMs);
    return () => window.clearInterval(timer);
  }, [moving, autoplayMs, page]);

  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusInside(false);
  };

  const arrowClass =
    "absolute top-1/2 z-10 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full border border-stone-300 bg-white/95 text-stone-800 shadow-md hover:bg-white";
  const controlsVisible = slides.length > 1 && overflows;

  return (
    <section
      aria-roledescription={t("home.carouselRole")}
      aria-label={label}
      className={className}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocusInside(true)}
      onBlur={onBlur}
    >
      <div className="relative">
        <ul
          ref={trackRef}
          onScroll={update}
          aria-live={moving ? "off" : "polite"}
          className={`scrollbar-none grid snap-x snap-mandatory grid-flow-col gap-4 overflow-x-auto overscroll-x-contain ${columnsClassName}`}
        >
          {slides.map((slide, index) => (
            <li key={slide.key} className="min-w-0 snap-start">
              {/* biome-ignore lint/a11y/useSemanticElements: the WAI carousel pattern's slide is a labelled group, not a form fieldset */}
              <div
                role="group"
                aria-roledescription={t("home.carouselSlide")}
                aria-label={t("home.carouselSlideOf", { index: index + 1, count: slides.length })}
                className="h-full"
              >
                {slide.content}
              </div>
            </li>
          ))}
        </ul>
        {controlsVisible ? (
          <>
            <button
              type="button"
              onClick={() => page(-1)}
              aria-label={t("home.carouselPrevious")}
              className={`${arrowClass} left-1 ${buttonsClassName}`}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              onClick={() => page(1)}
              aria-label={t("home.carouselNext")}
              className={`${arrowClass} right-1 ${buttonsClassName}`}
            >
              <ChevronRightIcon />
            </button>
          </>
        ) : null}
      </div>
      {controlsVisible && (dots || autoplay) ? (
        <div className="mt-3 flex items-center justify-center gap-2">
          {autoplay ? (
            <button
              type="button"
              onClick={() => {
                if (reducedMotion) {
                  setReducedMotion(false);
                  setUserPaused(false);
                } else setUserPaused((value) => !value);
              }}
              aria-label={playing ? t("home.carouselPause") : t("home.carouselPlay")}
              className="inline-flex size-10 items-center justify-center rounded-full text-stone-700 hover:bg-stone-200"
            >
              {playing ? <PauseIcon /> : <PlayIcon />}
            </button>
          ) : null}
          {dots
            ? slides.map((slide, index) => (
                <button
                  key={slide.key}
                  type="button"
                  onClick={() => goTo(index)}
                  aria-label={t("home.carouselGoTo", { index: index + 1 })}
                  aria-current={index === current ? "true" : undefined}
                  className="group inline-flex size-10 items-center justify-center rounded-full"
                >
                  <span
                    className={`block size-3 rounded-full border-2 border-stone-600 transition-colors ${
                      index === current ? "bg-stone-700" : "bg-transparent group-hover:bg-stone-300"
                    }`}
                  />
                </button>
              ))
            : null}
        </div>
      ) : null}
    </section>
  );
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-5" fill="currentColor">
      <rect x="6" y="5" width="4" height="14" rx="1" />
      <rect x="14" y="5" width="4" height="14" rx="1" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-5" fill="currentColor">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
    </svg>
  );
}
