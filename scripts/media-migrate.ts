import path from "node:path";
import { createLocalMediaStorage } from "../server/areas/media/local-media-storage";
import { copyMedia } from "../server/areas/media/media-migrate";
import { createS3MediaStorage } from "../server/areas/media/s3-media-storage";
import { ConfigError, loadConfig } from "../server/config";

// npm run media:migrate [-- --from <folder>] [--dry-run]: copies a local media folder (default
// DATA_DIR/media) into the bucket of MEDIA_STORAGE=s3 and the S3_* settings (docs/decisions/081).
// Objects already there with the same size are skipped: run it again after a failure, or once more
// just before switching the shop to the bucket. Exits 1 with one line on any failure.

function fail(message: string): never {
  console.error(`✖ media:migrate failed: ${message}`);
  process.exit(1);
}

function options(argv: string[]): { from: string | null; dryRun: boolean } {
  let from: string | null = null;
  let dryRun = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--from" && argv[i + 1]) from = argv[++i] as string;
    else if (argv[i] === "--dry-run") dryRun = true;
    else
      fail(
        `unknown argument ${JSON.stringify(argv[i])}; usage: npm run media:migrate [-- --from <folder>] [--dry-run]`,
      );
  }
  return { from, dryRun };
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const { from, dryRun } = options(process.argv.slice(2));
  if (config.mediaStorage.kind !== "s3")
    fail(
      "the bucket is not set: run it with MEDIA_STORAGE=s3 and S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (and S3_ENDPOINT)",
    );
  const source = createLocalMediaStorage(path.resolve(from ?? config.mediaDir));
  const target = createS3MediaStorage(config.mediaStorage);
  console.log(`${dryRun ? "Would copy" : "Copying"} ${source.location} → ${target.location} …`);
  const counts = await copyMedia(source, target, { dryRun });
  const mb = (counts.bytes / 1024 / 1024).toFixed(1);
  console.log(
    `✔ ${dryRun ? "would copy" : "copied"} ${counts.copied} files (${mb} MB), ${counts.skipped} already there, ${counts.ignored} not media (left alone).`,
  );
}

main().catch((error: Error) => fail(error.message));
