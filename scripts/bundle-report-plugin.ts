import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Plugin } from "vite";

// Writes build/bundle-modules.json during the client build: for every emitted chunk, its static and
// dynamic imports and the source modules inside it with their gzip size alone. The budget test
// (web/bundle-budgets.test.ts) follows the imports to know what a page loads before it is
// interactive, names the biggest modules when a budget breaks, and proves that no staff-area module
// is ever part of what a storefront page loads. It lives outside build/client, so it is never served.

export const BUNDLE_REPORT = path.resolve("build", "bundle-modules.json");

export interface ChunkReport {
  /** files (relative to build/client) this chunk imports statically: they load with it */
  imports: string[];
  /** files it may import later with import() */
  dynamicImports: string[];
  /** source modules (relative to the project) and the gzip bytes of each one's code on its own */
  modules: { id: string; gzip: number }[];
}

export function bundleReport(): Plugin {
  return {
    name: "shop-bundle-report",
    apply: "build",
    generateBundle(_options, bundle) {
      if (this.environment?.name !== "client") return;
      const chunks: Record<string, ChunkReport> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const ids = output.moduleIds ?? Object.keys(output.modules);
        chunks[output.fileName] = {
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          modules: ids.map((id) => ({
            id: path.relative(process.cwd(), id.split("?")[0] ?? id),
            gzip: zlib.gzipSync(output.modules[id]?.code ?? "").length,
          })),
        };
      }
      fs.mkdirSync(path.dirname(BUNDLE_REPORT), { recursive: true });
      fs.writeFileSync(BUNDLE_REPORT, JSON.stringify(chunks, null, 1));
    },
  };
}
