import type { Config } from "../../config";
import { createLocalMediaStorage } from "./local-media-storage";
import type { MediaStorage } from "./media-storage";
import { createS3MediaStorage } from "./s3-media-storage";

/** The media storage MEDIA_STORAGE names: DATA_DIR/media, or the S3_* bucket (docs/decisions/081). */
export function createMediaStorage(config: Pick<Config, "mediaDir" | "mediaStorage">): MediaStorage {
  return config.mediaStorage.kind === "s3"
    ? createS3MediaStorage(config.mediaStorage)
    : createLocalMediaStorage(config.mediaDir);
}
