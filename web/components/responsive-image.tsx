import type { ComponentProps } from "react";
import { responsiveSource } from "../lib/responsive-image";

type ImgProps = Omit<ComponentProps<"img">, "src" | "srcSet" | "sizes" | "width" | "height" | "loading">;

/**
 * A storefront picture (docs/decisions/024): the srcset of the picture's WebP widths with the `sizes`
 * of its place in the layout, width and height in the aspect of the box the CSS gives it (so the space
 * is reserved before the file arrives), lazy unless told otherwise. `priority` marks the page's LCP
 * picture: loaded at once with high priority; React's server renderer then puts a matching
 * `<link rel="preload" as="image" imagesrcset imagesizes fetchpriority="high">` into the <head>.
 */
export function ResponsiveImage({
  src,
  sizes,
  width,
  height,
  priority = false,
  eager = false,
  alt,
  ...rest
}: ImgProps & {
  src: string;
  /** the rendered width at each breakpoint, e.g. "(min-width: 1024px) 25vw, 50vw" */
  sizes: string;
  width: number;
  height: number;
  /** the page's largest picture above the fold: eager, fetchpriority high, preloaded */
  priority?: boolean;
  /** above the fold but not the largest: eager at normal priority */
  eager?: boolean;
}) {
  const source = responsiveSource(src);
  return (
    <img
      {...rest}
      src={source.src}
      srcSet={source.srcSet}
      sizes={source.srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority || eager ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      // the LCP picture is painted as soon as it is decoded; the others never hold up a frame
      decoding={priority ? undefined : "async"}
    />
  );
}
