import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { idFromTextSchema } from "../../../domain/validation/common";
import { productListParamsSchema } from "../../../domain/validation/product-list-params";
import { hasProductListParams } from "../../../domain/validation/product-query";
import { type ApiRouteSpec, apiRoute, CATALOG } from "../../http/api-route";
import { FailureError, fail } from "../../lib/result";
import {
  categoryReply,
  productBasicReply,
  productFieldReply,
  productListReply,
  productReply,
} from "./catalog.replies";

// GET /api/shops/{categories,fields,products,products/basic,products/:id} (SPEC §7).
// Thin: parse the input, call one catalog service function, shape the reply.

export const PUBLIC_CACHE_CONTROL = "public, max-age=60";

/** A positive integer id path parameter (shared domain schema); anything else is a 400 with the field error. */
export const idParamsSchema = z.object({ id: idFromTextSchema });

/** The declaration of a route about one row by its id: the id's schema, 404 when there is none. */
export const BY_ID = {
  params: idParamsSchema,
  errors: ["not-found"],
} as const satisfies Partial<ApiRouteSpec>;

/** Marks a successful public GET reply as cacheable for a minute (never an error reply). */
export function publicCache(reply: FastifyReply): void {
  reply.header("cache-control", PUBLIC_CACHE_CONTROL);
}

export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const { catalog } = app.services;

  app.get(
    "/shops/categories",
    apiRoute({ ...CATALOG, summary: "The category tree", response: z.array(categoryReply) }),
    async (_request, reply) => {
      const categories = await catalog.listCategories();
      publicCache(reply);
      return categories;
    },
  );

  app.get(
    "/shops/fields",
    apiRoute({ ...CATALOG, summary: "Product fields with options", response: z.array(productFieldReply) }),
    async (_request, reply) => {
      const fields = await catalog.listFields();
      publicCache(reply);
      return fields;
    },
  );

  // GET /api/shops/products
  //   - without list parameters: every visible product, full DTOs, as an array (SPEC §7; the app
  //     and other code rely on this shape);
  //   - with any list parameter — the /produkty names: kategoria, szukaj, nowosci, wyprawki,
  //     zestawy, wyprzedaz, premium (= tak), sortujWg (title|updated|price|relevance), sortujTyp
  //     (asc|desc), minCena, maxCena (zł), strona — one page of the filtered list as
  //     { items: ProductBasic[], total, page, pageSize } (domain/validation/product-query.ts).
  //     Invalid values answer 400 with field errors (e.g. minCena=-1, sortujWg=foo).
  app.get(
    "/shops/products",
    apiRoute({
      ...CATALOG,
      summary: "Visible products; with list parameters: filtered, sorted, one page",
      querystring: productListParamsSchema,
      response: productListReply,
    }),
    async (request, reply) => {
      if (hasProductListParams(request.query)) {
        const query = productListParamsSchema.parse(request.query);
        const page = await catalog.searchProducts(query);
        publicCache(reply);
        return page;
      }
      const products = await catalog.listProducts();
      publicCache(reply);
      return products;
    },
  );

  app.get(
    "/shops/products/basic",
    apiRoute({
      ...CATALOG,
      summary: "Id, title and slug of every visible product",
      response: z.array(productBasicReply),
    }),
    async (_request, reply) => {
      const products = await catalog.listProductsBasic();
      publicCache(reply);
      return products;
    },
  );

  app.get(
    "/shops/products/:id",
    apiRoute({ ...BY_ID, summary: "One product", tag: "catalog", access: "public", response: productReply }),
    async (request, reply) => {
      const { id } = idParamsSchema.parse(request.params);
      const product = await catalog.getProduct(id);
      if (!product) throw new FailureError(fail("not-found"));
      publicCache(reply);
      return product;
    },
  );
}
