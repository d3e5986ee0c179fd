import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createKsefSimulator,
  type KsefSimulatorControl,
  SIMULATOR_BASE_PATH,
  type SimulatorOptions,
} from "../integrations/ksef/simulator/ksef-simulator";

// The KSeF simulator (server/integrations/ksef/simulator) behind a real HTTP server on 127.0.0.1 with
// a free port, so a client talks to it over sockets, and several app instances can share one KSeF:
// KSEF_ENV=test, KSEF_TOKEN=anything, KSEF_API_URL=<url>.

const MAX_BODY_BYTES = 10_000_000;

export interface KsefSimulatorServer {
  /** http://127.0.0.1:{port}/api/v2 */
  url: string;
  control: KsefSimulatorControl;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function startKsefSimulatorServer(options: SimulatorOptions = {}): Promise<KsefSimulatorServer> {
  const simulator = createKsefSimulator(options);
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const aborted = new AbortController();
    response.on("close", () => aborted.abort());
    try {
      const body = await readBody(request);
      if (body === null) {
        response.writeHead(413).end();
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const reply = await simulator.fetch(`http://127.0.0.1${request.url ?? "/"}`, {
        method: request.method,
        headers,
        body: request.method === "GET" || request.method === "HEAD" ? undefined : new Uint8Array(body),
        signal: aborted.signal,
      });
      const replyHeaders: Record<string, string> = {};
      reply.headers.forEach((value, name) => {
        replyHeaders[name] = value;
      });
      response.writeHead(reply.status, replyHeaders).end(Buffer.from(await reply.arrayBuffer()));
    } catch {
      // the client went away (its timeout) while the simulator waited
      if (!response.headersSent) response.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${SIMULATOR_BASE_PATH}`,
    control: simulator.control,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
