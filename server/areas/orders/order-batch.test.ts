import { describe, expect, it } from "vitest";
import { createBatcher, type Waiting } from "./order-batch";

// The queue of group commit: batches take what waits; `inFlight` bounds how many run at once.

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

function recordingBatcher(inFlight: number | undefined) {
  const batches: number[][] = [];
  const gates: ReturnType<typeof gate>[] = [];
  let running = 0;
  let most = 0;
  const batcher = createBatcher<number, number>({
    maxSize: 50,
    inFlight,
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
  it("one batch at a time by default: what arrives meanwhile is the next batch", async () => {
    const { batcher, batches, gates, most } = recordingBatcher(undefined);
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

  it("inFlight 2: orders arriving while a batch runs form a second batch at once, a third waits", async () => {
    const { batcher, batches, gates, most } = recordingBatcher(2);
    const first = [1, 2, 3].map((n) => batcher.submit(n));
    await tick();
    const second = [4, 5].map((n) => batcher.submit(n));
    await tick();
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    const third = [6, 7].map((n) => batcher.submit(n));
    await tick();
    expect(batches).toHaveLength(2);
    gates[1]?.open();
    await tick();
    await tick();
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
      [6, 7],
    ]);
    gates[0]?.open();
    gates[2]?.open();
    expect(await Promise.all([...first, ...second, ...third])).toEqual([10, 20, 30, 40, 50, 60, 70]);
    expect(most()).toBe(2);
  });

  it("a lone order is one batch, even with room for more", async () => {
    const { batcher, batches, gates } = recordingBatcher(2);
    const lone = batcher.submit(1);
    await tick();
    const next = batcher.submit(2);
    await tick();
    // one order waiting while a batch runs does not start a second batch of one
    expect(batches).toEqual([[1]]);
    gates[0]?.open();
    await tick();
    await tick();
    expect(batches).toEqual([[1], [2]]);
    gates[1]?.open();
    expect(await Promise.all([lone, next])).toEqual([10, 20]);
  });
});
