import type { Config } from "../../config";
import { createLocalMediaStorage } from "./local-media-storage";
import { type MediaStorage, s3Location } from "./media-storage";

/**
 * The media storage MEDIA_STORAGE names: DATA_DIR/media, or the S3_* bucket (docs/decisions/081). The
 * AWS SDK (0.2 s and 20 MB to load) is loaded at the bucket's first use, so a shop on its disk never does.
 */
export function createMediaStorage(config: Pick<Config, "mediaDir" | "mediaStorage">): MediaStorage {
  return storageOf(config.mediaStorage, config.mediaDir);
}

/**
 * Where complaint photos live (private: served only through the API, ADR 066): the photos folder of
 * DATA_DIR, or the same bucket under `<S3_PREFIX>.private/complaint-photos/`. No /media key can name
 * that place: a media key's folders never hold a dot (media-key.ts), so /media never serves them, and
 * every instance reads every photo.
 */
export function createComplaintPhotoStorage(
  config: Pick<Config, "complaintPhotosDir" | "mediaStorage">,
): MediaStorage {
  const settings = config.mediaStorage;
  return storageOf(
    settings.kind === "s3"
      ? { ...settings, prefix: `${settings.prefix}.private/complaint-photos/` }
      : settings,
    config.complaintPhotosDir,
  );
}

function storageOf(settings: Config["mediaStorage"], localDir: string): MediaStorage {
  if (settings.kind === "local") return createLocalMediaStorage(localDir);
  let loaded: Promise<MediaStorage> | null = null;
  const bucket = () => {
    loaded ??= import("./s3-media-storage").then((s3) => s3.createS3MediaStorage(settings));
    return loaded;
  };
  return {
    kind: "s3",
    location: s3Location(settings),
    put: async (key, data, contentType) => (await bucket()).put(key, data, contentType),
    get: async (key, options) => (await bucket()).get(key, options),
    head: async (key) => (await bucket()).head(key),
    delete: async (keys) => (await bucket()).delete(keys),
    list: (prefix) =>
      (async function* () {
        yield* (await bucket()).list(prefix);
      })(),
    close: () => {
      void loaded?.then((storage) => storage.close());
    },
  };
}
