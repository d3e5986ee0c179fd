import fs from "node:fs";

// The log's destination for the running shop: lines gathered and written in one piece every
// MAX_DELAY_MS, or at once when MAX_BYTES wait, instead of one write per line. Every write is a
// system call handed to a worker thread; a request logs two lines, so the shop made two per request
// (docs/decisions/027). The delay bounds how late a line shows; what is gathered is
// written synchronously when the process exits, so a fatal error's line is not lost.

export const LOG_MAX_DELAY_MS = 100;
export const LOG_MAX_BYTES = 16 * 1024;

export interface BufferedLogStream {
  /** pino's destination interface: one serialised line at a time */
  write(line: string): boolean;
  /** writes what is gathered now, synchronously */
  flushSync(): void;
}

interface Options {
  /** where a gathered chunk goes (default: standard output) */
  write?: (chunk: string) => void;
  /** where the last chunk goes at exit (default: file descriptor 1, synchronously) */
  writeSync?: (chunk: string) => void;
  maxDelayMs?: number;
  maxBytes?: number;
}

export function createBufferedLogStream(options: Options = {}): BufferedLogStream {
  const write = options.write ?? ((chunk: string) => process.stdout.write(chunk));
  const writeSync = options.writeSync ?? ((chunk: string) => fs.writeSync(1, chunk));
  const maxDelayMs = options.maxDelayMs ?? LOG_MAX_DELAY_MS;
  const maxBytes = options.maxBytes ?? LOG_MAX_BYTES;
  let lines: string[] = [];
  let bytes = 0;
  let timer: NodeJS.Timeout | null = null;

  const take = (): string | null => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (lines.length === 0) return null;
    const chunk = lines.join("");
    lines = [];
    bytes = 0;
    return chunk;
  };
  const flush = () => {
    const chunk = take();
    if (chunk !== null) write(chunk);
  };

  return {
    write(line) {
      lines.push(line);
      bytes += line.length;
      if (bytes >= maxBytes) flush();
      else if (!timer) {
        timer = setTimeout(flush, maxDelayMs);
        timer.unref();
      }
      return true;
    },
    flushSync() {
      const chunk = take();
      if (chunk !== null) writeSync(chunk);
    },
  };
}
