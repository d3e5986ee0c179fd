import {
  type ComponentType,
  lazy,
  type MouseEvent,
  type PointerEvent,
  Suspense,
  useRef,
  useState,
} from "react";

export interface LightboxImage {
  /** full-size picture */
  src: string;
  /** small picture for the thumbnail strip */
  thumb: string;
  alt: string;
}

/** Horizontal swipe distance (px) that turns a pointer drag into previous/next. */
const SWIPE_PX = 40;

/**
 * Handlers that call `onSwipe(-1 | 1)` for a horizontal swipe (touch, pen, or mouse drag); the
 * click that ends a swipe is swallowed, so a swipe over a button does not also press it.
 */
export function useSwipe(onSwipe: (direction: 1 | -1) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  return {
    onClickCapture(event: MouseEvent) {
      if (!swiped.current) return;
      swiped.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
    onPointerDown(event: PointerEvent) {
      start.current = { x: event.clientX, y: event.clientY };
    },
    onPointerUp(event: PointerEvent) {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      swiped.current = Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy);
      if (swiped.current) onSwipe(dx < 0 ? 1 : -1);
    },
    onPointerCancel() {
      start.current = null;
    },
  };
}

/** Indices of at most `max` thumbnails around `index` (the window slides with the current picture). */
export function thumbnailWindow(count: number, index: number, max: number): number[] {
  const size = Math.min(count, Math.max(1, max));
  const first = Math.min(Math.max(0, index - Math.floor(size / 2)), count - size);
  return Array.from({ length: size }, (_, n) => first + n);
}

export interface LightboxProps {
  images: readonly LightboxImage[];
  index: number;
  open: boolean;
  /** accessible name of the dialog */
  label: string;
  maxThumbnails: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

// The dialog loads on the first open (a click): the product page's first load stays small. Should
// its chunk fail to load, the opener does nothing (the picture is on the page already).
const LightboxDialog = lazy<ComponentType<LightboxProps>>(() =>
  import("./lightbox-dialog").catch((error: unknown) => {
    console.error("lightbox not loaded", error);
    return { default: () => null };
  }),
);

/**
 * Full-screen picture viewer (lightbox-dialog.tsx): a modal <dialog> (the rest of the page is
 * inert), previous/next buttons, a strip of at most `maxThumbnails` thumbnails, ←/→ to move, Escape
 * or the close button to leave (focus returns to the opener), Tab kept inside, swipe on touch
 * screens. Nothing is rendered (on the server either) before it is first opened.
 */
export function Lightbox(props: LightboxProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LightboxDialog {...props} />
    </Suspense>
  );
}
