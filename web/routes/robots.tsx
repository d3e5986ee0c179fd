import { robotsTxt } from "../lib/seo";
import type { Route } from "./+types/robots";

// GET /robots.txt: crawl everything public, not the account area, the API, checkout or orders;
// the sitemap's absolute address comes from PUBLIC_URL.
export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.publicSettings.publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
