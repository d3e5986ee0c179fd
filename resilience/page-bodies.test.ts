import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { recordFigure } from "../server/test/figures";
import { type Cluster, startCluster } from "./support/cluster";
import { call, percentile } from "./support/http";
import { type Instance, startInstance } from "./support/instances";

// Oversized page posts (issue 24 item 5; docs/decisions/034): four 100 MB posts to pages at once —
// two declaring their length (/kontakt), two chunked (/logowanie) — are refused with 413 quickly, the
// shop's memory hardly grows, and /api/health keeps answering fast meanwhile. The built shop in its
// own process on a throwaway PostgreSQL cluster, as in production.

const MB = 1024 * 1024;
const BODY_BYTES = 100 * MB;
const CHUNK = Buffer.alloc(64 * 1024, "a");

let cluster: Cluster;
let instance: Instance;

beforeAll(async () => {
  cluster = await startCluster();
  instance = await startInstance({ databaseUrl: cluster.url });
});

afterAll(async () => {
  await instance?.destroy().catch(() => {});
  await cluster?.destroy();
});

beforeEach(({ onTestFailed }) => {
  onTestFailed(() => console.log(`--- shop log ${instance.url}:\n${instance.logTail(40)}`));
});

/** The shop process's resident memory (Linux /proc), in bytes. */
function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN);
  return kb * 1024;
}

interface BigPost {
  status: number;
  ms: number;
  /** bytes the client managed to hand to the socket before the answer (or the close) */
  written: number;
}

/** Posts a 100 MB form body (declared or chunked), written as fast as the server takes it. */
function bigPost(path: string, chunked: boolean): Promise<BigPost> {
  const url = new URL(path, instance.url);
  const started = performance.now();
  return new Promise((resolve) => {
    let written = 0;
    let answered = false;
    let status = 0;
    const finish = () => {
      if (answered) return;
      answered = true;
      resolve({ status, ms: performance.now() - started, written });
      request.destroy();
    };
    const request = http.request(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "text/html",
        ...(chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(BODY_BYTES) }),
      },
    });
    request.on("response", (response) => {
      status = response.statusCode ?? 0;
      response.resume();
      response.on("end", finish);
      response.on("error", finish);
    });
    request.on("error", finish);
    request.on("close", () => setTimeout(finish, 50));
    const write = () => {
      while (!answered && written < BODY_BYTES) {
        written += CHUNK.length;
        if (!request.write(CHUNK)) {
          request.once("drain", write);
          return;
        }
      }
      if (!answered) request.end();
    };
    write();
  });
}

describe("oversized page posts", () => {
  it("four 100 MB page posts at once: 413 quickly, memory grows under 100 MB, /api/health p99 under 100 ms", async () => {
    // warm: a few health checks and one small page post, so lazy code is loaded before the baseline
    for (let i = 0; i < 5; i++) await call("GET", `${instance.url}/api/health`);
    await call("POST", `${instance.url}/jezyk`, {
      body: new URLSearchParams({ lang: "pl", redirectTo: "/" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    // the machine's own noise: /api/health alone for a second and a half
    const quiet: number[] = [];
    for (const until = performance.now() + 1_500; performance.now() < until; ) {
      quiet.push((await call("GET", `${instance.url}/api/health`, { timeoutMs: 5_000 })).ms);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const baseline = residentBytes(instance.pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(instance.pid));
    }, 20);

    const health: number[] = [];
    let posting = true;
    const healthLoop = (async () => {
      while (posting) {
        const reply = await call("GET", `${instance.url}/api/health`, { timeoutMs: 5_000 });
        health.push(reply.status === 200 ? reply.ms : Number.POSITIVE_INFINITY);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();

    const posts = await Promise.all([
      bigPost("/kontakt", false),
      bigPost("/kontakt", false),
      bigPost("/logowanie", true),
      bigPost("/logowanie", true),
    ]);
    // keep measuring after the refusals, through the second the server drops what is still sent
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    posting = false;
    await healthLoop;
    clearInterval(sampler);

    const growthMb = (peak - baseline) / MB;
    const p99 = percentile(health, 99);
    const slowest = Math.max(...posts.map((post) => post.ms));
    const held = posts.every((post) => post.status === 413) && slowest < 2_000 && growthMb < 100 && p99 < 100;
    recordFigure({
      suite: "resilience",
      database: "postgres",
      tried:
        "4 × 100 MB page posts at once (2 with Content-Length to /kontakt, 2 chunked to /logowanie) while /api/health is polled",
      result: `statuses ${posts.map((post) => post.status).join("/")}; slowest answer ${Math.round(slowest)} ms; client wrote ≤ ${Math.round(Math.max(...posts.map((post) => post.written)) / MB)} MB; memory +${growthMb.toFixed(1)} MB; /api/health p99 ${p99.toFixed(1)} ms over ${health.length} checks (alone before: p99 ${percentile(quiet, 99).toFixed(1)} ms)`,
      held,
    });
    expect(posts.map((post) => post.status)).toEqual([413, 413, 413, 413]);
    expect(slowest).toBeLessThan(2_000);
    expect(growthMb).toBeLessThan(100);
    expect(p99).toBeLessThan(100);
    expect(health.length).toBeGreaterThan(5);
  });
});
