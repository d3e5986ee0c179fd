import { afterAll, beforeAll } from "vitest";

// One test file's kit (an app on a fresh database, a fake server, ...): started before the file's
// tests, closed after them. Instead of `let kit; beforeAll(start); afterAll(close)` in every file:
//
//   const kit = kitForFile(startStaffApi);
//   const kit = kitForFile(() => startStaffApi({ rateLimits: NO_ORDER_OR_COUPON_LIMIT }));
//   const shop = kitForFile(() => startBuiltShop({ name: "compression" }), 120_000);
//
// The object returned is empty until the file's first beforeAll has run, then holds the started
// kit's fields: use it inside tests and hooks (a hook the file registers later sees it started).
// The kit's functions must be its own fields (an object literal, as the kits in server/test/ are).

/** `startTimeoutMs`: how long starting may take, when longer than Vitest's hook timeout. */
export function kitForFile<Kit extends { close(): Promise<void> }>(
  start: () => Promise<Kit>,
  startTimeoutMs?: number,
): Kit {
  const kit = {} as Kit;
  let started = false;
  beforeAll(async () => {
    Object.assign(kit, await start());
    started = true;
  }, startTimeoutMs);
  afterAll(async () => {
    if (started) await kit.close();
  });
  return kit;
}
