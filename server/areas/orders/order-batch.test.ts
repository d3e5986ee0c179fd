import { describe, expect, it } from "vitest";
import { createBatcher, type Waiting } from "./order-batch";

// The queue of group commit: batches take what waits, one batch at a time.

function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

async function tick() {
  await new Promise((resolve) => setImmediate(resolve));
}

function recordingBatcher() {
  const batches: number[][] = [];
  const gates: ReturnType<typeof gate>[] = [];
  let running = 0;
  let most = 0;
  const batcher = createBatcher<number, number>({
    maxSize: 50,
    async run(batch: Waiting<number, number>[]) {
      running += 1;
      most = Math.max(most, running);
      batches.push(batch.map((waiting) => waiting.item));
      const held = gate();
      gates.push(held);
      await held.opened;
      running -= 1;
      for (const waiting of batch) waiting.resolve(waiting.item * 10);
    },
  });
  return { batcher, batches, gates, most: () => most };
}

describe("createBatcher", () => {
  it("one batch at a time: what arrives meanwhile is the next batch", async () => {
    const { batcher, batches, gates, most } = recordingBatcher();
    const first = [1, 2, 3].map((n) => batcher.submit(n));
    await tick();
    const second = [4, 5].map((n) => batcher.submit(n));
    await tick();
    expect(batches).toEqual([[1, 2, 3]]);
    gates[0]?.open();
    await tick();
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    gates[1]?.open();
    expect(await Promise.all([...first, ...second])).toEqual([10, 20, 30, 40, 50]);
    expect(most()).toBe(1);
  });
});
