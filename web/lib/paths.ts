import type { BlogArticle, ProductBasic } from "../../domain/types";

// URLs of the storefront (SPEC §2). Query parameter names are Polish by spec.

export const PRODUCTS_PATH = "/produkty";

export function productPath(product: Pick<ProductBasic, "_id" | "slug">): string {
  return `/produkt/${product._id}-${product.slug}`;
}

export function blogArticlePath(article: Pick<BlogArticle, "_id" | "slug">): string {
  return `/blog/${article._id}-${article.slug}`;
}

export function categoryPath(categoryId: number): string {
  return `${PRODUCTS_PATH}?kategoria=${categoryId}`;
}

export const SALE_PATH = `${PRODUCTS_PATH}?wyprzedaz=tak`;
export const PREMIUM_PATH = `${PRODUCTS_PATH}?premium=tak`;
export const NEW_PATH = `${PRODUCTS_PATH}?nowosci=tak`;
export const LAYETTE_PATH = `${PRODUCTS_PATH}?wyprawki=tak`;
export const SETS_PATH = `${PRODUCTS_PATH}?zestawy=tak`;
export const LOGIN_PATH = "/logowanie";
export const ACCOUNT_PATH = "/konto";
export const CART_PATH = "/koszyk";
export const SET_LANGUAGE_PATH = "/jezyk";
export const ACCEPT_COOKIES_PATH = "/zgoda-cookies";
