import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { bundleReport } from "./scripts/bundle-report-plugin";
import { plainDynamicImport } from "./scripts/plain-dynamic-import-plugin";
import { precompressAssets } from "./scripts/precompress-plugin";

const I18N_INDEX = path.resolve("domain/i18n/index.ts");
const I18N_TRANSLATE = path.resolve("domain/i18n/translate.ts");

/**
 * In the browser `domain/i18n` is its translator without texts (domain/i18n/translate.ts): the
 * index adds every text of both languages, which the server needs and a page must not download.
 * The browser loads its texts per language and area (web/lib/i18n.tsx, web/entry.client.tsx;
 * docs/decisions/021-bundle-budgets.md). A browser module importing `pl`, `en` or `messages` from
 * domain/i18n fails the build.
 */
function browserTranslator(): Plugin {
  return {
    name: "shop-browser-translator",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (this.environment.config.consumer !== "client" || !/(^|\/)i18n(\/index(\.ts)?)?$/.test(source)) {
        return null;
      }
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === I18N_INDEX ? I18N_TRANSLATE : null;
    },
  };
}

/**
 * The browser build takes React Router's production files: the package's exports always point at
 * dist/development, whose dev warnings cost every page ~0.6 kB gzip. Every import of the package
 * (react-router, react-router/dom, and their chunks, which import each other relatively) is swapped
 * for the same file of dist/production, so the bundle holds one copy of React Router. The server
 * keeps the package as Node resolves it: @react-router/node and @mcansh/remix-fastify import it too,
 * and two copies on the server would not share React Router's contexts
 * (docs/decisions/021-bundle-budgets.md).
 */
function reactRouterProduction(): Plugin {
  return {
    name: "shop-react-router-production",
    apply: "build",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (this.environment.config.consumer !== "client" || !/^react-router(\/|$)/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved?.id.includes("/react-router/dist/development/")) return resolved;
      return { ...resolved, id: resolved.id.replace("/dist/development/", "/dist/production/") };
    },
  };
}

const ROOT_ROUTE = path.resolve("web/root.tsx");
/**
 * Small modules that most heavy pages import, but not the root: in the shell rather than a file each
 * (the toasts every action may raise, the responsive images of cards and galleries).
 */
const SHELL_EXTRAS = new Set(
  ["web/lib/toasts.ts", "web/components/responsive-image.tsx", "web/lib/responsive-image.ts"].map((f) =>
    path.resolve(f),
  ),
);

/**
 * The app's own modules that the root route imports, directly or not: every page loads them, so
 * they go into one "shell" chunk instead of a dozen small files each page fetches anyway (fewer
 * requests, better compression). Modules of one or some routes keep their own chunks.
 */
function shellChunk(id: string, ctx: { getModuleInfo(id: string): { importers: string[] } | null }) {
  if (id.includes("/node_modules/") || !id.startsWith(process.cwd()) || id.startsWith(ROOT_ROUTE))
    return null;
  if (SHELL_EXTRAS.has(id)) return "shell";
  const seen = new Set<string>([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const importer of ctx.getModuleInfo(next)?.importers ?? []) {
      if (importer.startsWith(ROOT_ROUTE)) return "shell";
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return null;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tailwindcss(),
    browserTranslator(),
    reactRouterProduction(),
    reactRouter(),
    plainDynamicImport(),
    bundleReport(),
    precompressAssets(),
  ],
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
  build: isSsrBuild
    ? {}
    : {
        rolldownOptions: { output: { codeSplitting: { groups: [{ name: shellChunk }] } } },
        // no preload helper around import(): the lazy chunks (texts, form schemas, side cart) are
        // one file each or load after hydration, and the helper would cost every page 0.7 kB
        modulePreload: false,
      },
}));
