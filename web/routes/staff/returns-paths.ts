import { STAFF_SECTIONS } from "../../lib/staff-paths";

// The returns desk's page addresses (issue 27), kept with the staff pages (not in staff-paths.ts,
// which the storefront's account pages load too).

/** A withdrawal's or complaint's page on the returns desk. */
export function staffCasePath(caseId: number): string {
  return `${STAFF_SECTIONS.returns}/${caseId}`;
}
