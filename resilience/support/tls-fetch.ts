import http from "node:http";
import https from "node:https";

// A `fetch` that trusts one more certificate authority (Caddy's internal CA in production.test.ts).
// Node 20's global fetch takes no CA and its undici is not exposed, and NODE_EXTRA_CA_CERTS is read
// only when a process starts, before the test has a CA: so the requests go through node:https with
// the CA, keep-alive, and the answer comes back as a standard Response. Enough for the suite's calls
// (support/http.ts `call`): no redirects followed (it asks for "manual"), bodies read whole.

type FetchFn = typeof fetch;

export function fetchTrusting(caPem: string): FetchFn {
  const httpsAgent = new https.Agent({ ca: caPem, keepAlive: true, maxSockets: 64 });
  const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (body) headers["content-length"] = String(body.length);
    const client = url.protocol === "https:" ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = client.request(
        url,
        {
          method: request.method,
          headers,
          agent: url.protocol === "https:" ? httpsAgent : httpAgent,
          signal: init?.signal ?? undefined,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
          incoming.on("error", reject);
          incoming.on("end", () => {
            const responseHeaders = new Headers();
            for (const [name, value] of Object.entries(incoming.headers)) {
              for (const one of Array.isArray(value) ? value : [value ?? ""])
                responseHeaders.append(name, one);
            }
            const status = incoming.statusCode ?? 500;
            const noBody = status === 204 || status === 304 || request.method === "HEAD";
            resolve(
              new Response(noBody ? null : Buffer.concat(chunks), { status, headers: responseHeaders }),
            );
          });
        },
      );
      outgoing.on("error", (error) => reject(new TypeError("fetch failed", { cause: error })));
      outgoing.end(body);
    });
  };
}
