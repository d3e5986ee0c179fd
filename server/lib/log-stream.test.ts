import { afterEach, describe, expect, it, vi } from "vitest";
import { createBufferedLogStream } from "./log-stream";

describe("buffered log stream", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function collecting(options: { maxDelayMs?: number; maxBytes?: number } = {}) {
    const written: string[] = [];
    const writtenSync: string[] = [];
    const stream = createBufferedLogStream({
      write: (chunk) => written.push(chunk),
      writeSync: (chunk) => writtenSync.push(chunk),
      ...options,
    });
    return { stream, written, writtenSync };
  }

  it("writes the lines of one moment as one chunk, in order, after the delay", () => {
    vi.useFakeTimers();
    const { stream, written } = collecting({ maxDelayMs: 100 });
    stream.write('{"msg":"a"}\n');
    stream.write('{"msg":"b"}\n');
    stream.write('{"msg":"c"}\n');
    expect(written).toEqual([]);
    vi.advanceTimersByTime(99);
    expect(written).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(written).toEqual(['{"msg":"a"}\n{"msg":"b"}\n{"msg":"c"}\n']);
    stream.write('{"msg":"d"}\n');
    vi.advanceTimersByTime(100);
    expect(written).toEqual(['{"msg":"a"}\n{"msg":"b"}\n{"msg":"c"}\n', '{"msg":"d"}\n']);
  });

  it("writes at once when the gathered lines reach the size limit", () => {
    vi.useFakeTimers();
    const { stream, written } = collecting({ maxDelayMs: 100, maxBytes: 20 });
    stream.write("0123456789\n");
    expect(written).toEqual([]);
    stream.write("abcdefghij\n");
    expect(written).toEqual(["0123456789\nabcdefghij\n"]);
    vi.advanceTimersByTime(1000);
    expect(written).toHaveLength(1);
  });

  it("writes what waits synchronously on flushSync (process exit) and nothing twice", () => {
    vi.useFakeTimers();
    const { stream, written, writtenSync } = collecting({ maxDelayMs: 100 });
    stream.write("fatal\n");
    stream.flushSync();
    expect(writtenSync).toEqual(["fatal\n"]);
    vi.advanceTimersByTime(1000);
    expect(written).toEqual([]);
    stream.flushSync();
    expect(writtenSync).toEqual(["fatal\n"]);
  });
});
