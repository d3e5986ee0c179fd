import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { textSchema } from "../../../domain/validation/common";
import { apiRoute, CONTENT } from "../../http/api-route";
import { FailureError, fail } from "../../lib/result";
import { BY_ID, idParamsSchema, publicCache } from "../catalog/catalog.routes";
import {
  blogArticleReply,
  blogArticlesReply,
  headerSlidesReply,
  pageReply,
  pagesReply,
} from "./content.replies";

// GET /api/shops/headers, /api/blogs, /api/blogs/:id, /api/pages, /api/pages/by-link/:link (SPEC §7).
// Thin: parse the input, call one content service function, shape the reply.

const blogListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

const pageLinkParamsSchema = z.object({
  link: textSchema().min(1).max(200),
});

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const { content } = app.services;

  app.get(
    "/shops/headers",
    apiRoute({ ...CONTENT, summary: "Header slides", response: headerSlidesReply }),
    async (_request, reply) => {
      const slides = await content.listHeaderSlides();
      publicCache(reply);
      return slides;
    },
  );

  app.get(
    "/blogs",
    apiRoute({
      ...CONTENT,
      summary: "Blog articles, newest first",
      querystring: blogListQuerySchema,
      response: blogArticlesReply,
    }),
    async (request, reply) => {
      const { limit } = blogListQuerySchema.parse(request.query);
      const articles = await content.listBlogArticles(limit === undefined ? {} : { limit });
      publicCache(reply);
      return articles;
    },
  );

  app.get(
    "/blogs/:id",
    apiRoute({ ...CONTENT, ...BY_ID, summary: "One blog article", response: blogArticleReply }),
    async (request, reply) => {
      const { id } = idParamsSchema.parse(request.params);
      const article = await content.getBlogArticle(id);
      if (!article) throw new FailureError(fail("not-found"));
      publicCache(reply);
      return article;
    },
  );

  app.get(
    "/pages",
    apiRoute({ ...CONTENT, summary: "Static pages", response: pagesReply }),
    async (_request, reply) => {
      const pages = await content.listPages();
      publicCache(reply);
      return pages;
    },
  );

  app.get(
    "/pages/by-link/:link",
    apiRoute({
      ...CONTENT,
      summary: "The static page with this link",
      params: pageLinkParamsSchema,
      response: pageReply,
      errors: ["not-found"],
    }),
    async (request, reply) => {
      const { link } = pageLinkParamsSchema.parse(request.params);
      const page = await content.getPageByLink(link);
      if (!page) throw new FailureError(fail("not-found"));
      publicCache(reply);
      return page;
    },
  );
}
