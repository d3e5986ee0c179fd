// Group commit (issue 8, ADR 014): orders that arrive while the previous batch is being
// written wait in a queue; the next batch takes every one of them (at most `maxSize`) at once, so
// its statements are shared. Nothing is delayed on purpose: an order arriving to an idle queue
// waits one event-loop turn (setImmediate), which only lets the requests already received join it.
// One batch at a time per process, on PostgreSQL too (ADR 014): `run`
// resolves when the batch is committed (or handed to the one-order path); what follows the commit
// settles each order's promise later.

export interface Waiting<T, R> {
  item: T;
  /** settles this order's answer (a promise: the answer may come after `run` returns) */
  resolve(value: R | PromiseLike<R>): void;
  reject(error: unknown): void;
}

export interface Batcher<T, R> {
  submit(item: T): Promise<R>;
}

export function createBatcher<T, R>(options: {
  maxSize: number;
  run(batch: Waiting<T, R>[]): Promise<void>;
}): Batcher<T, R> {
  const queue: Waiting<T, R>[] = [];
  let draining = false;

  async function drain(): Promise<void> {
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, options.maxSize);
        try {
          await options.run(batch);
        } catch (error) {
          // `run` settles its orders itself; this only catches what it could not (a settled
          // promise ignores a second settlement)
          for (const waiting of batch) waiting.reject(error);
        }
      }
    } finally {
      draining = false;
    }
  }

  return {
    submit(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (draining) return;
        draining = true;
        setImmediate(() => void drain());
      });
    },
  };
}
