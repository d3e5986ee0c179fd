import { Link } from "react-router";
import { HOME_BLOG_COUNT, HOME_CAROUSEL_MAX } from "../../../domain/constants";
import { translate } from "../../../domain/i18n";
import type { ProductBasic } from "../../../domain/types";
import type { HomeContent } from "../../../server/web-door";
import { ChevronRightIcon, LeafIcon, ShieldIcon, TruckIcon } from "../../components/icons";
import type { ProductCardData } from "../../components/product-card";
import { ProductCarousel } from "../../components/product-carousel";
import { ResponsiveImage } from "../../components/responsive-image";
import { useLang, useT } from "../../lib/i18n";
import { LAYETTE_PATH, NEW_PATH, PREMIUM_PATH, SALE_PATH, SETS_PATH } from "../../lib/paths";
import { organizationJsonLd, rootFromMatches, seoMeta, websiteJsonLd } from "../../lib/seo";
import { CONTAINER, SHOP_NAME } from "../../lib/site";
import type { Route } from "./+types/home";
import { BannerCarousel } from "./banner-carousel";
import { BlogCard, type BlogCardData } from "./blog-card";

type HomeStrip = "latest" | "premium" | "sale" | "layette" | "set";

export async function loader({ context }: Route.LoaderArgs) {
  const { catalog, content } = context.services;
  // every product strip in one statement, the slides and articles in another
  const [{ slides, articles }, strips]: [HomeContent, Record<HomeStrip, ProductBasic[]>] = await Promise.all([
    content.homeContent({ blogLimit: HOME_BLOG_COUNT, lang: context.lang }),
    catalog.latestStrips<HomeStrip>(
      {
        latest: { inStockOnly: true, limit: HOME_CAROUSEL_MAX },
        premium: { flag: "isPremium", limit: HOME_CAROUSEL_MAX },
        sale: { flag: "isSale", limit: HOME_CAROUSEL_MAX },
        // the category banners show the newest product of their kind
        layette: { flag: "isLayette", limit: 1 },
        set: { flag: "isSet", limit: 1 },
      },
      context.lang,
    ),
  ]);
  const { latest, premium, sale } = strips;
  const [layette] = strips.layette;
  const [set] = strips.set;
  const imageOf = (product: ProductBasic | undefined) =>
    product?.image ? product.image.thumb_url || product.image.url : null;
  return {
    slides,
    latest,
    premium,
    sale,
    bannerImages: { layette: imageOf(layette), sale: imageOf(sale[0]), set: imageOf(set) },
    // the list needs no article bodies
    articles: articles.slice(0, HOME_BLOG_COUNT).map(({ _id, slug, title, createdAt, image, polish }) => ({
      _id,
      slug,
      title,
      createdAt,
      image,
      ...(polish && { polish }),
    })),
  };
}

export function meta({ matches, data }: Route.MetaArgs) {
  const root = rootFromMatches(matches);
  return seoMeta({
    root,
    title: translate(root.lang, "home.title"),
    description: translate(root.lang, "home.metaDescription"),
    path: "/",
    image: data?.slides[0]?.image.url ?? null,
    jsonLd: [organizationJsonLd(root.publicUrl), websiteJsonLd(root.publicUrl)],
  });
}

/** content-visibility: auto, with the last rendered height remembered (a first guess before that) */
const BELOW_THE_FOLD = "[content-visibility:auto] [contain-intrinsic-size:auto_2400px]";

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { slides, latest, premium, sale, articles, bannerImages } = loaderData;
  return (
    <div className={`${CONTAINER} space-y-14 py-6 sm:py-8`}>
      <h1 className="sr-only">{SHOP_NAME}</h1>
      <BannerCarousel slides={slides} label={t("home.bannersLabel")} />
      <ProductSection title={t("home.latestOffers")} to={NEW_PATH} products={latest} aboveFold />
      <CategoryBanners images={bannerImages} />
      {/* below the first screen: laid out and painted when scrolled near (less work while the page loads) */}
      <div className={`${BELOW_THE_FOLD} space-y-14`}>
        <ProductSection title={t("home.premium")} to={PREMIUM_PATH} products={premium} />
        <ProductSection title={t("home.sale")} to={SALE_PATH} products={sale} />
        <Promises />
        <BlogSection articles={articles} />
      </div>
    </div>
  );
}

function SectionHeading({ id, title, to }: { id: string; title: string; to: string }) {
  const t = useT();
  return (
    <div className="mb-4 flex items-end justify-between gap-4">
      <h2 id={id} className="font-serif text-2xl font-semibold text-stone-900">
        <Link to={to} className="rounded-md underline-offset-4 hover:underline">
          {title}
        </Link>
      </h2>
      <Link
        to={to}
        aria-hidden="true"
        tabIndex={-1}
        className="hidden shrink-0 items-center gap-1 text-sm font-medium text-accent-700 hover:underline sm:inline-flex"
      >
        {t("home.seeAll")}
        <ChevronRightIcon className="size-4" />
      </Link>
    </div>
  );
}

function ProductSection({
  title,
  to,
  products,
  aboveFold = false,
}: {
  title: string;
  to: string;
  products: readonly ProductCardData[];
  /** the first strip, right under the banner (ProductCarousel `aboveFold`) */
  aboveFold?: boolean;
}) {
  const id = `section-${to.replace(/\W+/g, "-")}`;
  if (products.length === 0) return null;
  // the carousel is the section's landmark (a region named like the heading)
  return (
    <div>
      <SectionHeading id={id} title={title} to={to} />
      <ProductCarousel label={title} products={products} aboveFold={aboveFold} />
    </div>
  );
}

const CATEGORY_BANNERS = [
  {
    to: LAYETTE_PATH,
    image: "layette",
    titleKey: "home.bannerLayettes",
    textKey: "home.bannerLayettesText",
    className: "bg-[#e4ece1] text-[#2b4530]",
  },
  {
    to: SALE_PATH,
    image: "sale",
    titleKey: "home.bannerSale",
    textKey: "home.bannerSaleText",
    className: "bg-accent-100 text-accent-800",
  },
  {
    to: SETS_PATH,
    image: "set",
    titleKey: "home.bannerSets",
    textKey: "home.bannerSetsText",
    className: "bg-[#f1e9dc] text-[#54401f]",
  },
] as const;

type BannerImages = Record<(typeof CATEGORY_BANNERS)[number]["image"], string | null>;

/** The three category banners of SPEC §2: layettes, sale and gift sets, each with a product photo. */
function CategoryBanners({ images }: { images: BannerImages }) {
  const t = useT();
  return (
    <nav aria-label={t("home.categoryBanners")}>
      <ul className="grid gap-4 md:grid-cols-3">
        {CATEGORY_BANNERS.map((banner) => {
          const image = images[banner.image];
          return (
            <li key={banner.to}>
              <Link
                to={banner.to}
                // three narrow columns from 768 px: the photo goes above the text until 1024 px, so
                // the title ("Wyprzedaż") has the whole width
                className={`group flex h-full items-center gap-4 overflow-hidden rounded-2xl p-4 transition-shadow hover:shadow-md sm:p-5 md:flex-col md:items-start lg:flex-row lg:items-center ${banner.className}`}
              >
                {image ? (
                  <ResponsiveImage
                    src={image}
                    sizes="(min-width: 1024px) 112px, (min-width: 640px) 96px, 80px"
                    alt=""
                    width={112}
                    height={112}
                    className="size-20 shrink-0 rounded-xl object-cover shadow-sm transition-transform duration-300 group-hover:scale-105 sm:size-24 lg:size-28"
                  />
                ) : null}
                <span className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="font-serif text-2xl font-semibold">{t(banner.titleKey)}</span>
                  <span className="text-sm opacity-90">{t(banner.textKey)}</span>
                </span>
                <ChevronRightIcon className="size-6 shrink-0 transition-transform group-hover:translate-x-1 md:hidden lg:block" />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Promises() {
  const t = useT();
  const items = [
    {
      icon: ShieldIcon,
      title: t("home.promiseSecurePaymentTitle"),
      text: t("home.promiseSecurePaymentText"),
    },
    { icon: TruckIcon, title: t("home.promiseFreeShippingTitle"), text: t("home.promiseFreeShippingText") },
    { icon: LeafIcon, title: t("home.promiseSafeFabricsTitle"), text: t("home.promiseSafeFabricsText") },
  ];
  return (
    <ul className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-6 sm:grid-cols-3 sm:gap-6">
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex items-start gap-4">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent-50 text-accent-700">
            <Icon className="size-6" />
          </span>
          <div>
            <h2 className="font-semibold text-stone-900">{title}</h2>
            <p className="mt-1 text-sm text-stone-600">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function BlogSection({ articles }: { articles: readonly BlogCardData[] }) {
  const t = useT();
  const _lang = useLang();
  if (articles.length === 0) return null;
  return (
    <section aria-labelledby="home-blog">
      <SectionHeading id="home-blog" title={t("home.blog")} to="/blog" />
      <ul className="grid gap-6 md:grid-cols-3">
        {articles.map((article) => (
          <li key={article._id}>
            <BlogCard article={article} headingLevel="h3" />
          </li>
        ))}
      </ul>
    </section>
  );
}
