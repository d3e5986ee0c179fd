import { Link } from "react-router";
import { textLang } from "../../../domain/content-language";
import type { HeaderSlide } from "../../../domain/types";
import { Carousel } from "../../components/carousel";
import { ResponsiveImage } from "../../components/responsive-image";
import { useT } from "../../lib/i18n";

/** How long a banner stays before the next one slides in (paused on hover, focus or the pause button). */
export const BANNER_AUTOPLAY_MS = 7000;

/** A slide spans the 1340 px container (`sizes` of its picture). */
const BANNER_SIZES = "(min-width: 1340px) 1292px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)";

/**
 * Home banner carousel (header slides): one slide per view with image, title, description and
 * an optional link; previous/next, a dot per slide and a pause button.
 */
export function BannerCarousel({ slides, label }: { slides: readonly HeaderSlide[]; label: string }) {
  const t = useT();
  if (slides.length === 0) return null;
  return (
    <Carousel
      label={label}
      columnsClassName="auto-cols-[100%]"
      buttonsClassName="max-md:top-[calc((100vw-2rem)*3/16)]"
      autoplayMs={BANNER_AUTOPLAY_MS}
      dots
      slides={slides.map((slide, index) => ({
        key: slide._id,
        content: (
          <div className="relative flex h-full flex-col overflow-hidden rounded-2xl bg-white md:aspect-[16/7] md:justify-end md:bg-stone-200 lg:aspect-[8/3]">
            <ResponsiveImage
              src={slide.image.url}
              sizes={BANNER_SIZES}
              alt=""
              width={1200}
              height={450}
              // the first slide is the home page's largest picture on a wide screen (on a phone the first
              // product card is, web/components/product-carousel.tsx); the others wait until scrolled to
              priority={index === 0}
              className="aspect-[8/3] w-full object-cover md:absolute md:inset-0 md:aspect-auto md:size-full"
            />
            <div className="relative flex-1 rounded-b-2xl border-x border-b border-stone-200 p-4 md:m-8 md:max-w-lg md:flex-none md:rounded-xl md:border-0 md:bg-white/90 md:p-6 md:shadow-sm">
              <h2
                lang={textLang(slide, "title")}
                className="font-serif text-xl font-semibold text-stone-900 md:text-3xl"
              >
                {slide.title}
              </h2>
              {slide.description ? (
                <p lang={textLang(slide, "description")} className="mt-2 text-sm text-stone-700 md:text-base">
                  {slide.description}
                </p>
              ) : null}
              {slide.link ? (
                <SlideLink href={slide.link} label={t("home.slideLink")} title={slide.title} />
              ) : null}
            </div>
          </div>
        ),
      }))}
    />
  );
}

function SlideLink({ href, label, title }: { href: string; label: string; title: string }) {
  const className =
    "mt-4 inline-flex rounded-full bg-accent-600 px-5 py-2 text-sm font-semibold text-white hover:bg-accent-700";
  const content = (
    <>
      {label}
      <span className="sr-only">: {title}</span>
    </>
  );
  // same-site paths navigate in the app; anything else is an ordinary external link
  if (href.startsWith("/") && !href.startsWith("//")) {
    return (
      <Link to={href} className={className}>
        {content}
      </Link>
    );
  }
  return (
    <a href={href} rel="noopener noreferrer" className={className}>
      {content}
    </a>
  );
}
