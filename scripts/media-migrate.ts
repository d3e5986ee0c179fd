import path from "node:path";
import { createLocalMediaStorage } from "../server/areas/media/local-media-storage";
import { copyMedia } from "../server/areas/media/media-migrate";
import { MediaStorageError } from "../server/areas/media/media-storage";
import { createS3MediaStorage } from "../server/areas/media/s3-media-storage";
import { BackupError } from "./lib/backup-manifest";
import { runBackupCommand } from "./lib/backup-run";

// npm run media:migrate [-- --from <folder>] [--dry-run]: copies a local media folder (default
// DATA_DIR/media) into the bucket of MEDIA_STORAGE=s3 and the S3_* settings (docs/decisions/081).
// Objects already there with the same size are skipped: run it again after a failure, or once more
// just before switching the shop to the bucket. Exits 1 with one line on any failure.

function options(argv: string[]): { from: string | null; dryRun: boolean } {
  let from: string | null = null;
  let dryRun = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--from" && argv[i + 1]) from = argv[++i] as string;
    else if (argv[i] === "--dry-run") dryRun = true;
    else
      throw new BackupError(
        `unknown argument ${JSON.stringify(argv[i])}; usage: npm run media:migrate [-- --from <folder>] [--dry-run]`,
      );
  }
  return { from, dryRun };
}

runBackupCommand("Media migration", async (config, args) => {
  const { from, dryRun } = options(args);
  if (config.mediaStorage.kind !== "s3")
    throw new BackupError(
      "the bucket is not set: run it with MEDIA_STORAGE=s3 and S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (and S3_ENDPOINT)",
    );
  const source = createLocalMediaStorage(path.resolve(from ?? config.mediaDir));
  const target = createS3MediaStorage(config.mediaStorage);
  console.log(`${dryRun ? "Would copy" : "Copying"} ${source.location} → ${target.location} …`);
  const counts = await copyMedia(source, target, { dryRun })
    .catch((error: Error) => {
      throw error instanceof MediaStorageError ? new BackupError(error.message) : error;
    })
    .finally(() => target.close());
  const mb = (counts.bytes / 1024 / 1024).toFixed(1);
  console.log(
    `✔ ${dryRun ? "would copy" : "copied"} ${counts.copied} files (${mb} MB), ${counts.skipped} already there, ${counts.ignored} not media (left alone).`,
  );
});
