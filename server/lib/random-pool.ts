import { randomFillSync } from "node:crypto";

// Small random values (CSP nonces, MIME boundaries) cut from one block of the system's CSPRNG,
// refilled when used up, as Node does for randomUUID(). One `randomBytes(16)` call costs ~10 µs on
// a virtual machine whose calls into the kernel are dear; a slice of the block well under 1 µs.
// Every byte is handed out once.

const BLOCK_BYTES = 4096;
const block = Buffer.allocUnsafe(BLOCK_BYTES);
let offset = BLOCK_BYTES;

function take(bytes: number): number {
  if (bytes > BLOCK_BYTES) throw new RangeError(`at most ${BLOCK_BYTES} random bytes at once`);
  if (offset + bytes > BLOCK_BYTES) {
    randomFillSync(block);
    offset = 0;
  }
  const start = offset;
  offset += bytes;
  return start;
}

/** `bytes` random bytes as base64 (like `randomBytes(bytes).toString("base64")`) */
export function randomBase64(bytes: number): string {
  const start = take(bytes);
  return block.toString("base64", start, start + bytes);
}

/** `bytes` random bytes as hex (like `randomBytes(bytes).toString("hex")`) */
export function randomHex(bytes: number): string {
  const start = take(bytes);
  return block.toString("hex", start, start + bytes);
}
