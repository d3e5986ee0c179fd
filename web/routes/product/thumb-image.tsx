import { ResponsiveImage } from "../../components/responsive-image";

const FILL = "size-full object-cover";

/**
 * A square thumbnail filling its button (the gallery's and the lightbox's strips, an option's
 * picture): decorative, as the button carries the name.
 */
export function ThumbImage({ src, sizes, size }: { src: string; sizes: string; size: number }) {
  return <ResponsiveImage src={src} sizes={sizes} alt="" width={size} height={size} className={FILL} />;
}
