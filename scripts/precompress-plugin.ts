import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Plugin } from "vite";

// Writes a Brotli (.br) and a gzip (.gz) copy next to every text asset of the client build, at the
// strongest settings (done once per build, not per request). @fastify/static serves them with
// `preCompressed` (server/app.ts) to browsers that accept the encoding; docs/decisions/025.

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|xml|map)$/;
/** below this size the encoding headers cost about what compression saves */
const MIN_BYTES = 1024;

export function precompressAssets(): Plugin {
  return {
    name: "shop-precompress-assets",
    apply: "build",
    writeBundle(options, bundle) {
      if (this.environment?.name !== "client" || !options.dir) return;
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const file = path.join(options.dir, fileName);
        const data = fs.readFileSync(file);
        if (data.length < MIN_BYTES) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}
