import type { ChildProcess } from "node:child_process";

// Ending a spawned process (the shop servers of the e2e fixture, the benchmark and the resilience
// suite): resolves once it has exited, whatever ended it.

/** Resolves when `child` has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** SIGTERM (a shop closes its database), then SIGKILL if it is still running after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const late = await Promise.race([
    exited(child).then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), graceMs).unref()),
  ]);
  if (late) {
    child.kill("SIGKILL");
    await exited(child);
  }
}
