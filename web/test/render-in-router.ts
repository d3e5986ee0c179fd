import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import type { Lang } from "../../domain/i18n";
import { LangProvider } from "../lib/i18n";

// Test helpers for web/: a component rendered to HTML as the server renders a page.

/** The element's HTML as the server renders it: inside a router, in the language of its LangProvider. */
export async function renderInRouter(element: ReactElement, lang: Lang = "pl"): Promise<string> {
  const routes = [{ id: "root", path: "/", element: createElement(LangProvider, { lang }, element) }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://shop.test/"));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}
