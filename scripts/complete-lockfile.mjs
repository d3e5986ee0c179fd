// The npm registry reachable here has no tarballs for other platforms' optional binaries
// (biome, tailwind oxide, rollup), so `npm install` leaves them out of package-lock.json and
// `npm ci` then refuses the lock as out of sync. This adds an entry for every optional
// dependency the lock is missing (version only, marked optional); `npm ci` then skips the ones
// it cannot fetch for this platform. Run after `npm install`: `node scripts/complete-lockfile.mjs`.
import fs from "node:fs";

const file = "package-lock.json";
const lock = JSON.parse(fs.readFileSync(file, "utf8"));
const packages = lock.packages;
let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ""}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    const version = String(range).replace(/^[\^~=]/, "");
    packages[hoisted] = { version, optional: true };
    added += 1;
  }
}
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} optional platform entries`);
