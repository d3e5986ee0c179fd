import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { contentTypeOf, isMediaKey } from "./media-key";
import {
  isNotModified,
  type MediaGetOptions,
  type MediaGetResult,
  type MediaHead,
  type MediaListing,
  type MediaStorage,
  MediaStorageError,
  parseRange,
} from "./media-storage";

// The media on this machine's disk (MEDIA_STORAGE=local, the default): <root>/<key>, today's paths.
// A put writes a hidden temporary file (exclusive create) and renames it, so a reader never sees half
// a picture; listing skips hidden files.

/** The file of a key, only inside the root. */
function fileOf(root: string, key: string): string {
  if (!isMediaKey(key)) throw new MediaStorageError(`not a media key: ${JSON.stringify(key.slice(0, 100))}`);
  const file = path.resolve(root, ...key.split("/"));
  if (!file.startsWith(`${root}${path.sep}`))
    throw new MediaStorageError("a media key outside the media folder");
  return file;
}

async function headOf(file: string, key: string): Promise<MediaHead | null> {
  const stat = await fs.stat(file).catch(() => null);
  if (!stat?.isFile()) return null;
  return {
    contentType: contentTypeOf(key),
    length: stat.size,
    // as @fastify/static's: size and time, weak (the bytes are not hashed)
    etag: `W/"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`,
    lastModified: stat.mtime,
  };
}

async function* walk(dir: string, relative: string): AsyncGenerator<MediaListing> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const key = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), key);
    else if (entry.isFile()) {
      const stat = await fs.stat(path.join(dir, entry.name)).catch(() => null);
      if (stat) yield { key, size: stat.size };
    }
  }
}

export function createLocalMediaStorage(mediaDir: string): MediaStorage {
  const root = path.resolve(mediaDir);
  return {
    kind: "local",
    location: root,

    async put(key, data) {
      const file = fileOf(root, key);
      const temp = path.join(
        path.dirname(file),
        `.${path.basename(file)}.tmp-${randomBytes(4).toString("hex")}`,
      );
      try {
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(temp, data, { flag: "wx" });
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true }).catch(() => undefined);
        throw new MediaStorageError(error instanceof Error ? error.message : String(error));
      }
    },

    async head(key) {
      return headOf(fileOf(root, key), key);
    },

    async get(key, options: MediaGetOptions = {}): Promise<MediaGetResult> {
      const file = fileOf(root, key);
      const head = await headOf(file, key);
      if (!head) return { kind: "missing" };
      if (isNotModified(head, options)) return { kind: "not-modified", head };
      const range = parseRange(options.range, head.length);
      if (range === "unsatisfiable") return { kind: "unsatisfiable-range", head };
      const body = createReadStream(file, range ? { start: range.first, end: range.last } : {});
      return {
        kind: "object",
        head,
        body,
        length: range ? range.last - range.first + 1 : head.length,
        range,
      };
    },

    async delete(keys) {
      await Promise.all(keys.map((key) => fs.rm(fileOf(root, key), { force: true }).catch(() => undefined)));
    },

    close() {},

    list(prefix) {
      return (async function* () {
        for await (const entry of walk(root, "")) if (entry.key.startsWith(prefix)) yield entry;
      })();
    },
  };
}
