import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from "@aws-sdk/client-s3";
import type { MediaStorageConfig } from "../../config";
import { isMediaKey } from "./media-key";
import {
  type MediaGetOptions,
  type MediaGetResult,
  type MediaHead,
  type MediaStorage,
  MediaStorageError,
} from "./media-storage";

// The media in an S3-compatible bucket (MEDIA_STORAGE=s3, docs/decisions/081), through the official
// AWS SDK: AWS S3, Cloudflare R2, Backblaze B2, MinIO. Object key = S3_PREFIX + media key. A put of one
// object is atomic on every provider (a reader sees all of it or nothing). The secret key stays in the
// client: no message here names it.

type S3Settings = Extract<MediaStorageConfig, { kind: "s3" }>;

/** An SDK error's HTTP status and S3 code, if it has them. */
function statusOf(error: unknown): { status: number | undefined; name: string } {
  const e = error as { $metadata?: { httpStatusCode?: number }; name?: string; Code?: string };
  return { status: e?.$metadata?.httpStatusCode, name: e?.name ?? e?.Code ?? "" };
}

function storageError(action: string, error: unknown): MediaStorageError {
  const { status, name } = statusOf(error);
  return new MediaStorageError(
    `S3 ${action} failed: ${name || "error"}${status ? ` (${status})` : ""}: ${(error as Error)?.message ?? ""}`,
  );
}

function checkedKey(key: string): string {
  if (!isMediaKey(key)) throw new MediaStorageError(`not a media key: ${JSON.stringify(key.slice(0, 100))}`);
  return key;
}

/** Only "bytes=first-" and "bytes=first-last" go to the bucket (a suffix range is served whole, as RFC 9110 allows). */
function bucketRange(range: string | undefined): string | undefined {
  const trimmed = range?.trim();
  return trimmed && /^bytes=\d+-\d*$/.test(trimmed) ? trimmed : undefined;
}

/** Where the bucket's media are, as messages and backup notes name it: "s3://bucket/prefix/ at host" (no secret). */
export function s3Location(settings: S3Settings): string {
  const host = settings.endpoint ? ` at ${new URL(settings.endpoint).host}` : ` (AWS, ${settings.region})`;
  return `s3://${settings.bucket}/${settings.prefix}${host}`;
}

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // checksums only where S3 requires them: R2, B2 and older MinIO refuse the newer default ones
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    maxAttempts: 3,
  });
}

export function createS3MediaStorage(settings: S3Settings, client = createS3Client(settings)): MediaStorage {
  const { bucket, prefix } = settings;
  const objectKey = (key: string) => `${prefix}${checkedKey(key)}`;
  const headOf = (response: {
    ContentType?: string;
    ContentLength?: number;
    ETag?: string;
    LastModified?: Date;
  }): MediaHead => ({
    contentType: response.ContentType ?? "application/octet-stream",
    length: response.ContentLength ?? 0,
    etag: response.ETag ?? null,
    lastModified: response.LastModified ?? null,
  });

  return {
    kind: "s3",
    location: s3Location(settings),

    async put(key, data, contentType) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: objectKey(key),
            Body: data,
            ContentType: contentType,
            ContentLength: data.length,
          }),
        );
      } catch (error) {
        if (error instanceof MediaStorageError) throw error;
        throw storageError("put", error);
      }
    },

    async head(key) {
      try {
        return headOf(await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) })));
      } catch (error) {
        if (statusOf(error).status === 404) return null;
        throw storageError("head", error);
      }
    },

    async get(key, options: MediaGetOptions = {}): Promise<MediaGetResult> {
      const range = bucketRange(options.range);
      try {
        const response = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: objectKey(key),
            ...(options.ifNoneMatch !== undefined ? { IfNoneMatch: options.ifNoneMatch } : {}),
            ...(options.ifNoneMatch === undefined && options.ifModifiedSince
              ? { IfModifiedSince: options.ifModifiedSince }
              : {}),
            ...(range ? { Range: range } : {}),
          }),
        );
        const contentRange = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.ContentRange ?? "");
        const head = headOf(response);
        const length = response.ContentLength ?? 0;
        if (contentRange) head.length = Number(contentRange[3]);
        return {
          kind: "object",
          head,
          body: response.Body as Readable,
          length,
          range: contentRange ? { first: Number(contentRange[1]), last: Number(contentRange[2]) } : null,
        };
      } catch (error) {
        const { status } = statusOf(error);
        if (status === 404) return { kind: "missing" };
        if (status === 304) {
          // the bucket says "unchanged" without the object's headers: the tag asked for is its tag
          const tag = options.ifNoneMatch?.includes(",") ? null : (options.ifNoneMatch ?? null);
          return {
            kind: "not-modified",
            head: { contentType: "", length: 0, etag: tag, lastModified: null },
          };
        }
        if (status === 416) {
          const head = await this.head(key);
          return head ? { kind: "unsatisfiable-range", head } : { kind: "missing" };
        }
        throw storageError("get", error);
      }
    },

    async delete(keys) {
      // one request per object: DeleteObjects needs a Content-MD5 some compatible stores insist on
      await Promise.all(
        keys.map(async (key) => {
          try {
            await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
          } catch (error) {
            if (statusOf(error).status !== 404) throw storageError("delete", error);
          }
        }),
      );
    },

    close() {
      client.destroy();
    },

    list(listPrefix) {
      return (async function* () {
        try {
          for await (const page of paginateListObjectsV2(
            { client },
            { Bucket: bucket, Prefix: `${prefix}${listPrefix}` },
          )) {
            for (const object of page.Contents ?? []) {
              if (object.Key) yield { key: object.Key.slice(prefix.length), size: object.Size ?? 0 };
            }
          }
        } catch (error) {
          throw storageError("list", error);
        }
      })();
    },
  };
}
