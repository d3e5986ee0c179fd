import fs from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { MediaStorage } from "../areas/media/media-storage";
import { createS3MediaStorage } from "../areas/media/s3-media-storage";
import { loadConfig } from "../config";

// A local S3-compatible server for the tests of media in object storage (docs/decisions/081): s3rver
// on 127.0.0.1 with a free port and a fresh folder, one bucket made, behind a small proxy that passes
// every request through unchanged, except the PUTs a test tells it to refuse (a bucket that fails in
// the middle of an upload). Any test, in process or a child process's shop, can point at it:
//
//   const s3 = await startS3Server();
//   startApi({ env: { ...s3.env } })      // MEDIA_STORAGE=s3, S3_ENDPOINT, S3_BUCKET, keys, path style
//   await s3.keys("gallery/")             // what the bucket holds
//   await s3.close()

/** s3rver's fixed credentials */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

export interface S3Kit {
  /** http://127.0.0.1:<port> (the proxy in front of s3rver) */
  endpoint: string;
  bucket: string;
  /** the shop's settings for this bucket */
  env: Record<string, string>;
  /** the bucket through the shop's own S3 storage (keys without S3_PREFIX) */
  storage: MediaStorage;
  /** every key in the bucket under `prefix` (S3_PREFIX included), sorted */
  keys(prefix?: string): Promise<string[]>;
  /** PUTs whose object key (after the bucket) matches are answered 403 AccessDenied; null: none */
  refusePuts(match: RegExp | null): void;
  close(): Promise<void>;
}

const ACCESS_DENIED =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied (test)</Message></Error>';

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

export async function startS3Server(options: { bucket?: string } = {}): Promise<S3Kit> {
  const bucket = options.bucket ?? "sklep-media";
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const s3rver = new S3rver({
    port: 0,
    address: "127.0.0.1",
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port: backend } = await s3rver.run();
  let refused: RegExp | null = null;
  const proxy = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? "/", "http://127.0.0.1");
    const objectKey = decodeURIComponent(url.pathname).replace(`/${bucket}/`, "");
    if (incoming.method === "PUT" && refused?.test(objectKey)) {
      incoming.resume();
      outgoing.writeHead(403, { "content-type": "application/xml" }).end(ACCESS_DENIED);
      return;
    }
    // the Host header is passed as it came: it is part of the request's signature
    const forwarded = httpRequest(
      {
        host: "127.0.0.1",
        port: backend,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  const port = await listen(proxy);
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    MEDIA_STORAGE: "s3",
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
  };
  const settings = loadConfig(env).mediaStorage;
  if (settings.kind !== "s3") throw new Error("the S3 test settings did not give MEDIA_STORAGE=s3");
  const storage = createS3MediaStorage(settings);
  return {
    endpoint,
    bucket,
    env,
    storage,
    async keys(prefix = "") {
      const keys: string[] = [];
      for await (const entry of storage.list(prefix)) keys.push(entry.key);
      return keys.sort();
    },
    refusePuts(match) {
      refused = match;
    },
    async close() {
      storage.close();
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      s3rver.httpServer?.closeAllConnections();
      await s3rver.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
