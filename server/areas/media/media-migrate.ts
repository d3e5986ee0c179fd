import { contentTypeOf, isMediaKey } from "./media-key";
import { type MediaStorage, readMedia } from "./media-storage";

// `npm run media:migrate` (scripts/media-migrate.ts, docs/decisions/081): every picture of one media
// storage (a local folder) copied into another (the bucket). An object the target already holds with
// the same size is skipped (a media name never gets other bytes, ADR 024), so a second run copies
// nothing and an interrupted one resumes. Files outside the media URL grammar (temporary files,
// .DS_Store, notes) are not pictures the shop serves: counted, never copied.

export interface MigrateCounts {
  copied: number;
  /** already in the target with the same size */
  skipped: number;
  /** not media keys: left where they are */
  ignored: number;
  /** bytes copied (or, with dryRun, that would be) */
  bytes: number;
}

export async function copyMedia(
  from: MediaStorage,
  to: MediaStorage,
  options: { dryRun?: boolean; concurrency?: number; onCopied?: (key: string) => void } = {},
): Promise<MigrateCounts> {
  const counts: MigrateCounts = { copied: 0, skipped: 0, ignored: 0, bytes: 0 };
  const there = new Map<string, number>();
  for await (const entry of to.list("")) there.set(entry.key, entry.size);
  const queue: { key: string; size: number }[] = [];
  for await (const entry of from.list("")) {
    if (!isMediaKey(entry.key)) counts.ignored += 1;
    else if (there.get(entry.key) === entry.size) counts.skipped += 1;
    else queue.push(entry);
  }
  const worker = async () => {
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      if (!options.dryRun) {
        const data = await readMedia(from, entry.key);
        if (!data) continue; // removed while we ran
        await to.put(entry.key, data, contentTypeOf(entry.key));
      }
      counts.copied += 1;
      counts.bytes += entry.size;
      options.onCopied?.(entry.key);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  return counts;
}
