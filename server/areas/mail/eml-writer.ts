import fs from "node:fs";
import { Worker } from "node:worker_threads";

// The outbox's .eml files are written by one worker thread of the process, several files a call
// (the e-mails of a group of orders): one message to the worker and one back per call, where
// `fs.promises.writeFile` takes three thread-pool round trips per file (open, write, close), each
// waking a thread — on a virtual machine with dear wake-ups ~0.3 ms of the main thread a file. Writing
// them on the main thread instead (writeFileSync) cost less CPU with PostgreSQL but slowed PGlite,
// whose engine runs on the main thread (ADR 014).
//
// The files hold password-reset and confirmation links: they are made readable by the shop's user only
// (0600, the folder 0700), whatever the process's umask lets others read.
//
// The worker is plain JavaScript (no TypeScript loader needed in it), started on the first write,
// and does not keep the process alive while nothing is being written.

const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const fs = require("node:fs");
const path = require("node:path");
// owner only: the files hold reset and confirmation links
const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;
function write(file) {
  try {
    fs.writeFileSync(file.path, file.data, { mode: FILE_MODE });
  } catch (error) {
    // the folder is made when a write finds it missing (not once per file)
    if (!error || error.code !== "ENOENT") throw error;
    fs.mkdirSync(path.dirname(file.path), { recursive: true, mode: FOLDER_MODE });
    fs.writeFileSync(file.path, file.data, { mode: FILE_MODE });
  }
}
parentPort.on("message", ({ id, files }) => {
  const errors = files.map((file) => {
    try {
      write(file);
      return null;
    } catch (error) {
      return { message: error && error.message ? error.message : String(error), code: error && error.code };
    }
  });
  parentPort.postMessage({ id, errors });
});
`;

export interface EmlFile {
  /** the file; its folder is made when missing */
  path: string;
  data: string | Uint8Array;
}

type Pending = { resolve(errors: (Error | null)[]): void; reject(error: Error): void };

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(error: Error): void {
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
}

function started(): Worker {
  if (worker) return worker;
  // none of the process's flags: its loaders (tsx) or --input-type would change how the source runs
  const created = new Worker(WORKER_SOURCE, { eval: true, execArgv: [] });
  created.on("message", (answer: { id: number; errors: ({ message: string; code?: string } | null)[] }) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if (pending.size === 0) created.unref();
    waiting?.resolve(
      answer.errors.map((error) =>
        error ? Object.assign(new Error(error.message), error.code ? { code: error.code } : {}) : null,
      ),
    );
  });
  // a worker that died takes its pending writes with it: they fail, the next write starts a new one
  created.on("error", (error) => {
    if (worker === created) worker = null;
    failAll(error);
  });
  created.on("exit", (code) => {
    if (worker === created) worker = null;
    failAll(new Error(`the .eml writer stopped (exit code ${code})`));
  });
  created.unref();
  worker = created;
  return created;
}

/**
 * Writes the files (each creating or replacing its file); per file, in the same order, null or the
 * error that kept it from being written. Rejects only when the writer itself failed.
 */
export function writeEmlFiles(files: readonly EmlFile[]): Promise<(Error | null)[]> {
  if (files.length === 0) return Promise.resolve([]);
  const writer = started();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // pending writes keep the process alive until they are answered
    writer.ref();
    try {
      writer.postMessage({ id, files });
    } catch (error) {
      // not sent (data that cannot be copied to the worker): nothing pending for it
      pending.delete(id);
      if (pending.size === 0) writer.unref();
      reject(error);
    }
  });
}

/**
 * Makes the outbox folder, or closes an existing one, to the shop's user only (0700): files written
 * before they had their own 0600 mode are then out of others' reach too. Called once at start.
 */
export function prepareOutbox(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
}
