import { sitemapXml } from "../lib/seo";
import type { Route } from "./+types/sitemap";

// GET /sitemap.xml: home, the product list, every visible product, category, blog article and
// static page, with the date it last changed (server/areas/content/sitemap.service.ts).
export async function loader({ context }: Route.LoaderArgs) {
  const entries = await context.services.sitemap.listEntries();
  return new Response(sitemapXml(context.publicSettings.publicUrl, entries), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
