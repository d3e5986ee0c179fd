// The staff write plumbing lives in server/areas/audit/audited-write.ts (ADR 062); the admin route
// files still import `unwrap` from here.
export { unwrap } from "../audit/audited-write";
