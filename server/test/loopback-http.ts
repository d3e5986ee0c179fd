import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// The HTTP plumbing the local fakes of third parties share (fake-paynow.ts, fake-shipx.ts): a real
// server on 127.0.0.1 with a free port, each request read whole (URL, lower-case headers, body), an
// answer that can be held back for a while (a slow provider) or forever (a timeout: the socket stays
// open until the client gives up), and a close that drops the held ones.

export interface LoopbackRequest {
  method: string;
  url: URL;
  /** header names in lower case, repeated values joined with ", " */
  headers: Record<string, string | undefined>;
  body: string;
}

export interface LoopbackHttp {
  /** http://127.0.0.1:<port> */
  url: string;
  /** resolves after `ms` (at once for 0); a pending wait ends at close() without resolving */
  pause(ms: number): Promise<void>;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

/** Starts the server; `handle` answers (or, for a timeout, does not) on `response`. */
export async function startLoopbackHttp(
  handle: (request: LoopbackRequest, response: ServerResponse, raw: IncomingMessage) => Promise<void>,
): Promise<LoopbackHttp> {
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((raw, response) => {
    (async () => {
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(raw.headers)) {
        headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
      }
      const request: LoopbackRequest = {
        method: raw.method ?? "GET",
        url: new URL(raw.url ?? "/", "http://127.0.0.1"),
        headers,
        body: await readBody(raw),
      };
      await handle(request, response, raw);
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    pause(ms) {
      if (ms <= 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, ms);
        timers.add(timer);
      });
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
