import path from "node:path";
import { slugify } from "../../../domain/slug";
import type { Tx } from "../client";
import { blogArticles, creatorCategories, creators, games, headerSlides, pages } from "../schema";
import {
  blogDefs,
  creatorCategoryDefs,
  creatorDefs,
  gameDefs,
  pageDefs,
  slideDefs,
} from "./demo-data/content";
import { type ImageSpec, imageUrls } from "./images";
import { daysBefore } from "./plan";
import type { ProductIdOf } from "./products";

// The demo content: banner slides, pages (existing links are kept), blog articles (whose carousels
// name products); creators with their categories, and games.

export interface SeededContent {
  headerSlides: number;
  pages: number;
  blogArticles: number;
}

export async function insertContent(
  tx: Tx,
  now: Date,
  specs: { slides: readonly ImageSpec[]; blog: readonly ImageSpec[] },
  productId: ProductIdOf,
): Promise<SeededContent> {
  await tx.insert(headerSlides).values(
    slideDefs.map((def, index) => ({
      title: def.title,
      description: def.description,
      link: def.link,
      imageUrl: imageUrls(specs.slides[index] ?? { base: `demo/slides/${def.key}` }).url,
      order: def.order,
      createdAt: daysBefore(now, 90 - index),
      updatedAt: daysBefore(now, 30 - index),
    })),
  );
  const pageRows = await tx
    .insert(pages)
    .values(
      pageDefs.map((def, index) => ({
        link: def.link,
        title: def.title,
        image: null,
        content: def.content,
        protected: def.protected,
        createdAt: daysBefore(now, 120),
        updatedAt: daysBefore(now, 10 + index * 3),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: pages.id });
  const blogRows = await tx
    .insert(blogArticles)
    .values(
      blogDefs.map((def, index) => {
        const urls = imageUrls(specs.blog[index] ?? { base: "demo/blog/missing" });
        const createdAt = daysBefore(now, def.daysAgo, 9 * 60);
        return {
          title: def.title,
          slug: slugify(def.title),
          tags: [...def.tags],
          image: {
            url: urls.url,
            thumb_url: urls.thumbUrl,
            name: path.posix.basename(urls.url),
            isNew: true,
          },
          content: def.content,
          hasSlides: (def.slides?.length ?? 0) > 0,
          slideIds: (def.slides ?? []).map(productId),
          slidesTitle: def.slidesTitle ?? "",
          slidesDescription: def.slidesDescription ?? "",
          createdAt,
          updatedAt: createdAt,
        };
      }),
    )
    .returning({ id: blogArticles.id });
  return {
    headerSlides: slideDefs.length,
    pages: pageRows.length,
    blogArticles: blogRows.length,
  };
}

export async function insertCreatorsAndGames(
  tx: Tx,
  now: Date,
): Promise<{ creators: number; games: number }> {
  const creatorCategoryIds = new Map<string, number>();
  for (const def of creatorCategoryDefs) {
    const [row] = await tx
      .insert(creatorCategories)
      .values({ title: def.title, order: def.order })
      .returning({ id: creatorCategories.id });
    if (row) creatorCategoryIds.set(def.key, row.id);
  }
  await tx.insert(creators).values(
    creatorDefs.map((def, index) => ({
      title: def.title,
      description: def.description,
      categoryId: creatorCategoryIds.get(def.category) ?? null,
      createdAt: daysBefore(now, 80 - index * 5),
    })),
  );
  await tx
    .insert(games)
    .values(gameDefs.map((def, index) => ({ ...def, createdAt: daysBefore(now, 70 - index * 5) })));
  return { creators: creatorDefs.length, games: gameDefs.length };
}
