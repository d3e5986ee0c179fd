import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { ImageRef } from "../../../domain/types";
import { createdAt, deletedAt, id, updatedAt } from "./columns";

// Content: banner slides, pages, blog articles, the picture gallery, creators and games.

export const headerSlides = pgTable("header_slides", {
  id: id(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  // English content (issue 30, docs/decisions/078): blank = none, the Polish text is shown
  titleEn: text("title_en").notNull().default(""),
  descriptionEn: text("description_en").notNull().default(""),
  link: text("link"),
  imageUrl: text("image_url").notNull(),
  order: integer("order").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const pages = pgTable(
  "pages",
  {
    id: id(),
    link: text("link").notNull(),
    title: text("title").notNull(),
    image: text("image"),
    content: text("content").notNull().default(""),
    // English content (issue 30, docs/decisions/078): blank = none; linkEn is a second path to the page
    titleEn: text("title_en").notNull().default(""),
    linkEn: text("link_en").notNull().default(""),
    contentEn: text("content_en").notNull().default(""),
    protected: boolean("protected").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  // a link is unique among the live pages: a trashed page's link may be taken meanwhile (ADR 076)
  (t) => [uniqueIndex("pages_link_live_unique").on(t.link).where(sql`deleted_at is null`)],
);

export const blogArticles = pgTable(
  "blog_articles",
  {
    id: id(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    tags: text("tags").array().notNull().default(sql`ARRAY[]::text[]`),
    image: jsonb("image").$type<ImageRef>(),
    content: text("content").notNull().default(""),
    // English content (issue 30, docs/decisions/078): blank = none, the Polish text is shown
    titleEn: text("title_en").notNull().default(""),
    slugEn: text("slug_en").notNull().default(""),
    contentEn: text("content_en").notNull().default(""),
    hasSlides: boolean("has_slides").notNull().default(false),
    slideIds: integer("slide_ids").array().notNull().default(sql`ARRAY[]::integer[]`),
    slidesTitle: text("slides_title").notNull().default(""),
    slidesDescription: text("slides_description").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index("blog_articles_created_idx").on(t.createdAt),
    index("blog_articles_trashed_idx").on(t.deletedAt).where(sql`deleted_at is not null`),
  ],
);

export const galleryImages = pgTable(
  "gallery_images",
  {
    id: id(),
    /** nested with '/', e.g. "produkty/kocyki" */
    folder: text("folder").notNull().default(""),
    name: text("name").notNull(),
    url: text("url").notNull(),
    thumbUrl: text("thumb_url").notNull(),
    width: integer("width"),
    height: integer("height"),
    sizeBytes: integer("size_bytes"),
    mimeType: text("mime_type"),
    createdAt: createdAt(),
  },
  (t) => [index("gallery_images_folder_idx").on(t.folder)],
);

export const creatorCategories = pgTable("creator_categories", {
  id: id(),
  title: text("title").notNull(),
  order: integer("order").notNull().default(0),
});

export const creators = pgTable("creators", {
  id: id(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  image: text("image"),
  link: text("link"),
  categoryId: integer("category_id").references(() => creatorCategories.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

export const games = pgTable("games", {
  id: id(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  image: text("image"),
  link: text("link"),
  createdAt: createdAt(),
});
