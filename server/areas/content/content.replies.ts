import { z } from "zod";
import type { BlogArticle, HeaderSlide, Id, Page } from "../../../domain/types";
import { englishReply, id, imageRef, isoDate, optionalText } from "../../http/reply-schemas";
import type { Creator, CreatorCategory, Game } from "./creators.service";

// What the content routes answer on success (docs/decisions/060): header slides, blog articles,
// static pages, creators, their categories, games and the contact message. Each schema is typed
// against the shape the services return, so a field the type gains or loses fails the type check;
// they document, the replies are sent as the handlers shape them (content.replies.test.ts).

export const headerSlideReply: z.ZodType<HeaderSlide> = z.object({
  _id: id,
  title: z.string(),
  description: z.string(),
  link: optionalText,
  image: z.object({ url: z.string() }),
  order: z.number().int(),
});

export const headerSlidesReply = z.array(headerSlideReply);

/** A slide as staff write it: with its English texts (issue 30). */
export const slideRecordReply = headerSlideReply.and(englishReply("slide"));

export const blogArticleReply: z.ZodType<BlogArticle> = z.object({
  _id: id,
  slug: z.string(),
  title: z.string(),
  tags: z.array(z.string()),
  createdAt: isoDate,
  image: imageRef.nullable(),
  content: z.string(),
  hasSlides: z.boolean(),
  slides: z.array(id),
  slidesTitle: z.string(),
  slidesDescription: z.string(),
});

export const blogArticlesReply = z.array(blogArticleReply);

/** An article as staff write it: with its English texts (issue 30). */
export const articleRecordReply = blogArticleReply.and(englishReply("article"));

export const pageReply: z.ZodType<Page> = z.object({
  _id: id,
  link: z.string(),
  title: z.string(),
  updatedAt: isoDate,
  image: optionalText,
  content: z.string(),
  protected: z.boolean(),
});

export const pagesReply = z.array(pageReply);

/** A page as staff write it: with its English texts (issue 30). */
export const pageRecordReply = pageReply.and(englishReply("page"));

/** What a game and a creator share. */
const gameFields = {
  _id: id,
  title: z.string(),
  description: z.string(),
  image: optionalText,
  link: optionalText,
  createdAt: isoDate,
};

export const gameReply: z.ZodType<Game> = z.object(gameFields);

export const gamesReply = z.array(gameReply);

export const creatorReply: z.ZodType<Creator> = z.object({ ...gameFields, category: id.nullable() });

export const creatorsReply = z.array(creatorReply);

export const creatorCategoryReply: z.ZodType<CreatorCategory> = z.object({
  _id: id,
  title: z.string(),
  order: z.number().int(),
});

export const creatorCategoriesReply = z.array(creatorCategoryReply);

/** A staff delete of a blog article, page, creator, creator category or game: the id it removed. */
export const deletedReply: z.ZodType<{ _id: Id }> = z.object({ _id: id });

/** The contact message went to the shop's outbox. */
export const messageSentReply: z.ZodType<{ sent: true }> = z.object({ sent: z.literal(true) });
