// The strict form of the /produkty query for the API (GET /api/shops/products): zod, so server-only
// (the page's lenient parse and the helpers the browser needs are in product-query.ts, without zod).

import { z } from "zod";
import { idFromTextSchema } from "./common";
import { MSG } from "./messages";
import { optionalPriceInputSchema } from "./price-filter";
import {
  DEFAULT_PRODUCT_QUERY,
  FLAG_ON,
  normalizeSearch,
  type ProductQuery,
  RELEVANCE,
  SEARCH_MAX,
  SORT_DIRECTIONS,
  SORT_FIELDS,
  sortFieldFor,
} from "./product-query";

const flagParam = z.literal(FLAG_ON, { error: MSG.invalid }).optional();

/**
 * The strict form of the query for the API: the same names and values as the page, but anything
 * that is not one of them is a 400 with the field's message key (minCena=-1, sortujWg=foo,
 * kategoria=abc, a repeated parameter…). Unknown parameters are ignored.
 */
export const productListParamsSchema = z
  .object({
    kategoria: idFromTextSchema.optional(),
    szukaj: z.string({ error: MSG.invalid }).max(SEARCH_MAX, { error: MSG.maxLength }).optional(),
    nowosci: flagParam,
    wyprawki: flagParam,
    zestawy: flagParam,
    wyprzedaz: flagParam,
    premium: flagParam,
    sortujWg: z.enum([...SORT_FIELDS, RELEVANCE], { error: MSG.invalid }).optional(),
    sortujTyp: z.enum(SORT_DIRECTIONS, { error: MSG.invalid }).optional(),
    minCena: optionalPriceInputSchema,
    maxCena: optionalPriceInputSchema,
    strona: idFromTextSchema.optional(),
  })
  .superRefine((data, ctx) => {
    if (data.minCena !== undefined && data.maxCena !== undefined && data.minCena > data.maxCena) {
      ctx.addIssue({ code: "custom", path: ["maxCena"], message: MSG.priceRange });
    }
  })
  .transform((data): ProductQuery => {
    const szukaj = normalizeSearch(data.szukaj);
    return {
      kategoria: data.kategoria ?? null,
      szukaj,
      nowosci: data.nowosci === FLAG_ON,
      wyprawki: data.wyprawki === FLAG_ON,
      zestawy: data.zestawy === FLAG_ON,
      wyprzedaz: data.wyprzedaz === FLAG_ON,
      premium: data.premium === FLAG_ON,
      sortujWg: sortFieldFor(data.sortujWg, szukaj),
      sortujTyp: data.sortujTyp ?? DEFAULT_PRODUCT_QUERY.sortujTyp,
      minCenaGrosze: data.minCena ?? null,
      maxCenaGrosze: data.maxCena ?? null,
      strona: data.strona ?? 1,
    };
  });
