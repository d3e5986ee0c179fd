import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

// Writes build/bundle-modules.json during the client build: for every emitted chunk, the source
// modules inside it. The budget test (web/bundle-budgets.test.ts) uses it to prove that no staff-area
// module is ever part of what a storefront page loads. It lives outside build/client, so it is never
// served.

export const BUNDLE_REPORT = path.resolve("build", "bundle-modules.json");

export function bundleReport(): Plugin {
  return {
    name: "shop-bundle-report",
    apply: "build",
    generateBundle(_options, bundle) {
      if (this.environment?.name !== "client") return;
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const ids = output.moduleIds ?? Object.keys(output.modules);
        chunks[output.fileName] = ids.map((id) => path.relative(process.cwd(), id.split("?")[0] ?? id));
      }
      fs.mkdirSync(path.dirname(BUNDLE_REPORT), { recursive: true });
      fs.writeFileSync(BUNDLE_REPORT, JSON.stringify(chunks, null, 1));
    },
  };
}
