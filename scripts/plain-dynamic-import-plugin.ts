import type { Plugin } from "vite";

// Vite wraps every import() of the browser build in its preload helper (\0vite/preload-helper.js),
// which would add a lazy chunk's CSS and (with build.modulePreload) its imports as <link>s before
// importing it. With modulePreload off (vite.config.ts) it only handles CSS, and no lazy chunk of
// this shop imports CSS (one stylesheet, linked by the root), so the ~0.6 kB gzip helper every page
// loads does nothing but call the import. This swaps it for a plain call, and fails the build if a
// chunk ever imports CSS, which the plain call would not load (docs/decisions/021-bundle-budgets.md).

const PRELOAD_HELPER = "\0vite/preload-helper.js";

export function plainDynamicImport(): Plugin {
  return {
    name: "shop-plain-dynamic-import",
    apply: "build",
    transform: {
      filter: { id: { include: [/^\0vite\/preload-helper\.js$/] } },
      handler(_code, id) {
        if (this.environment.config.consumer !== "client" || id !== PRELOAD_HELPER) return null;
        return { code: "export const __vitePreload = (load) => load();", map: null };
      },
    },
    generateBundle(_options, bundle) {
      if (this.environment.config.consumer !== "client") return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && (chunk.viteMetadata?.importedCss.size ?? 0) > 0) {
          this.error(
            `${chunk.fileName} imports CSS, which the plain import() (scripts/plain-dynamic-import-plugin.ts) would not load`,
          );
        }
      }
    },
  };
}
