import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

// Compression of the shop's own answers (pages, JSON) for browsers that accept it: Brotli at
// quality 4 (about gzip's cost, smaller output) or gzip; below 1 kB nothing is compressed. The
// client build's assets are compressed once at build time (scripts/precompress-plugin.ts) and
// served as they are; images are already compressed and skipped by their media type. Compressed
// request bodies are refused (no decompression: a small upload must not inflate into gigabytes).
// docs/decisions/025-compression.md

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ["br", "gzip"],
    threshold: 1024,
  });
}
