import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { processCpuMs, ROOT, startNodeFlags } from "./processes";

// The bench measures the shop as `npm start` runs it: with the Node.js flags of the start script.

describe("the shop's Node.js flags", () => {
  it("are read from package.json's start script, which gives V8 a larger young generation (ADR 028)", () => {
    const start = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts.start;
    const flags = startNodeFlags();
    expect(flags).toContain("--max-semi-space-size=64");
    for (const flag of flags) expect(start).toContain(flag);
  });

  it("are flags this Node.js accepts and applies", () => {
    const result = spawnSync(
      process.execPath,
      [
        ...startNodeFlags(),
        "-e",
        "const v8=require('node:v8');let a=[];for(let i=0;i<6e6;i++){a.push({i});if(a.length>1e5)a=[]}" +
          "console.log(v8.getHeapSpaceStatistics().find((s)=>s.space_name==='new_space').space_size)",
      ],
      { encoding: "utf8" },
    );
    expect(result.status, result.stderr).toBe(0);
    // the young generation grows past Node's default (16 MiB semi-spaces) under allocation
    expect(Number(result.stdout.trim())).toBeGreaterThan(32 * 2 ** 20);
  });
});

describe.skipIf(process.platform !== "linux")("a server's CPU time (the bench's CPU per answer)", () => {
  it("grows by what a process spends computing, and is null for a process that is gone", async () => {
    // spins until it has used 400 ms of CPU by its own count (not wall time: on a busy machine a
    // wall-time loop gets less CPU than it lasts), then waits to be stopped
    const child = spawn(
      process.execPath,
      ["-e", "while(process.cpuUsage().user<400e3){}console.log('done');setInterval(()=>{},1000)"],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise((resolve) => child.stdout?.once("data", resolve));
    const spent = processCpuMs(child.pid);
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    expect(spent).toBeGreaterThanOrEqual(350); // /proc counts in 10 ms ticks
    expect(spent).toBeLessThan(5_000);
    expect(processCpuMs(child.pid)).toBeNull();
    expect(processCpuMs(undefined)).toBeNull();
  });
});
