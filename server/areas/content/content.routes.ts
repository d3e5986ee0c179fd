import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
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

/**
 * The handler of a public read: answers what `read` gives, with the public cache header (a failure,
 * thrown, has none).
 */
export function publicRead<T>(read: (request: FastifyRequest) => Promise<T>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<T> => {
    const value = await read(request);
    publicCache(reply);
    return value;
  };
}

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const { content } = app.services;

  app.get(
    "/shops/headers",
    apiRoute({ ...CONTENT, summary: "Header slides", response: headerSlidesReply }),
    publicRead(() => content.listHeaderSlides()),
  );

  app.get(
    "/blogs",
    apiRoute({
      ...CONTENT,
      summary: "Blog articles, newest first",
      querystring: blogListQuerySchema,
      response: blogArticlesReply,
    }),
    publicRead((request) => {
      const { limit } = blogListQuerySchema.parse(request.query);
      return content.listBlogArticles(limit === undefined ? {} : { limit });
    }),
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
    publicRead(() => content.listPages()),
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
